// One job of a bulk change (`jobs status <id...>`, `jobs update <id...>`) and what an operation
// tells the runner about it. The runner (run-bulk.ts) reads each job, asks the operation what to
// send, sends it through the batch's journal and key book, and asks the operation how to show it.
import type { ApiClient } from '../../api/client.js';
import type { Job } from '../../api/types.js';
import type { ErrorDetail } from '../../core/errors.js';
import { EXIT, type ExitCode } from '../../core/exit-codes.js';
import type { KeyIntent } from '../../exactly-once/derived-key.js';
import type { CreatedRecord } from '../../exactly-once/records.js';
import type { Failure, ItemError } from '../../exactly-once/classify.js';

/**
 * `changed`: sent, and the service changed the job. `unchanged`: the job already was as asked, so
 * nothing was sent (or, for an update the service took without changing anything, see `sent`).
 * `would_change`: --dry-run. The others as in a batch (docs/batch.md).
 */
export const BULK_RESULTS = ['changed', 'would_change', 'unchanged', 'refused', 'failed', 'unknown', 'not_attempted'] as const;
export type BulkResult = (typeof BULK_RESULTS)[number];

export const BULK_LABELS: Record<BulkResult, string> = {
  changed: 'changed',
  unchanged: 'unchanged',
  would_change: 'would change',
  refused: 'refused',
  failed: 'failed',
  unknown: 'outcome unknown',
  not_attempted: 'not attempted',
};

/** The result's word for people: a changed job in the operation's word (`created`) when it has one. */
export function labelOf(item: Pick<BulkItem<unknown>, 'result' | 'label'>): string {
  return item.result === 'changed' && item.label !== undefined ? item.label : BULK_LABELS[item.result];
}

export function isDone(result: BulkResult): boolean {
  return result === 'changed' || result === 'unchanged' || result === 'would_change';
}

/** How an operation shows one job: fields of its --json result, columns of its piped row, words for people. */
export interface ItemView {
  json: Record<string, unknown>;
  cells: string[];
  text: string;
}

export interface Planned<D> {
  /** The body that makes the job as asked (sent unless `unchanged`). */
  body: Record<string, unknown>;
  /** The job already is as asked: nothing is sent. */
  unchanged: boolean;
  /** What the operation keeps to show the job later. */
  detail: D;
}

export interface BulkOperation<D> {
  /** The command, for messages: `recruit jobs status`. */
  command: string;
  /** What is changed, for the lock's message: `the change of status to Closed (1)`. */
  what: string;
  /** The start line's words for `jobs` ("3 jobs of 40"): `changing the status of 3 jobs to Closed (1)`. */
  starting(jobs: string): string;
  /** The journal's input: the same change on the same account resumes the same journal. */
  input: string;
  /** What `body` makes of the job, or the problems that forbid sending anything (exit 2). */
  plan(job: Job): Promise<Planned<D> | { problems: ErrorDetail[] }>;
  /** Sends the change; `replayed`: the answer is the service's recorded answer to an earlier request with this key. */
  send(api: ApiClient, id: number, body: Record<string, unknown>, key: string): Promise<{ job: Job; replayed: boolean }>;
  /**
   * A job whose change was answered: whether the service changed it, and how it shows; `contradiction`
   * names what of the answer contradicts the request (what was sent, what came back); `conflict`, a
   * job the answer names that is not as asked (a create's replay with other values): failed, exit 4.
   * `label`: the word for a job it changed, where "changed" says too little (apply: `created`).
   */
  answered(detail: D, body: Record<string, unknown>, after: Job): { changed: boolean; view: ItemView; contradiction?: string; conflict?: Omit<ItemError, 'status'>; label?: string };
  /**
   * What a failed request means for this operation, when it knows better than the batch's rules
   * (classify.ts): apply's create refused for its key's reuse was created by another run.
   */
  failure?(detail: D, error: unknown): Failure | undefined;
  /**
   * A change re-sent with an earlier run's key, answered with that run's recorded answer, whose job
   * was changed since: what happened, in words (`closed by this command earlier, reopened since by
   * someone else (now In Progress)`).
   */
  undoneSince?(detail: D, now: Job): string;
  /** What to do about a job changed between its plan and its PATCH (`run the command again`). */
  replan?: string;
  /** A job not answered in this run (unchanged, would change, failed...); `detail` is undefined when it could not be read. */
  view(result: BulkResult, detail: D | undefined, body: Record<string, unknown> | undefined): ItemView;
  /** A line on stderr once every job is read, before anything is sent (the publication rule). */
  note?(planned: readonly Planned<D>[]): string | undefined;
}

export interface BulkItem<D> {
  index: number;
  jobId: number;
  title: string;
  result: BulkResult;
  /** The operation's word for a changed job (`created`, `updated`, `closed`); "changed" without one. */
  label?: string;
  /** A request to change the job was made in this run. */
  sent: boolean;
  exit: ExitCode;
  error: ItemError | null;
  planned?: Planned<D>;
  /** The job as read (unchanged items settle an earlier run's key with it). */
  record?: CreatedRecord;
  /** The job the change was planned from: read again right before the PATCH, it must still be so. */
  basis?: Job;
  /** The journal's identity: the job id and the hash of the body. */
  id: string;
  /** What its Idempotency-Key is derived from (derived-key.ts); without it the key is random. */
  intent?: KeyIntent;
  view?: ItemView;
}

export function newItem<D>(index: number, jobId: number): BulkItem<D> {
  return { index, jobId, title: '', result: 'not_attempted', sent: false, exit: EXIT.OK, error: null, id: `unread.${jobId}` };
}
