// What is said when a job was created, the same for the wizard, flags, a clone and --resume; the
// command prints it (commands/jobs/create/print-created.ts).
import type { Job } from '../api/types.js';
import { sanitize } from '../core/sanitize.js';

export function describeCreated(job: Job): string {
  const status = `${job.statusLabel ?? 'status'} (${job.status})`;
  // No approval status (null: an account without approval) is not worth a word; its label would be "Unknown".
  const approval = job.approvalStatus === null || job.approvalStatus === undefined ? '' : `, approval ${job.approvalStatusLabel ?? 'status'} (${job.approvalStatus})`;
  return `Created job ${job.id} "${sanitize(String(job.title ?? ''))}": ${sanitize(status)}${sanitize(approval)}`;
}

/** What to do about a job pending approval; on the embedded sandbox, approving it is one command too. */
export function approvalNote(job: Job, sandboxAccount?: string): string | undefined {
  if (job.approvalStatus !== 0) return undefined;
  if (sandboxAccount === undefined) {
    return `It waits for approval: it becomes active once approved; publish it then with \`recruit jobs update ${job.id} --publish-career-page\`.`;
  }
  return (
    `It waits for approval: approve it with \`recruit sandbox approve ${job.id}\`, then publish it with ` +
    `\`recruit --sandbox --sandbox-account ${sandboxAccount} jobs update ${job.id} --publish-career-page\`.`
  );
}
