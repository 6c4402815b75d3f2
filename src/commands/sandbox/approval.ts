// Shared by `sandbox approve` and `sandbox reject`.
import type { Uses } from '../../context/context.js';
import { UsageError } from '../../core/errors.js';
import { writeJson } from '../../terminal/output.js';
import { sanitize } from '../../core/sanitize.js';
import { callAdmin } from './admin-target.js';

interface JobSummary {
  id: number;
  title: string;
  status: number;
  statusLabel: string;
  approvalStatus: number | null;
  approvalStatusLabel: string;
}

export async function decide(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'settings' | 'spinner'>, jobId: string, verb: 'approve' | 'reject'): Promise<void> {
  if (!/^\d+$/.test(jobId)) throw new UsageError(`job id must be a positive integer, got "${jobId}"`);
  const answer = await callAdmin(ctx, `/jobs/${jobId}/${verb}`);
  const job = answer.body as JobSummary;
  if (ctx.globals.json) return writeJson(ctx, job);
  const account = answer.accountOfJob?.(job.id);
  const where = account === undefined ? answer.where : `${answer.where} (${account} account)`;
  ctx.io.stdout.write(
    `Job ${job.id} (${sanitize(job.title)}) ${verb === 'approve' ? 'approved' : 'rejected'} in ${where}: ` +
      `status ${sanitize(job.statusLabel)} (${job.status}), approval ${sanitize(job.approvalStatusLabel)} (${job.approvalStatus})\n`,
  );
}
