// Where the values of an option or argument come from when Tab is pressed after it. Options are
// matched by their attribute name and arguments by their name, in any command, so a new command
// with `--industry` or `<jobId>` completes without an edit here; test/completion checks that every
// name below still exists in the program.
import { GET_KEYS } from '../config/keys.js';
import { JOB_JSON_FIELDS } from '../domain/job-json-fields.js';
import { LOOKUP_TABLE } from '../domain/lookup-kinds.js';
import type { CacheKind } from './cache.js';

export type ValueSource =
  | { type: 'words'; words: readonly string[] }
  | { type: 'cache'; kind: CacheKind }
  | { type: 'files' }
  | { type: 'none' };

const cache = (kind: CacheKind): ValueSource => ({ type: 'cache', kind });
const words = (list: readonly string[]): ValueSource => ({ type: 'words', words: list });

export const OPTION_VALUES: Readonly<Record<string, ValueSource>> = {
  industry: cache('industries'),
  jobFunction: cache('functions'),
  employerType: cache('employer-types'),
  customer: cache('customers'),
  department: cache('departments'),
  hiringManager: cache('hiring-managers'),
  jobType: cache('job-types'),
  educationLevel: cache('education-levels'),
  salaryInterval: cache('salary-intervals'),
  status: cache('statuses'),
  from: cache('jobs'),
  // --json's fields: a job's (the commands that print jobs; the shell completes one name at a time).
  json: words(JOB_JSON_FIELDS),
  until: words(['approved', 'active']),
};

export const ARGUMENT_VALUES: Readonly<Record<string, ValueSource>> = {
  kind: words(LOOKUP_TABLE.map((row) => row.kind)),
  jobId: cache('jobs'),
  status: cache('settable-statuses'),
  // `jobs status <jobId> <status> [moreJobIds...]`: with several ids the status comes last, where Tab is pressed.
  moreJobIds: cache('settable-statuses'),
  key: words(GET_KEYS),
};

/** Placeholders of options that name a local file: `--file <path>`, `--state <file>`. */
const FILE_PLACEHOLDERS = new Set(['path', 'file']);

export function optionValues(attribute: string, placeholder: string, choices: readonly string[] | undefined): ValueSource {
  if (choices) return words(choices);
  return OPTION_VALUES[attribute] ?? (FILE_PLACEHOLDERS.has(placeholder) ? { type: 'files' } : { type: 'none' });
}

export function argumentValues(name: string, choices: readonly string[] | undefined): ValueSource {
  if (choices) return words(choices);
  return ARGUMENT_VALUES[name] ?? { type: 'none' };
}
