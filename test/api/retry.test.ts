import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, mayRetry, parseRetryAfter, retryDelay } from '../../src/api/retry.js';

describe('retry policy', () => {
  it('retries GET always, and POST/PATCH only with an Idempotency-Key', () => {
    expect(mayRetry('GET', false)).toBe(true);
    expect(mayRetry('POST', false)).toBe(false);
    expect(mayRetry('PATCH', false)).toBe(false);
    expect(mayRetry('POST', true)).toBe(true);
    expect(mayRetry('patch', true)).toBe(true);
  });

  it('reads Retry-After in seconds and as an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it('backs off exponentially with equal jitter, capped', () => {
    const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    // random() = 0 gives the lower bound (half the cap), 1 the upper bound (the cap).
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelay(policy, a, undefined, () => 0))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelay(policy, a, undefined, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it("uses the server's Retry-After, capped at maxRetryAfterMs", () => {
    expect(retryDelay(DEFAULT_RETRY, 1, 2000, () => 0.5)).toBe(2000);
    expect(retryDelay({ ...DEFAULT_RETRY, maxRetryAfterMs: 5000 }, 1, 120_000, () => 0.5)).toBe(5000);
  });
});
