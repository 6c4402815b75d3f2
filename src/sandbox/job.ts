// A job as the sandbox stores it, and its wire form: the fields of the job-field registry
// (src/domain/job-fields.ts), typed here for those the workflow reads (a job also keeps, as checked,
// any other field of the registry), and the fields the service sets.
import { FIELDS, type JobField } from '../domain/job-fields.js';
import type { AccountId } from './accounts.js';
import { approvalStatusLabel, statusLabel, type ApprovalStatus } from './job-status.js';

export interface JobFields {
  title: string;
  description: string;
  location: string;
  jobFunctionId: number;
  employerTypeId: number;
  industryId: number;
  customerId: number | null;
  jobType: string | null;
  educationLevel: string | null;
  salaryInterval: string | null;
  salaryMin: number | null;
  salaryMax: number | null;
  currency: string | null;
  experience: number | null;
  qualifications: string | null;
  skills: string[];
  optionalSkills: string[];
  departmentId: number | null;
  hiringManagerId: number | null;
  jobCode: string;
  publishToCareerPage: boolean;
  publishToFreeJobBoards: boolean;
}

export interface Job extends JobFields {
  id: number;
  account: AccountId;
  status: number;
  approvalStatus: ApprovalStatus;
  createdAt: string;
  updatedAt: string;
}

export type JobResource = Omit<Job, 'account'> & { statusLabel: string; approvalStatusLabel: string };

/** A field may be sent as null (and is null when unset) unless every job has it. */
export function isNullable(field: JobField): boolean {
  return field.required !== 'always' && field.api?.notNull !== true;
}

/** What a new job holds for an optional field not sent: an empty list, false, or null. */
export function unsetValue(field: JobField): unknown {
  return field.kind === 'list' ? [] : field.kind === 'boolean' ? false : null;
}

/** What a job holds for each optional field it was not given (a job kept from before a field was added too). */
export const UNSET_FIELDS: Readonly<Record<string, unknown>> = Object.fromEntries(
  FIELDS.filter((f) => isNullable(f) || f.kind === 'list' || f.kind === 'boolean').map((f) => [f.name, unsetValue(f)]),
);

/** The service's own fields first, then the registry's in its order, then the times. */
export const RESOURCE_LEAD: readonly string[] = ['id', 'jobCode', 'title', 'status', 'statusLabel', 'approvalStatus', 'approvalStatusLabel'];
const RESOURCE_ORDER: readonly string[] = [...new Set([...RESOURCE_LEAD, ...FIELDS.map((f) => f.name), 'createdAt', 'updatedAt'])];

/** The response shape: every field present (null when unset), labels beside their codes. */
export function toResource(job: Job): JobResource {
  const full: Record<string, unknown> = {
    ...job,
    statusLabel: statusLabel(job.status),
    approvalStatusLabel: approvalStatusLabel(job.approvalStatus),
  };
  return Object.fromEntries(RESOURCE_ORDER.map((k) => [k, k in full ? full[k] : UNSET_FIELDS[k]])) as JobResource;
}

export function generatedJobCode(id: number): string {
  return `JOB-${String(id).padStart(5, '0')}`;
}
