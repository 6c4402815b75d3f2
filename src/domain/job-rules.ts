// Rules of a job's fields that both the CLI (before sending) and the sandbox (on receipt) enforce.
// The fields themselves are the registry's (job-fields.ts); docs/decisions.md lists the assumed names.

import { CURRENCY_PATTERN, FIELDS, MIN_DESCRIPTION_WORDS, namesOfKind, SALARY_INTERVALS } from './job-fields.js';

export { CURRENCY_PATTERN, MIN_DESCRIPTION_WORDS, SALARY_INTERVALS };
export { countCharacters, countWords, descriptionProblem, locationProblem, MAX_TITLE_CHARACTERS, titleLengthProblem } from './text-rules.js';
export type SalaryInterval = (typeof SALARY_INTERVALS)[number];

/** The boolean fields: where a job is published. */
export const PUBLICATION_FIELDS: readonly string[] = namesOfKind('boolean');

/** Fields a client may send when creating or updating a job (the registry, job-fields.ts). */
export const WRITABLE_JOB_FIELDS: readonly string[] = FIELDS.map((f) => f.name);

/** Fields every new job needs, whatever the account. */
export const REQUIRED_ON_CREATE: readonly string[] = FIELDS.filter((f) => f.required === 'always').map((f) => f.name);

/** Fields the service sets; a client sending them is refused. */
export const READ_ONLY_JOB_FIELDS = [
  'id',
  'status',
  'statusLabel',
  'approvalStatus',
  'approvalStatusLabel',
  'createdAt',
  'updatedAt',
] as const;

export function isSalaryInterval(value: unknown): value is SalaryInterval {
  return typeof value === 'string' && (SALARY_INTERVALS as readonly string[]).includes(value);
}
