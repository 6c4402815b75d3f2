// One job of a bulk change around its request, checked against the account as it is now
// (docs/decisions.md, "Answers and plans checked against the account"): read again right before
// the PATCH (a job changed since its plan is not sent), and its answer checked before it is
// believed (a replay must still hold, an answer must not contradict the request, a create must not
// name a job another item got).
import type { ApiClient } from '../../api/client.js';
import { ApiError } from '../../api/errors.js';
import { getJob } from '../../api/jobs.js';
import type { Job } from '../../api/types.js';
import { EXIT } from '../../core/exit-codes.js';
import { takenIdError, type CreatedIds } from '../../exactly-once/created-ids.js';
import type { Journal } from '../../exactly-once/journal.js';
import { createdRecord } from '../../exactly-once/records.js';
import type { BulkItem, BulkOperation, Planned } from './bulk-item.js';
import { failureOf } from './bulk-failure.js';
import { changedSince, replayDiffers } from '../../exactly-once/verify.js';

/**
 * Reads the job again; false (the item failed, nothing sent) when it is no longer the job the
 * change was planned from, or cannot be read. Creates (job id 0) have nothing to read.
 */
export async function stillAsPlanned<D>(api: ApiClient, op: BulkOperation<D>, item: BulkItem<D>): Promise<{ send: boolean; stop?: ReturnType<typeof failureOf>['stop'] }> {
  if (item.jobId === 0 || !item.basis) return { send: true };
  let now: Job;
  try {
    now = await getJob(api, item.jobId);
  } catch (error) {
    const failure = failureOf(error, false);
    item.result = failure.result;
    item.error = failure.error;
    item.exit = failure.exit;
    return { send: false, ...(failure.stop ? { stop: failure.stop } : {}) };
  }
  const changed = changedSince(item.basis, now, item.planned!.body);
  if (changed.length === 0) return { send: true };
  item.result = 'failed';
  item.error = { code: 'changed_since_plan', message: `changed since the plan (${changed.join(', ')}): not sent; ${op.replan ?? 'run the command again'}`, status: null };
  item.exit = EXIT.CONFLICT;
  return { send: false };
}

export interface AnswerContext {
  api: ApiClient;
  journal: Journal;
  /** The ids creates were answered with, and the jobs the change updates. */
  claims: CreatedIds;
  /** The key was an earlier run's, re-sent. */
  resent: boolean;
}

/**
 * What the answer to a sent change means for the item. Throws (for failureOf) an answer that
 * contradicts the request: its outcome is not known, and its key is kept for a re-run.
 */
export async function settleAnswer<D>(op: BulkOperation<D>, item: BulkItem<D>, answer: { job: Job; replayed: boolean }, c: AnswerContext): Promise<void> {
  const planned = item.planned as Planned<D>;
  const after = answer.job;
  if (item.jobId === 0) {
    const other = c.claims.claim(after.id, `item ${item.index}`);
    if (other !== undefined) throw takenIdError(after.id, other);
  }
  if (answer.replayed && item.jobId !== 0) {
    const now = await getJob(c.api, item.jobId);
    if (replayDiffers(planned.body, after, now).length > 0) {
      // The recorded answer is final for its key: settled, so that a later run changes the job anew.
      c.journal.created(item.id, createdRecord(now));
      item.result = 'failed';
      item.error = { code: 'changed_since_replay', message: `${op.undoneSince?.(planned.detail, now) ?? 'changed by this command earlier, changed since by someone else'}: not changed again`, status: null };
      item.exit = EXIT.CONFLICT;
      item.view = op.view('failed', planned.detail, planned.body);
      return;
    }
  }
  const { changed, view, contradiction, conflict, label } = op.answered(planned.detail, planned.body, after);
  if (contradiction) {
    throw new ApiError('contradicting_answer', contradiction, 200, [], { method: 'PATCH', path: `/jobs/${item.jobId}`, attempts: 1 });
  }
  c.journal.created(item.id, createdRecord(after));
  if (item.jobId === 0) item.jobId = after.id; // a job created by this request (jobs apply)
  if (conflict) {
    // The job exists, not as asked: recorded (the next run plans from it), and said, exit 4.
    item.result = 'failed';
    item.error = { ...conflict, status: null };
    item.exit = EXIT.CONFLICT;
    item.view = view;
    return;
  }
  const earlier = answer.replayed && c.resent;
  // A replay of an earlier run's request that still holds: done then, not by this run.
  item.result = changed && !earlier ? 'changed' : 'unchanged';
  if (label !== undefined) item.label = label;
  item.view = earlier ? { ...view, json: { ...view.json, replayed: true }, text: `${view.text} (done by an earlier run of this command; its answer replayed)` } : view;
}
