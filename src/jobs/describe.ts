// What is printed when a job was created, the same for the wizard, flags, --resume and batches.
import type { Job } from '../api/types.js';
import type { Context } from '../cli/context.js';
import { writeJson } from '../cli/output.js';
import { sanitize } from '../cli/sanitize.js';

export function describeCreated(job: Job): string {
  const status = `${job.statusLabel ?? 'status'} (${job.status})`;
  const approval = `${job.approvalStatusLabel ?? 'Unknown'}${job.approvalStatus === null ? '' : ` (${job.approvalStatus})`}`;
  return `Created job ${job.id} "${sanitize(String(job.title ?? ''))}": ${sanitize(status)}, approval ${sanitize(approval)}`;
}

export function approvalNote(job: Job): string | undefined {
  return job.approvalStatus === 0
    ? `It waits for approval: it becomes active once approved; publish it then with \`recruit jobs update ${job.id} --publish-career-page\`.`
    : undefined;
}

/** The job as JSON with --json, else the one-line summary; the approval note on stderr. */
export async function reportCreated(ctx: Context, job: Job): Promise<void> {
  if (ctx.globals.json) await writeJson(ctx, job);
  else ctx.io.stdout.write(`${describeCreated(job)}\n`);
  const note = approvalNote(job);
  if (note) ctx.info(note);
}
