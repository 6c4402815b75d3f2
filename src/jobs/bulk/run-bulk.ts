// A change of many jobs at once, on the batch machinery (docs/batch.md, "Changing many jobs"):
// one run per account at a time (the account lock), every job read first (so a job already as
// asked is reported unchanged and not sent, and a change is checked against each job before
// anything is sent), then the changes sent N at a time through the shared client, each with its
// own Idempotency-Key written to the journal before its request. A re-run after any interruption
// re-sends the requests that got no answer with their original keys; a job the killed run did
// change now reads as unchanged and is not sent again.
import type { ApiClient } from '../../api/client.js';
import { getJob } from '../../api/jobs.js';
import type { Uses } from '../../context/context.js';
import { LocalStateError, UsageError, type ErrorDetail } from '../../core/errors.js';
import type { StateFs } from '../../core/state-fs.js';
import { parseConcurrency } from '../../config/settings.js';
import { bodyHash } from '../../exactly-once/canonical-json.js';
import type { StopReason } from '../../exactly-once/classify.js';
import { CreatedIds } from '../../exactly-once/created-ids.js';
import { deriveKey, jobState } from '../../exactly-once/derived-key.js';
import type { Journal } from '../../exactly-once/journal.js';
import { accountOf } from '../../exactly-once/journal-files.js';
import { KeyBook } from '../../exactly-once/key-book.js';
import { createdRecord, type Account } from '../../exactly-once/records.js';
import { openRun } from '../../exactly-once/run.js';
import { notAwaited, onStopSignals, untilForced, type Stopper } from '../../exactly-once/stop-signals.js';
import { Progress } from '../batch/progress.js';
import { atATime, plural } from '../batch/summary.js';
import { targetOf, type Target } from '../target.js';
import { failureOf } from './bulk-failure.js';
import { newItem, type BulkItem, type BulkOperation, type Planned } from './bulk-item.js';
import { bulkOutcome, bulkResults, markNotAttempted, tallyLine } from './bulk-output.js';
import type { RunResults } from '../run-results.js';
import { settleAnswer, stillAsPlanned } from './settle.js';
import type { ResumeCommand } from '../../exactly-once/resume-command.js';

export interface BulkOptions {
  concurrency?: string;
  dryRun?: boolean;
  /** The file system of the journal and its lock (tests pass one that fails). */
  fs?: StateFs;
  /** The command that resumes the change (the same ids and change), kept in its journal. */
  resume?: ResumeCommand;
}


/** `concurrency` workers over `count` slots, taken in order until `stopped()`. */
async function pool(concurrency: number, count: number, stopped: () => boolean, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (!stopped() && next < count) await work(next++);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

/** Reads every job and plans its change; the problems that forbid sending anything are returned. */
async function readAll<D>(ctx: Uses<'spinner'>, api: ApiClient, op: BulkOperation<D>, items: BulkItem<D>[], concurrency: number, stopper: Stopper): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  const spinner = ctx.spinner(`reading ${plural(items.length, 'job')}`);
  let read = 0;
  try {
    await pool(concurrency, items.length, () => stopper.reason !== undefined, async (index) => {
      const item = items[index]!;
      try {
        const job = await getJob(api, item.jobId);
        item.title = typeof job.title === 'string' ? job.title : '';
        item.record = createdRecord(job);
        item.basis = job;
        const planned = await op.plan(job);
        if ('problems' in planned) {
          problems.push(...planned.problems.map((p) => ({ ...p, job: item.jobId })));
          return;
        }
        item.planned = planned;
        item.id = `${item.jobId}.${bodyHash(planned.body)}`;
        item.intent = { operation: op.command.replace(/^recruit jobs /, ''), target: item.jobId, body: planned.body, state: jobState(job) };
        if (planned.unchanged) item.result = 'unchanged';
      } catch (error) {
        if (error instanceof UsageError) {
          problems.push({ job: item.jobId, message: error.message });
          return;
        }
        const failure = failureOf(error, false);
        item.result = 'failed';
        item.error = failure.error;
        item.exit = failure.exit;
        stopper.reason ??= failure.stop;
      } finally {
        spinner.update(`reading job ${item.jobId} (${++read} of ${items.length})`);
      }
    });
  } finally {
    spinner.stop();
  }
  return problems;
}

