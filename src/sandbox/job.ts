// A job as the sandbox stores it, and its wire form.
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

const RESOURCE_ORDER = [
  'id', 'jobCode', 'title', 'status', 'statusLabel', 'approvalStatus', 'approvalStatusLabel', 'description', 'location',
  'industryId', 'jobFunctionId', 'employerTypeId', 'customerId', 'jobType', 'educationLevel', 'salaryInterval',
  'salaryMin', 'salaryMax', 'currency', 'experience', 'qualifications', 'skills', 'optionalSkills', 'departmentId',
  'hiringManagerId', 'publishToCareerPage', 'publishToFreeJobBoards', 'createdAt', 'updatedAt',
] as const satisfies ReadonlyArray<keyof JobResource>;

/** The response shape: every field present (null when unset), labels beside their codes. */
export function toResource(job: Job): JobResource {
  const full: JobResource & { account?: string } = {
    ...job,
    statusLabel: statusLabel(job.status),
    approvalStatusLabel: approvalStatusLabel(job.approvalStatus),
  };
  return Object.fromEntries(RESOURCE_ORDER.map((k) => [k, full[k]])) as JobResource;
}

export function generatedJobCode(id: number): string {
  return `JOB-${String(id).padStart(5, '0')}`;
}
