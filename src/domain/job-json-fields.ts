// The fields of a job as the service returns it: its id, every field of the registry, then the
// fields the service sets. What `--json <fields>` offers and checks for the commands that print jobs.
import { FIELDS } from './job-fields.js';
import { READ_ONLY_JOB_FIELDS } from './job-rules.js';

export const JOB_JSON_FIELDS: readonly string[] = [...new Set(['id', ...FIELDS.map((f) => f.name), ...READ_ONLY_JOB_FIELDS])];