function throwProblems(problems: ErrorDetail[], total: number): void {
  if (problems.length === 0) return;
  const jobs = new Set(problems.map((p) => p.job)).size;
  throw new UsageError(
    `the change is invalid for ${jobs} of ${plural(total, 'job')}; nothing was sent`,
    problems.sort((a, b) => (a.job ?? 0) - (b.job ?? 0)),
    'fix the command (or the jobs) and run it again',
  );
}

/** The change's results, for the command to print. */
export async function runBulk<D>(ctx: Uses<'io' | 'env' | 'globals' | 'clock' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'info' | 'spinner'>, op: BulkOperation<D>, ids: readonly number[], options: BulkOptions = {}): Promise<RunResults> {
  const concurrency = options.concurrency !== undefined ? parseConcurrency(options.concurrency, '--concurrency') : ctx.settings().concurrency;
  if (ids.length === 0) {
    // Only stdin can bring none: a list that found nothing. Not an error, so that a pipe of
    // `jobs list ... --json` into a bulk change succeeds when there is nothing to change (`[]`).
    return { results: { json: [], rows: [], report: () => [] }, tally: () => 'no job ids on stdin: nothing to change' };
  }
  const api = await ctx.api();
  // The workers share the client: a 429 cuts how many of them send at once (AIMD), and the rate
  // limit the service names spaces their requests, as in a batch.
  api.adaptConcurrency(concurrency);
  const items = ids.map((id, index) => newItem<D>(index, id));
  const stopper: Stopper = {};
  const offSignals = onStopSignals(ctx, stopper);
  try {
    if (options.dryRun) {
      throwProblems(await readAll(ctx, api, op, items, concurrency, stopper), items.length);
      for (const item of items) if (item.planned && !item.planned.unchanged) item.result = 'would_change';
      return endOf(op, items, stopper.reason, true);
    }
    const target = targetOf(ctx, api);
    const account = accountOf(target.baseUrl, api);
    // Locked before the jobs are read: a second run of the same change would give the same jobs keys of its own.
    const resume = options.resume ? { resume: options.resume } : {};
    const run = openRun(ctx, { account, input: op.input, command: op.command, what: op.what, ...resume, ...(options.fs ? { fs: options.fs } : {}) });
    if (ctx.globals.verbose) ctx.info(`bulk journal: ${run.file}`);
    try {
      throwProblems(await readAll(ctx, api, op, items, concurrency, stopper), items.length);
      const note = op.note?.(items.flatMap((i) => (i.planned && !i.planned.unchanged ? [i.planned] : [])));
      if (note) ctx.info(note);
      const journal = await run.openJournal({ items: { size: items.length, id: (i) => items[i]!.id } });
      await sendPhase(ctx, op, api, items, journal, { concurrency, stopper, target, account, input: op.input });
    } finally {
      run.close();
    }
    return endOf(op, items, stopper.reason, false, options.resume);
  } finally {
    offSignals();
  }
}

/**
 * A new key for `item`: derived from what it asks and the state it was planned from, so that two
 * machines making the same change send the same key; random for an item without an intent or
 * refused earlier (a service that keeps refusals with their key would answer with that refusal).
 */
function itemKey<D>(ctx: Uses<'newKey'>, journal: Journal, item: BulkItem<D>): string {
  return item.intent && !journal.earlier.refused.has(item.index) ? deriveKey(item.intent) : ctx.newKey();
}

export interface SendSettings {
  concurrency: number;
  stopper: Stopper;
  target: Target;
  account: Account;
  input: string;
}

