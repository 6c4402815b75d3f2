// Checks a `jobs update` body before anything is sent: read-only fields, the
// description's length, a full location, the salary interval and range. Every problem names its
// field; unknown fields are only reported, since the service has fields the API's description does not show.
import type { ErrorDetail } from '../../../core/errors.js';
import { UsageError } from '../../../core/errors.js';
import {
  descriptionProblem,
  isSalaryInterval,
  locationProblem,
  READ_ONLY_JOB_FIELDS,
  SALARY_INTERVALS,
  WRITABLE_JOB_FIELDS,
} from '../../../domain/job-rules.js';
import { MAX_DEPTH, nestedDeeperThan } from '../../../jobs/job-input.js';

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

export function valueProblems(patch: Record<string, unknown>): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const { description, location, salaryInterval } = patch;
  if (description !== undefined) {
    if (typeof description !== 'string') problems.push({ field: 'description', message: 'must be a string' });
    else {
      const problem = descriptionProblem(description);
      if (problem) problems.push({ field: 'description', message: problem });
    }
  }
  if (location !== undefined) {
    const problem = typeof location === 'string' ? locationProblem(location) : 'must be a string';
    if (problem) problems.push({ field: 'location', message: problem });
  }
  if (salaryInterval !== undefined && salaryInterval !== null && !isSalaryInterval(salaryInterval)) {
    problems.push({ field: 'salaryInterval', message: `must be one of ${SALARY_INTERVALS.join(' ')}, got ${JSON.stringify(salaryInterval)}` });
  }
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
