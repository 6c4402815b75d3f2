// What an answer means for the item, the journal and the rest of the run: a failed request (a final
// refusal, an unknown outcome, a reason to stop), or a replay of another run's request.
import { ApiError } from '../api/errors.js';
import { exitCodeOf } from '../core/api-failure.js';
import { EXIT, type ExitCode } from '../core/exit-codes.js';
import { ACTIVE_JOB_LIMIT_CODE } from '../domain/job-status.js';
import { isRefusal } from './refusal.js';

/** Why a run stopped handing out items before the end of the file. */
export type StopReason = 'auth' | 'proxy' | 'capacity' | 'wait' | 'interrupted' | 'terminated' | 'changed' | 'local_state';

/** What went wrong with one item, as its result shows it. */
export interface ItemError {
  code: string;
  message: string;
  status: number | null;
}

export interface Failure {
  /** `not_attempted`: the client gave up before sending the request (ApiError.neverSent). */
  result: 'refused' | 'failed' | 'unknown' | 'not_attempted';
  error: ItemError;
  exit: ExitCode;
  /**
   * A final answer about the item, written to the journal as its outcome. Without it the item
   * stays "sent, unanswered" and a re-run sends it again with the same key: the service answers an
   * earlier success with a replay, so nothing is created twice.
   */
  definitive: boolean;
  stop?: StopReason;
}

export const CAPACITY_CODE = ACTIVE_JOB_LIMIT_CODE;

export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { result: 'failed', error: { code: 'internal', message, status: null }, exit: EXIT.API_FAILED, definitive: false };
  }
  const status = error.status;
  const itemError: ItemError = { code: error.code, message: shortMessage(error), status };
  const exit = exitCodeOf(error);
  if (error.neverSent) {
    // Nothing reached the service: its rate limit, or a pause it asked for, left no turn before the deadline.
    return { result: 'not_attempted', error: itemError, exit, definitive: false, stop: 'wait' };
  }
  if (error.outcomeUnknown) {
    // No answer, a 5xx, a redirect, an answer that is not a created job, or the same key still in flight.
    return { result: 'unknown', error: itemError, exit, definitive: false };
  }
  if (status === 401 || status === 403) {
    // The token, not the item: nothing was done, the same key is used again next time.
    return { result: 'failed', error: itemError, exit, definitive: false, stop: 'auth' };
  }
  if (error.kind === 'proxy_auth' || error.kind === 'proxy_refused' || error.kind === 'proxy_unreachable') {
    // The proxy, not the item: nothing reached the service, and every other item would meet the same refusal.
    return { result: 'failed', error: itemError, exit, definitive: false, stop: 'proxy' };
  }
  if (error.kind === 'wait_too_long') return { result: 'failed', error: itemError, exit, definitive: false, stop: 'wait' };
  if (!isRefusal(error)) return { result: 'failed', error: itemError, exit, definitive: false };
  const capacity = error.serverCode === CAPACITY_CODE;
  return { result: 'refused', error: itemError, exit, definitive: true, ...(capacity ? { stop: 'capacity' as const } : {}) };
}

/** The server's words and field details, without the method and path every item shares. */
function shortMessage(error: ApiError): string {
  const gaveUp = error.failure.attempts > 1 ? ` (gave up after ${error.failure.attempts} attempts)` : '';
  const details = error.details.map((d) => (d.field ? `${d.field}: ${d.message}` : d.message));
  return `${error.reason}${details.length > 0 ? ` (${details.join('; ')})` : ''}${gaveUp}`;
}

/**
 * The error of an item whose job another run created first with other values (an apply create whose
 * key the service refused as reused, or whose replay holds other values): the job exists, but not as
 * this run asked, and a re-run plans it anew.
 */
export const CREATED_BY_ANOTHER_RUN = 'created_by_another_run';

/**
 * A replay answered at the first attempt to a key this journal had not sent before: the job was
 * created by another run that derived the same key (derived-key.ts). After a retry the first
 * attempt may have created it, so it counts as this run's.
 */
export function byAnotherRun(answer: { replayed: boolean; attempts: number }, resent: boolean): boolean {
  return answer.replayed && answer.attempts === 1 && !resent;
}
