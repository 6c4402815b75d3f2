// What a retry's wait is called on stderr: a line of its own, or the end of a spinner's line.
import type { RetryNotice } from '../api/client.js';

/** "503 from POST /jobs; retrying in 2.1 s (attempt 2 of 5)". */
export function describeRetry(n: RetryNotice): string {
  const cause = typeof n.cause === 'number' ? `${n.cause} from ${n.method} ${n.path}` : `no answer from ${n.method} ${n.path} (${n.cause})`;
  return `${cause}; retrying in ${(n.delayMs / 1000).toFixed(1)} s (attempt ${n.attempt} of ${n.maxAttempts})`;
}

/** "503; retrying in 2.1 s": the same wait, for a spinner line with little room left. */
export function describeRetryShortly(n: RetryNotice): string {
  return `${typeof n.cause === 'number' ? n.cause : 'no answer'}; retrying in ${(n.delayMs / 1000).toFixed(1)} s`;
}
