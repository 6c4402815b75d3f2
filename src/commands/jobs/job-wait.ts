// Waiting for jobs, as `jobs wait` and `jobs create --wait` report it: the target from --until, the
// deadline from the global --timeout (how long to wait in all), a spinner on a terminal, a line
// per job (or the jobs as JSON), and the exit code: 0 when every job got there, 8 when one was
// rejected, 5 when time ran out (core/exit-codes.ts).
import { approvalWord } from '../../domain/job-status.js';
import type { ApiClient } from '../../api/client.js';
import type { Job } from '../../api/types.js';
import type { Uses } from '../../context/context.js';
import { getJobOptions } from '../../context/job-options.js';
import { CliError, UsageError } from '../../core/errors.js';
import { EXIT } from '../../core/exit-codes.js';
import { sanitize } from '../../core/sanitize.js';
import { listed } from '../../core/listed.js';
import { waitForJobs, type Target, type Waited } from '../../jobs/wait/wait-for-jobs.js';
import { writeJson } from '../../terminal/output.js';
import { findStatus, statusList } from './status-option.js';

/** How long `jobs wait` waits in all without --timeout. */
export const DEFAULT_WAIT_S = 600;
export const DEFAULT_INTERVAL_S = 5;

function seconds(raw: string, flag: string, max: number): number {
  const n = /^\d+(\.\d+)?$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!(n > 0 && n <= max)) throw new UsageError(`${flag} must be a number of seconds greater than 0 and at most ${max}, got "${raw}"`);
  return n;
}

/** --until: approved, active, or a lifecycle status (code or label, as /job-options lists them). */
export async function parseTarget(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'api'>, raw: string): Promise<Target> {
  const value = raw.trim().toLowerCase();
  if (value === 'approved' || value === 'active') return { kind: value };
  const { statuses } = await getJobOptions(ctx);
  const found = findStatus(statuses, raw);
  if (!found) throw new UsageError(`--until takes approved, active or a status; "${raw}" is none of them; the statuses are:`, statusList(statuses));
  return { kind: 'status', code: found.code, label: found.label };
}

const targetText = (target: Target) => (target.kind === 'status' ? `${target.label} (${target.code})` : target.kind);

function duration(ms: number): string {
  const s = Math.round(ms / 1000);
  return s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`;
}

/** Where a job is: `status Pending Approval, approval Pending`. */
const stateOf = (job: Job): string => sanitize(`status ${job.statusLabel ?? job.status}, approval ${approvalWord(job.approvalStatus, job.approvalStatusLabel)}`);

/** `job 26`, `jobs 26, 15 and 14`; past ten ids, `jobs 26, 15, … and 40 more`. */
export function jobsNamed(ids: readonly number[]): string {
  const names = ids.map(String);
  return `${ids.length === 1 ? 'job' : 'jobs'} ${ids.length > 10 ? listed(names, 9) : listed(names)}`;
}

/** The spinner's words for the jobs still waited for, and where they are: one job's state, or how many are in each. */
function pendingText(pending: readonly Job[]): { jobs: string; now: string } {
  if (pending.length === 1) return { jobs: `job ${pending[0]!.id}`, now: stateOf(pending[0]!) };
  const counts = new Map<string, number>();
  for (const job of pending) counts.set(stateOf(job), (counts.get(stateOf(job)) ?? 0) + 1);
  return { jobs: `${pending.length} jobs`, now: [...counts].map(([state, n]) => `${n} ${state}`).join('; ') };
}

function line(w: Waited, target: Target, waitedFor: string): string {
  const job: Job = w.job;
  const state = stateOf(job);
  const what = w.outcome === 'reached' ? targetText(target) : w.outcome === 'rejected' ? 'rejected' : `not ${targetText(target)} after ${waitedFor}`;
  return `Job ${job.id} "${sanitize(String(job.title ?? ''))}": ${what} (${state})`;
}

export interface WaitRequest {
  until: Target;
  interval?: string;
  /** Print one job object rather than an array (jobs create --wait). */
  single?: boolean;
}

export async function waitAndReport(ctx: Uses<'io' | 'globals' | 'color' | 'clock' | 'spinner'>, api: ApiClient, ids: readonly number[], request: WaitRequest): Promise<Waited[]> {
  const timeoutS = ctx.globals.timeout === undefined ? DEFAULT_WAIT_S : seconds(ctx.globals.timeout, '--timeout', 86_400);
  const intervalS = request.interval === undefined ? DEFAULT_INTERVAL_S : seconds(request.interval, '--interval', 3_600);
  const what = `to be ${targetText(request.until)}`;
  const spinner = ctx.spinner(`waiting for ${ids.length === 1 ? `job ${ids[0]}` : `${ids.length} jobs`} ${what}`);
  let results: Waited[];
  try {
    results = await waitForJobs(api, ctx.clock, ids, request.until, {
      timeoutMs: timeoutS * 1000,
      intervalMs: intervalS * 1000,
      onPause: (pending, waited, pause) => {
        const { jobs, now } = pendingText(pending);
        // The state first: a narrow terminal cuts the end of the line.
        spinner.update(`waiting for ${jobs} ${what}: now ${now} (${duration(waited)} so far, next look in ${duration(pause)})`);
      },
    });
  } finally {
    spinner.stop();
  }
  if (ctx.globals.json) await writeJson(ctx, request.single ? results[0]!.job : results.map((r) => r.job));
  else for (const r of results) ctx.io.stdout.write(`${line(r, request.until, duration(timeoutS * 1000))}\n`);

  const rejected = results.filter((r) => r.outcome === 'rejected').map((r) => r.id);
  const late = results.filter((r) => r.outcome === 'timed_out').map((r) => r.id);
  if (rejected.length > 0) {
    throw new CliError(`${jobsNamed(rejected)} ${rejected.length === 1 ? 'was' : 'were'} rejected: ${rejected.length === 1 ? 'it' : 'they'} will not be ${targetText(request.until)}`, EXIT.REJECTED, 'rejected');
  }
  if (late.length > 0) {
    throw new CliError(
      `${jobsNamed(late)} ${late.length === 1 ? 'is' : 'are'} not ${targetText(request.until)} after ${duration(timeoutS * 1000)}`,
      EXIT.GAVE_UP,
      'timeout',
      [],
      'wait longer with --timeout <seconds>',
    );
  }
  return results;
}
