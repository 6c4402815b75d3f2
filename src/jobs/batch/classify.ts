// What one failed POST /jobs means for the item, the journal and the rest of the run.
import { ApiError } from '../../api/errors.js';
import { EXIT, type ExitCode } from '../../cli/exit-codes.js';
import type { ItemError, ResultKind } from './results.js';

export type StopReason = 'auth' | 'capacity' | 'interrupted' | 'changed';

export interface Failure {
  result: Extract<ResultKind, 'refused' | 'failed'>;
  error: ItemError;
  exit: ExitCode;
  /**
   * A definitive answer, written to the journal as the item's outcome. Without it the item stays
   * "sent, unanswered" and a re-run re-sends it with the same key (the service replays, no duplicate).
   */
  definitive: boolean;
  stop?: StopReason;
}

export const CAPACITY_CODE = 'active_job_limit_reached';
const KEY_IN_USE_CODE = 'idempotency_key_in_use';

export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof ApiError)) {
    const message = error instanceof Error ? error.message : String(error);
    return { result: 'failed', error: { code: 'internal', message, status: null }, exit: EXIT.API_FAILED, definitive: false };
  }
  const status = error.status;
  const itemError: ItemError = { code: error.code, message: shortMessage(error), status };
  if (status === 401 || status === 403) {
    // The token, not the item: nothing was done, the same key is used again next time.
    return { result: 'failed', error: itemError, exit: EXIT.AUTH, definitive: false, stop: 'auth' };
  }
  if (status === 409 && error.serverCode === KEY_IN_USE_CODE) {
    // The first request with this key is still being processed: it may yet create the job.
    return { result: 'failed', error: itemError, exit: EXIT.GAVE_UP, definitive: false };
  }
  if (status === 409) {
    const capacity = error.serverCode === CAPACITY_CODE;
    return { result: 'refused', error: itemError, exit: EXIT.CONFLICT, definitive: true, ...(capacity ? { stop: 'capacity' as const } : {}) };
  }
  if (error.retryable) return { result: 'failed', error: itemError, exit: EXIT.GAVE_UP, definitive: false };
  if (status !== null && status >= 400 && status < 500) return { result: 'refused', error: itemError, exit: EXIT.API_FAILED, definitive: true };
  // A 500 and the like: the job may or may not exist; the same key settles it on a re-run.
  return { result: 'failed', error: itemError, exit: EXIT.API_FAILED, definitive: false };
}

/** The server's words and field details, without the method and URL every item shares. */
function shortMessage(error: ApiError): string {
  const text = error.message.replace(/^[A-Z]+ \S+ failed(?: with \d+)?: /, '');
  const details = error.details.map((d) => (d.field ? `${d.field}: ${d.message}` : d.message));
  return details.length > 0 ? `${text} (${details.join('; ')})` : text;
}
