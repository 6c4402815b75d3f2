// The fields of each command's JSON, where they are fixed: what `--json=` lists, what `--json
// <fields>` is checked against before anything is sent, and what completion offers after --json.
// Commands not in the table (batch results, config, auth) take any field names: their JSON has
// no fixed shape to check against. Jobs' fields come from the field registry, so they cannot drift.
import { JOB_JSON_FIELDS } from '../domain/job-json-fields.js';
import { LOOKUP_TABLE } from '../domain/lookup-kinds.js';

export { JOB_JSON_FIELDS };

const lookupFields = (kind: string | undefined): readonly string[] | undefined => {
  const row = LOOKUP_TABLE.find((r) => r.kind === kind);
  return row && 'extra' in row ? ['id', 'name', ...row.extra] : undefined;
};

/** By command path (`jobs get`); a function when the fields depend on the arguments (lookup's kind). */
const TABLE: Record<string, readonly string[] | ((args: readonly unknown[]) => readonly string[] | undefined)> = {
  'jobs get': JOB_JSON_FIELDS,
  'jobs list': JOB_JSON_FIELDS,
  'jobs wait': JOB_JSON_FIELDS,
  'sandbox approve': JOB_JSON_FIELDS,
  'sandbox reject': JOB_JSON_FIELDS,
  'sandbox tokens': ['token', 'account', 'permissions'],
  lookup: (args) => lookupFields(typeof args[0] === 'string' ? args[0] : undefined),
};

/** The fields of `command`'s JSON, or undefined when they are not fixed. */
export function jsonFieldsOf(command: string, args: readonly unknown[] = []): readonly string[] | undefined {
  const entry = TABLE[command];
  return typeof entry === 'function' ? entry(args) : entry;
}

/**
 * The per-item results of a batch or bulk change (`jobs create --file`, `jobs status <ids…>`,
 * `jobs update <ids…>`): not checked (a single change prints the job instead), but known, so that
 * `--json id,ok` is read as fields.
 */
const RESULT_FIELDS = ['index', 'ok', 'result', 'jobId', 'sent', 'previousStatus', 'previousStatusLabel', 'error', 'body'];

/** Every field name some command's JSON has: a word after a spaced `--json` is its value only when made of these. */
export function knownJsonFields(): Set<string> {
  const names = new Set<string>([...JOB_JSON_FIELDS, ...RESULT_FIELDS]);
  for (const entry of Object.values(TABLE)) if (typeof entry !== 'function') for (const n of entry) names.add(n);
  for (const row of LOOKUP_TABLE) for (const n of lookupFields(row.kind) ?? []) names.add(n);
  return names;
}
