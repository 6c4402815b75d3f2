// The second pass: N workers share one ApiClient (so one 429's Retry-After pauses them all) and
// pull the items to send from one stream over the file, so no more than N bodies are in memory.
import type { ApiClient } from '../../api/client.js';
import { createJob } from '../../api/jobs.js';
import type { Job } from '../../api/types.js';
import { LocalStateError } from '../../core/errors.js';
import { byAnotherRun, classifyFailure } from '../../exactly-once/classify.js';
import { CreatedIds, takenIdError } from '../../exactly-once/created-ids.js';
import type { ItemDeriver } from './item-body.js';
import type { Identities } from './item-identity.js';
import { createdRecord } from '../../exactly-once/records.js';
import { notAwaited, untilForced, type Stopper } from '../../exactly-once/stop-signals.js';
import type { Journal } from '../../exactly-once/journal.js';
import type { Progress } from './progress.js';
import type { ItemSource } from './read-items.js';
import type { BodyCache } from './body-cache.js';
import { KeyBook } from '../../exactly-once/key-book.js';
import type { Results } from './results.js';

export interface SendOptions {
  api: ApiClient;
  journal: Journal;
  deriver: ItemDeriver;
  source: ItemSource;
  cache: BodyCache;
  identities: Identities;
  /** Every item's result; the items to send start as `not_attempted`. */
  results: Results;
  /** Original keys of items sent by an earlier run that got no answer. */
  resendKeys: ReadonlyMap<number, string>;
  concurrency: number;
  newKey: (index: number) => string;
  progress: Progress;
  stopper: Stopper;
}

interface Task {
  index: number;
  id: string;
  /** The body: UTF-8 JSON kept by the first pass, or derived again from the file. */
  body: Uint8Array | Record<string, unknown>;
}

const pendingIn = (o: SendOptions, index: number) => index < o.results.size && o.results.kind(index) === 'not_attempted';

/** The items past the cached ones, derived again from the file, in file order. */
async function* uncachedTasks(o: SendOptions, cached: number): AsyncGenerator<Task> {
  let rest = false;
  for (let index = cached; index < o.results.size && !rest; index++) rest = pendingIn(o, index);
  if (!rest) return;
  for await (const raw of o.source.items()) {
    if (raw.index < cached || !pendingIn(o, raw.index)) continue;
    // Derived again from the file, which must not have changed: an NDJSON line is compared with its
    // first-pass fingerprint (cheap), a whole document was parsed once and kept.
    const same = raw.text === undefined || o.identities.sameLine(raw.index, raw.text);
    const item = same ? await o.deriver.derive(raw) : undefined;
    if (!item || item.problems.length > 0) {
      o.stopper.reason ??= 'changed';
      return;
    }
    yield { index: raw.index, id: o.identities.id(raw.index), body: item.body };
  }
}

/**
 * Hands out the items to send in file order: the cached ones at once (no promise per item, as
 * thousands go by), then one worker at a time takes the next item derived from the file.
 */
function taskQueue(o: SendOptions): { next: () => Task | undefined | Promise<Task | undefined>; close: () => Promise<void> } {
  const cached = o.cache.size;
  let cursor = 0;
  let rest: AsyncGenerator<Task> | undefined;
  let turn: Promise<unknown> = Promise.resolve();
  const next = () => {
    if (o.stopper.reason) return undefined;
    while (cursor < cached) {
      const index = cursor++;
      if (pendingIn(o, index)) return { index, id: o.identities.id(index), body: o.cache.get(index)! };
    }
    if (!rest) {
      o.cache.clear();
      rest = uncachedTasks(o, cached);
    }
    const items = rest;
    const task = turn.then(async () => {
      if (o.stopper.reason) return undefined;
      const step = await items.next();
      // Stopped (Ctrl-C, a failure) while the item was read: it is not sent either.
      return step.done || o.stopper.reason ? undefined : step.value;
    });
    turn = task.catch(() => undefined);
    return task;
  };
  const close = async () => {
    await rest?.return(undefined);
  };
  return { next, close };
}

/**
 * Sends every pending item; returns the identities of those answered with a job another run
 * created (a replay of a key this journal had not sent before: another file with the same items,
 * another machine, or a copy of the file).
 */
export async function sendAll(o: SendOptions): Promise<string[]> {
  const { next, close } = taskQueue(o);
  const keys = new KeyBook({ ...o, pending: (index) => pendingIn(o, index), size: o.results.size });
  // The workers share the client: a 429 cuts how many of them send at once (AIMD), and the rate
  // limit the service names spaces their requests.
  o.api.adaptConcurrency(o.concurrency);
  // A journal that cannot be written stops the run: the requests in flight end, no new one starts.
  o.journal.onFailure = () => void (o.stopper.reason ??= 'local_state');

  const claims = new CreatedIds();
  const elsewhere: string[] = [];
  const created = (task: Task, job: Job, key: string, byAnother = false): void => {
    const other = claims.claim(job.id, `item ${task.index}`);
    if (other !== undefined) return failed(task, takenIdError(job.id, other), key);
    const record = createdRecord(job);
    o.journal.created(task.id, record);
    if (byAnother) elsewhere.push(task.id);
    o.results.created(task.index, byAnother ? 'already_created' : 'created', record);
    o.progress.answered(true);
  };
  const failed = (task: Task, error: unknown, key: string): void => {
    const failure = classifyFailure(error);
    if (failure.definitive) o.journal.refused(task.id, failure.error);
    // Never sent: a new key was not used (an earlier run's key may have been, and stays).
    if (failure.result === 'not_attempted' && !o.resendKeys.has(task.index)) o.journal.unsent(task.id, key);
    o.results.failed(task.index, failure.result, failure.error, failure.exit);
    o.stopper.reason ??= failure.stop;
    o.progress.answered(false);
  };

  // A second Ctrl-C stops awaiting the requests in flight: their items are reported as of unknown
  // outcome, and an answer that comes later is not looked at (the journal is closed by then).
  const force = untilForced(o.stopper);
  const inFlight = new Set<number>();

  // The request is awaited here, in the worker's loop, and a task already at hand is not awaited:
  // every await and async call is a promise and a microtask more per item.
  const worker = async (): Promise<void> => {
    for (;;) {
      const pending = next();
      const task = pending instanceof Promise ? await pending : pending;
      if (!task || o.stopper.forced) return;
      let key: string;
      try {
        key = keys.take(task.index); // on disk before the first byte is sent, or not sent
      } catch (error) {
        // A journal that cannot be written has already stopped the run (onFailure above).
        if (!(error instanceof LocalStateError)) throw error;
        return;
      }
      inFlight.add(task.index);
      try {
        const answer = await createJob(o.api, task.body, key);
        if (o.stopper.forced) return;
        created(task, answer.job, key, byAnotherRun(answer, o.resendKeys.has(task.index)));
      } catch (error) {
        if (o.stopper.forced) return;
        failed(task, error, key);
      }
      inFlight.delete(task.index);
    }
  };

  const settled = (await Promise.race([Promise.allSettled(Array.from({ length: o.concurrency }, worker)), force.forced])) ?? [];
  force.off();
  keys.release();
  if (o.stopper.forced) {
    const { error, exit } = notAwaited(o.stopper);
    for (const index of inFlight) o.results.failed(index, 'unknown', error, exit);
  }
  await close();
  const crashed = settled.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (crashed) throw crashed.reason;
  return elsewhere;
}

