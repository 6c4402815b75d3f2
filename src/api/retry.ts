// When and how long to wait before trying a request again (docs/decisions.md): 429 (honouring Retry-After,
// in seconds or as an HTTP date), 503 and connection errors; capped exponential backoff with jitter.
// GET is always retried; POST and PATCH only when they carry an Idempotency-Key.

export interface RetryPolicy {
  maxAttempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** A Retry-After longer than this is not waited out: the request gives up, naming the wait. */
  maxRetryAfterMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { maxAttempts: 5, baseDelayMs: 300, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 };

export function isRetryableStatus(status: number): boolean {
  return status === 429 || status === 503;
}

export function mayRetry(method: string, hasIdempotencyKey: boolean): boolean {
  const m = method.toUpperCase();
  return m === 'GET' || m === 'HEAD' || m === 'OPTIONS' || hasIdempotencyKey;
}

/**
 * The start of an HTTP-date (RFC 9110 5.6.7): IMF-fixdate, or the obsolete RFC 850 and asctime
 * forms. What follows is left to Date.parse, which refuses trailing words.
 */
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,? [\w -]+ \d{2}:\d{2}:\d{2}(?: GMT| \d{4})/;

/**
 * Milliseconds from Retry-After: delay-seconds or an HTTP-date (a date past is no wait). Undefined
 * when absent or unreadable, negative numbers and other dates included: the normal backoff applies.
 */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  const trimmed = value?.trim() ?? '';
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  if (!HTTP_DATE.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * The wait before attempt `attempt + 1` (attempt counts from 1). With Retry-After the server's
 * wait is used; otherwise "equal jitter": half the capped exponential delay plus a random
 * share of the other half, so that parallel clients spread out.
 */
export function retryDelay(policy: RetryPolicy, attempt: number, retryAfterMs: number | undefined, random: () => number): number {
  if (retryAfterMs !== undefined) return retryAfterMs;
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return Math.round(cap / 2 + random() * (cap / 2));
}
