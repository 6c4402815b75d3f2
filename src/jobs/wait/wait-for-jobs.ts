// `jobs wait` and `jobs create --wait`: reads each job until it got where it is waited for, was
// rejected (it will not get there), or time ran out. The reads go through the API client, which
// paces them to the service's rate limit and retries 429/503 as it does every request; between
// rounds the wait grows (BACKOFF) from --interval up to MAX_INTERVAL_MS, so a long approval costs
// few requests. Time is the context's clock: tests skip every wait.
import type { ApiClient } from '../../api/client.js';
import { getJob } from '../../api/jobs.js';
import type { Job } from '../../api/types.js';
import type { Clock } from '../../core/clock.js';
import { APPROVAL, STATUS } from '../../domain/job-status.js';

/** approved: approval 1 (or none on the account: null); active: status 5 (In Progress); or a lifecycle status code. */
export type Target = { kind: 'approved' } | { kind: 'active' } | { kind: 'status'; code: number; label: string };

export type Outcome = 'reached' | 'rejected' | 'timed_out';

export interface Waited {
  id: number;
  /** The job as last read. */
  job: Job;
  outcome: Outcome;
}

export interface WaitOptions {
  timeoutMs: number;
  intervalMs: number;
  /** Told before each pause: the jobs still waited for (as last read), the time waited so far and the pause to come. */
  onPause?: (pending: readonly Job[], waitedMs: number, pauseMs: number) => void;
}

export const BACKOFF = 1.5;
export const MAX_INTERVAL_MS = 30_000;


/** Where the job is against the target: there, rejected (it will not get there by itself), or not yet. */
export function judge(job: Job, target: Target): Outcome | 'waiting' {
  const reached =
    target.kind === 'approved' ? job.approvalStatus === APPROVAL.APPROVED || job.approvalStatus === null : target.kind === 'active' ? job.status === STATUS.IN_PROGRESS : job.status === target.code;
  if (reached) return 'reached';
  const rejected = job.approvalStatus === APPROVAL.REJECTED || (job.status === STATUS.REJECTED && !(target.kind === 'status' && target.code === STATUS.REJECTED));
  return rejected ? 'rejected' : 'waiting';
}

export async function waitForJobs(api: ApiClient, clock: Clock, ids: readonly number[], target: Target, options: WaitOptions): Promise<Waited[]> {
  const start = clock.now();
  const deadline = start + options.timeoutMs;
  const done = new Map<number, Waited>();
  const last = new Map<number, Job>();
  let pending = [...new Set(ids)];
  let pause = options.intervalMs;
  for (;;) {
    for (const id of pending) {
      const job = await getJob(api, id);
      last.set(id, job);
      const verdict = judge(job, target);
      if (verdict !== 'waiting') done.set(id, { id, job, outcome: verdict });
    }
    pending = pending.filter((id) => !done.has(id));
    if (pending.length === 0) break;
    const left = deadline - clock.now();
    if (left <= 0) {
      for (const id of pending) done.set(id, { id, job: last.get(id)!, outcome: 'timed_out' });
      break;
    }
    const now = Math.min(pause, left);
    options.onPause?.(pending.map((id) => last.get(id)!), clock.now() - start, now);
    await clock.sleep(now);
    pause = Math.min(pause * BACKOFF, Math.max(options.intervalMs, MAX_INTERVAL_MS));
  }
  return [...new Set(ids)].map((id) => done.get(id)!);
}
