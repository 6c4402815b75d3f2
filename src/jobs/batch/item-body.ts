// One file item as the body to send: checked (job-input.ts), names resolved to ids (each lookup
// list fetched once per run), job type and education level checked against /job-options.
import type { CodeLabel, JobOptions } from '../../api/types.js';
import type { AccountType } from '../../config/config-file.js';
import { checkCodes, checkJobInput, type CheckedInput, type Problem } from '../job-input.js';
import type { ReferenceResolver } from '../reference-resolver.js';
import type { RawItem } from './raw-item.js';

export interface ItemBody {
  body: Record<string, unknown>;
  title: string;
  problems: Problem[];
  unknownFields: string[];
}

export class ItemDeriver {
  private options: Promise<JobOptions> | undefined;
  /** The codes of /job-options, once fetched. */
  private codes: { jobTypes?: CodeLabel[]; educationLevels?: CodeLabel[] } | undefined;

  constructor(
    private readonly accountType: AccountType,
    private readonly resolver: ReferenceResolver,
    private readonly jobOptions: () => Promise<JobOptions>,
  ) {}

  /**
   * The item's body and problems. Synchronous when nothing is left to fetch (no names to resolve,
   * the codes known), as for nearly every item of a large batch; a promise otherwise.
   */
  derive(raw: RawItem): ItemBody | Promise<ItemBody> {
    if (raw.error !== undefined) {
      return { body: {}, title: '', problems: [{ item: raw.index, field: raw.errorField ?? `line ${raw.line}`, message: raw.error }], unknownFields: [] };
    }
    const checked = checkJobInput(raw.value, { accountType: this.accountType, item: raw.index });
    if (raw.problems?.length) checked.problems.unshift(...raw.problems);
    const usesCodes = typeof checked.body.jobType === 'string' || typeof checked.body.educationLevel === 'string';
    if (Object.keys(checked.names).length > 0 || (usesCodes && !this.codes)) return this.resolve(checked, raw.index);
    return this.finish(checked, raw.index);
  }

  private async resolve(checked: CheckedInput, index: number): Promise<ItemBody> {
    const { body, problems } = checked;
    if (Object.keys(checked.names).length > 0) problems.push(...(await this.resolver.resolve(body, checked.names, index)));
    if ((typeof body.jobType === 'string' || typeof body.educationLevel === 'string') && !this.codes) {
      // Fetched only when an item uses a code, and once per run.
      const options = await (this.options ??= this.jobOptions());
      this.codes ??= { jobTypes: options.jobTypes, educationLevels: options.educationLevels };
    }
    return this.finish(checked, index);
  }

  private finish(checked: CheckedInput, index: number): ItemBody {
    const { body, problems } = checked;
    if (this.codes) problems.push(...checkCodes(body, this.codes, index));
    return { body, title: typeof body.title === 'string' ? body.title : '', problems, unknownFields: checked.unknownFields };
  }
}
