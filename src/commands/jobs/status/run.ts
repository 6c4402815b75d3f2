// `recruit jobs status <jobId> <status>`: reads the job, sets a settable lifecycle status through
// PATCH /jobs/{id}/status with an Idempotency-Key, and prints old -> new. Several ids, `-` (ids on
// stdin) or --dry-run make it a bulk change (status-bulk.ts), reported as a batch is.
import { readStdin } from '../../../terminal/read-input.js';
import { getJobOptions } from '../../../context/job-options.js';
import { getJob, setJobStatus } from '../../../api/jobs.js';
import type { Job, StatusOption } from '../../../api/types.js';
import type { Uses } from '../../../context/context.js';
import { UsageError } from '../../../core/errors.js';
import { writeJson } from '../../../terminal/output.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { parseJobId } from '../args.js';
import { statusPainter, statusText } from '../job-view.js';
import { findStatus, statusList, statusSuggestion } from '../status-option.js';
import type { StatusOptions } from './flags.js';

function settable(statuses: readonly StatusOption[], value: string): StatusOption {
  const found = findStatus(statuses, value);
  if (found?.canSet) return found;
  const why = found
    ? `status ${found.code} (${found.label}) cannot be set with this command`
    : `"${value}" is not a status`;
  const canSet = statuses.filter((s) => s.canSet);
  const guess = found ? undefined : statusSuggestion(canSet, value);
  throw new UsageError(`${why}; the statuses you can set are:`, statusList(canSet), guess ? `${guess} give a code or a label` : 'give a code or a label');
}

/**
 * The arguments are `<jobId...> <status>`: commander hands over the first id, the next argument
 * and the rest, and the status is the last of them all.
 */
export default async function status(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'clock' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner' | 'elapsedMs'>, jobId: string, next: string, more: string[] = [], options: StatusOptions = {}): Promise<void> {
  if (more.length > 0 || jobId === '-' || options.dryRun) return bulkStatus(ctx, [jobId, next, ...more], options);
  const id = parseJobId(jobId);
  const { statuses } = await withSpinner(ctx, 'reading the statuses', () => getJobOptions(ctx));
  const target = settable(statuses, next);
  const api = await ctx.api();
  const before = await withSpinner(ctx, `reading job ${id}`, () => getJob(api, id));
  const labelOf = (code: number) => statuses.find((s) => s.code === code)?.label;
  const paint = await statusPainter(ctx, 'status');
  const show = (job: Job) => paint(job.status, statusText(job, labelOf(job.status)));

  if (before.status === target.code) {
    // Nothing to change: no request, so no status permission is needed either.
    if (ctx.globals.json) return writeJson(ctx, before);
    ctx.io.stdout.write(`Job ${id} is already ${show(before)}; nothing changed\n`);
    return;
  }
  // One key for this change: the client sends it again on each retry, so a lost answer is replayed.
  const after = await withSpinner(ctx, `changing the status of job ${id}`, () => setJobStatus(api, id, target.code, ctx.newKey(), target.label));
  if (ctx.globals.json) return writeJson(ctx, after);
  ctx.io.stdout.write(`Job ${id}: ${show(before)} -> ${show(after)}\n`);
}

async function bulkStatus(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'clock' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner' | 'elapsedMs'>, args: string[], options: StatusOptions): Promise<void> {
  const value = args.pop()!;
  const { jobIds } = await import('../../../jobs/bulk/ids.js');
  const { ids, repeated } = await jobIds(args, () => readStdin(ctx.io.stdin), ctx.io.stdin.isTTY === true);
  if (repeated.length > 0) ctx.warn(`job ${repeated.join(', ')} given more than once; each job is changed once`);
  const { statuses } = await withSpinner(ctx, 'reading the statuses', () => getJobOptions(ctx));
  const target = settable(statuses, value);
  const [{ runBulk }, { statusOperation }, { accountFlags, resumeIds }, { printRun }] = await Promise.all([
    import('../../../jobs/bulk/run-bulk.js'),
    import('./bulk.js'),
    import('../../../exactly-once/resume-command.js'),
    import('../print-run.js'),
  ]);
  const resume = { kind: 'status' as const, ids: resumeIds(ids, args.includes('-')), status: target.code, globals: accountFlags(ctx.globals) };
  await printRun(ctx, await runBulk(ctx, statusOperation(target, statuses), ids, { ...options, resume }));
}
