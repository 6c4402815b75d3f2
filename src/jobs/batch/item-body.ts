// One file item as the body to send: checked (job-input.ts), names resolved to ids (each lookup
// list fetched once per run), job type and education level checked against /job-options.
import type { JobOptions } from '../../api/types.js';
import type { AccountType } from '../../config/config-file.js';
import { checkCodes, checkJobInput, type Problem } from '../job-input.js';
import type { ReferenceResolver } from '../reference-resolver.js';
import type { RawItem } from './read-items.js';

export interface ItemBody {
  body: Record<string, unknown>;
  title: string;
  problems: Problem[];
  unknownFields: string[];
}

export class ItemDeriver {
  private options: Promise<JobOptions> | undefined;

  constructor(
    private readonly accountType: AccountType,
    private readonly resolver: ReferenceResolver,
    private readonly jobOptions: () => Promise<JobOptions>,
  ) {}

  async derive(raw: RawItem): Promise<ItemBody> {
    if (raw.error !== undefined) {
      return { body: {}, title: '', problems: [{ item: raw.index, field: `line ${raw.line}`, message: raw.error }], unknownFields: [] };
    }
    const checked = checkJobInput(raw.value, { accountType: this.accountType, item: raw.index });
    const { body, problems } = checked;
    if (Object.keys(checked.names).length > 0) problems.push(...(await this.resolver.resolve(body, checked.names, raw.index)));
    if (typeof body.jobType === 'string' || typeof body.educationLevel === 'string') {
      // Fetched only when an item uses a code, and once per run.
      const options = await (this.options ??= this.jobOptions());
      const codes = { jobTypes: options.jobTypes?.map((t) => t.code), educationLevels: options.educationLevels?.map((t) => t.code) };
      problems.push(...checkCodes(body, codes, raw.index));
    }
    return { body, title: typeof body.title === 'string' ? body.title : '', problems, unknownFields: checked.unknownFields };
  }
}
