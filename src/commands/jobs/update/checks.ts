// Checks a `jobs update` body before anything is sent: read-only fields, each field by the rules
// `jobs create` checks (type, range, codes, ids, the description's length, a full location), the salary range. Every problem names its
// field; unknown fields are only reported, since the service has fields the API's description does not show.
import type { ErrorDetail } from '../../../core/errors.js';
import { UsageError } from '../../../core/errors.js';
import { READ_ONLY_JOB_FIELDS, WRITABLE_JOB_FIELDS } from '../../../domain/job-rules.js';
import { MAX_DEPTH, nestedDeeperThan, patchProblems } from '../../../jobs/job-input.js';

const READ_ONLY = new Set<string>(READ_ONLY_JOB_FIELDS);
const WRITABLE = new Set<string>(WRITABLE_JOB_FIELDS);

/** Fields neither writable nor read-only: passed through, with a warning. */
export function unknownFields(patch: Record<string, unknown>): string[] {
  return Object.keys(patch).filter((k) => !WRITABLE.has(k) && !READ_ONLY.has(k));
}

export function checkReadOnly(patch: Record<string, unknown>): void {
  const fields = Object.keys(patch).filter((k) => READ_ONLY.has(k));
  if (fields.length === 0) return;
  throw new UsageError(
    `${fields.join(', ')} ${fields.length === 1 ? 'is' : 'are'} set by the service and cannot be updated`,
    fields.map((field) => ({ field, message: 'read-only field' })),
    fields.includes('status')
      ? 'change the lifecycle status with `recruit jobs status <jobId> <status>`'
      : 'remove the read-only fields from the patch',
  );
}

function salaryProblem(min: unknown, max: unknown, field: string): ErrorDetail[] {
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    return [{ field, message: `salaryMin (${min}) must not exceed salaryMax (${max})` }];
  }
  return [];
}

/** The patch's own problems: each field given by the rules a new job's have (jobs/job-input.ts), the salary range, nesting. */
export function valueProblems(patch: Record<string, unknown>): ErrorDetail[] {
  const problems: ErrorDetail[] = patchProblems(patch).map(({ field, message }) => ({ field, message }));
  problems.push(...salaryProblem(patch.salaryMin, patch.salaryMax, 'salaryMin'));
  for (const field of unknownFields(patch)) {
    // The patch is level 1 (as a job is in a batch file): see MAX_DEPTH.
    if (nestedDeeperThan(patch[field], MAX_DEPTH - 1)) problems.push({ field, message: `is nested more than ${MAX_DEPTH} levels deep (the patch itself is level 1)` });
  }
  return problems;
}

/** A salary bound given alone must still fit the other bound the job already has. */
export function salaryAgainstJob(patch: Record<string, unknown>, job: Record<string, unknown>): ErrorDetail[] {
  const hasMin = Object.hasOwn(patch, 'salaryMin');
  const hasMax = Object.hasOwn(patch, 'salaryMax');
  if (hasMin === hasMax) return [];
  return hasMin
    ? salaryProblem(patch.salaryMin, job.salaryMax, 'salaryMin')
    : salaryProblem(job.salaryMin, patch.salaryMax, 'salaryMax');
}

export function throwProblems(problems: ErrorDetail[]): void {
  if (problems.length === 0) return;
  const fields = [...new Set(problems.map((p) => p.field))].join(', ');
  throw new UsageError(`invalid ${fields}; no update was sent`, problems);
}
