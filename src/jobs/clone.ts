// `jobs create --from <id>`: the fields a clone takes from an existing job, and the flags laid on
// top. Only the writable fields (src/domain/job-fields.ts) are copied (an allow-list): whatever else a job carries
// is set by the service (id, status, approval, timestamps, and fields the CLI does not know), and
// sending it back could be refused as read-only. The job code and the publication flags are left
// out too: the service makes a new code, and a new job is unpublished unless a flag says otherwise.
import type { Job } from '../api/types.js';
import { PUBLICATION_FIELDS, READ_ONLY_JOB_FIELDS, WRITABLE_JOB_FIELDS } from '../domain/job-rules.js';
import { fieldNamed, REFERENCE_FIELDS } from '../domain/job-fields.js';
import { REFERENCES } from './job-input.js';

/** Writable fields a clone never copies: the service sets the code, and publication is asked anew. */
export const NOT_CLONED = ['jobCode', ...PUBLICATION_FIELDS] as const;

const CLONED: ReadonlySet<string> = new Set(WRITABLE_JOB_FIELDS.filter((f) => !(NOT_CLONED as readonly string[]).includes(f)));
const SET_BY_SERVICE: ReadonlySet<string> = new Set([...READ_ONLY_JOB_FIELDS, ...NOT_CLONED]);

export interface CloneFields {
  /** The source's writable fields that are set (nulls and empty lists are unset fields). */
  fields: Record<string, unknown>;
  /** Fields of the source that are not copied because the CLI does not know them. */
  unknown: string[];
}

export function cloneFields(job: Job): CloneFields {
  const fields: Record<string, unknown> = {};
  const unknown: string[] = [];
  for (const [field, value] of Object.entries(job)) {
    if (CLONED.has(field)) {
      if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) fields[field] = value;
    } else if (!SET_BY_SERVICE.has(field) && value !== null && value !== undefined) {
      unknown.push(field);
    }
  }
  return { fields, unknown };
}

/**
 * The source's fields with the flags' values laid on top. A reference given by a flag (a name or
 * an id, under its name key: `jobFunction`) replaces the source's id field (`jobFunctionId`).
 */
export function overlayFlags(fields: Record<string, unknown>, flags: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...fields };
  for (const ref of REFERENCES) if (flags[ref.name] !== undefined) delete merged[ref.idField];
  return Object.assign(merged, flags);
}

/** The fields that belong to an industry, with the flags that give them. */
export const INDUSTRY_SCOPED = REFERENCE_FIELDS.filter((r) => r.byIndustry).map((r) => ({ ...r, flag: fieldNamed(r.idField)!.flags![0]!.flag.split(' ')[0]! }));
