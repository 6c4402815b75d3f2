// One file item as the body to send: its text made canonical (LF line ends, Unicode NFC), checked
// (job-input.ts), names resolved to ids (each lookup list fetched once per run), job type and
// education level checked against /job-options.
import type { CodeLabel, JobOptions } from '../../api/types.js';
import type { AccountType } from '../../config/config-file.js';
import { checkCodes, checkJobInput, MAX_DEPTH, type CheckedInput, type Problem } from '../job-input.js';
import { canonicalValue } from '../../exactly-once/canonical-json.js';
import { READ_ONLY_JOB_FIELDS } from '../../domain/job-rules.js';
import type { ReferenceResolver } from '../reference-resolver.js';
import type { RawItem } from './raw-item.js';

export interface ItemBody {
  body: Record<string, unknown>;
  title: string;
  problems: Problem[];
  unknownFields: string[];
}

/** Fields the service sets that an export's item holds: left out, not refused (an `id` is: the item is a job that exists). */
const SERVICE_SET = new Set<string>(READ_ONLY_JOB_FIELDS.filter((f) => f !== 'id'));

export class ItemDeriver {
  /** The service's fields the items held and that were left out, for one note. */
  readonly leftOut = new Set<string>();
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
  /** An export's item (`jobs list --json`) without the fields the service sets, which are noted once. */
  private withoutServiceFields(value: unknown): unknown {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
    const fields = Object.keys(value).filter((f) => SERVICE_SET.has(f));
    if (fields.length === 0) return value;
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    for (const field of fields) {
      delete copy[field];
      this.leftOut.add(field);
    }
    return copy;
  }

  derive(raw: RawItem): ItemBody | Promise<ItemBody> {
    if (raw.error !== undefined) {
      return { body: {}, title: '', problems: [{ item: raw.index, field: raw.errorField ?? `line ${raw.line}`, message: raw.error }], unknownFields: [] };
    }
    // Text as the canonical form has it (LF line ends, NFC) before the checks: what is checked,
    // hashed into the item's identity and sent is one value, whatever program saved the file.
    const value = canonicalValue(raw.value, MAX_DEPTH);
    const checked = checkJobInput(this.withoutServiceFields(value), { accountType: this.accountType, item: raw.index });
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
