// One-line descriptions of a created job, shared by every way of creating one.
import type { Job } from '../api/types.js';
import { sanitize } from '../cli/sanitize.js';

export function describeCreated(job: Job): string {
  const status = `${job.statusLabel ?? 'status'} (${job.status})`;
  const approval = `${job.approvalStatusLabel ?? 'Unknown'}${job.approvalStatus === null ? '' : ` (${job.approvalStatus})`}`;
  const waiting = job.approvalStatus === 0 ? '; it waits for approval in your account' : '';
  return `Created job ${job.id} "${sanitize(String(job.title ?? ''))}": ${sanitize(status)}, approval ${sanitize(approval)}${waiting}`;
}