export async function sendPhase<D>(ctx: Uses<'io' | 'env' | 'globals' | 'now' | 'newKey' | 'info' | 'spinner'>, op: BulkOperation<D>, api: ApiClient, items: BulkItem<D>[], journal: Journal, s: SendSettings): Promise<void> {
  const { stopper } = s;
  const earlier = journal.earlier.keys;
  // A job already as asked whose change an earlier run sent without an answer: that change (or
  // another) is in place, so the key is settled and never sent again (a later run of the same
  // change, after the job was changed back, gets a new key rather than the old answer's replay).
  for (const item of items) {
    if (item.result === 'unchanged' && earlier.has(item.index)) journal.created(item.id, item.record!);
  }
  const pending = (index: number) => {
    const item = items[index]!;
    return item.result === 'not_attempted' && item.planned !== undefined && !item.sent;
  };
  const toSend = items.filter((_, i) => pending(i)).length;
  const unchanged = items.filter((i) => i.result === 'unchanged').length;
  if (toSend === 0 || stopper.reason) {
    if (toSend === 0 && unchanged === items.length) ctx.info(`nothing to send: ${unchanged === 1 ? 'the job already is' : `all ${unchanged} jobs already are`} as asked`);
    return;
  }
  journal.begin(s.input, s.target, s.account, items.length, ctx.now(), toSend);
  const resent = items.filter((item, i) => pending(i) && earlier.has(item.index)).length;
  const parts = [
    `${op.starting(`${toSend < items.length ? `${toSend} of ${items.length} jobs` : plural(toSend, 'job')}`)}${atATime(toSend, s.concurrency)}`,
    ...(unchanged ? [`${unchanged} already as asked`] : []),
    ...(resent ? [`${resent} unanswered earlier, re-sent with their original key`] : []),
  ];
  ctx.info(parts.join('; '));

  const keys = new KeyBook({ journal, identities: { size: items.length, id: (i) => items[i]!.id }, resendKeys: earlier, newKey: (i) => itemKey(ctx, journal, items[i]!), pending, size: items.length });
  journal.onFailure = () => void (stopper.reason ??= 'local_state');
  const progress = new Progress(ctx, toSend, toSend, { done: 'changed', unit: 'jobs' });
  progress.start();
  const order = items.flatMap((item, i) => (pending(i) ? [i] : []));
  // A create answered with the id of a job this change updates or closes, or that another create got, is no create.
  const claims = new CreatedIds();
  for (const item of items) if (item.jobId !== 0) claims.claim(item.jobId, `item ${item.index}`);
  // A second Ctrl-C stops awaiting the requests in flight: their jobs are reported as of unknown
  // outcome, and an answer that comes later is not looked at (the journal is closed by then).
  const force = untilForced(stopper);
  try {
    await Promise.race([force.forced, pool(s.concurrency, order.length, () => stopper.reason !== undefined, async (slot) => {
      const item = items[order[slot]!]!;
      const planned = item.planned as Planned<D>;
      const check = await stillAsPlanned(api, op, item); // read again right before its PATCH
      if (stopper.forced) return; // the run has reported: nothing more is sent
      if (!check.send) {
        stopper.reason ??= check.stop;
        progress.answered(false);
        return;
      }
      let key: string;
      try {
        key = keys.take(item.index); // on disk before the first byte is sent, or not sent
      } catch (error) {
        if (!(error instanceof LocalStateError)) throw error;
        return; // the journal's failure has stopped the run (onFailure)
      }
      item.sent = true;
      try {
        const answer = await op.send(api, item.jobId, planned.body, key);
        if (stopper.forced) return;
        await settleAnswer(op, item, answer, { api, journal, claims, resent: earlier.has(item.index) });
        progress.answered(item.result !== 'failed');
      } catch (error) {
        if (stopper.forced) return;
        const failure = op.failure?.(planned.detail, error) ?? failureOf(error, true);
        if (failure.definitive) journal.refused(item.id, failure.error);
        if (failure.result === 'not_attempted') {
          item.sent = false; // the client gave up before sending it
          if (!earlier.has(item.index)) journal.unsent(item.id, key);
        }
        item.result = failure.result;
        item.error = failure.error;
        item.exit = failure.exit;
        stopper.reason ??= failure.stop;
        progress.answered(false);
      }
    })]);
  } finally {
    force.off();
    keys.release();
    progress.clear();
  }
  if (!stopper.forced) return;
  const { error, exit } = notAwaited(stopper);
  for (const item of items) {
    if (!item.sent || item.result !== 'not_attempted') continue;
    item.result = 'unknown';
    item.error = error;
    item.exit = exit;
  }
}

/** The end of a change: every job's result, the tally and the outcome, for the command to print. */
export function endOf<D>(op: BulkOperation<D>, items: BulkItem<D>[], reason: StopReason | undefined, dryRun = false, resume?: ResumeCommand): RunResults {
  markNotAttempted(items, reason);
  for (const item of items) item.view ??= op.view(item.result, item.planned?.detail, item.planned?.body);
  return {
    results: bulkResults(items, reason),
    tally: (seconds) => `${tallyLine(items, seconds)}${dryRun ? '; nothing sent (--dry-run)' : ''}`,
    error: bulkOutcome(items, reason, resume),
  };
}
