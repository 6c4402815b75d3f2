import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, isRetryableStatus, mayRetry, parseRetryAfter, retryDelay } from '../../src/api/retry.js';

const NOW = Date.parse('2026-11-22T10:00:00Z');

describe('retry policy', () => {
  it('retries GET, HEAD and OPTIONS always, and POST/PATCH only with an Idempotency-Key', () => {
    expect(['GET', 'get', 'HEAD', 'OPTIONS'].map((m) => mayRetry(m, false))).toEqual([true, true, true, true]);
    expect(['POST', 'PATCH', 'PUT', 'DELETE'].map((m) => mayRetry(m, false))).toEqual([false, false, false, false]);
    expect(mayRetry('POST', true)).toBe(true);
    expect(mayRetry('patch', true)).toBe(true);
  });

  it('retries 429 and 503 only', () => {
    expect([429, 503].map(isRetryableStatus)).toEqual([true, true]);
    expect([200, 400, 409, 500, 502, 504].map(isRetryableStatus)).toEqual([false, false, false, false, false, false]);
  });

  it('reads Retry-After in seconds, any number of digits', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3000);
    expect(parseRetryAfter(' 12 ', NOW)).toBe(12_000);
    expect(parseRetryAfter('0', NOW)).toBe(0);
    expect(parseRetryAfter('100000', NOW)).toBe(100_000_000);
  });

  it('reads Retry-After as an HTTP date in each of its three forms; a date past is no wait', () => {
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:07 GMT', NOW)).toBe(7000);
    expect(parseRetryAfter('Sunday, 22-Nov-26 10:01:00 GMT', NOW)).toBe(60_000);
    expect(parseRetryAfter('Sun Nov 22 10:00:30 2026', NOW)).toBe(30_000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:59:00 GMT', NOW)).toBe(0);
    expect(parseRetryAfter('Fri, 22 Nov 2030 10:00:00 GMT', NOW)).toBe(Date.parse('2030-11-22T10:00:00Z') - NOW);
  });

  it('ignores what is neither: negative or fractional numbers, other date forms, words, nothing', () => {
    const words = ['x Sun, 22 Nov 2026 10:00:07 GMT', 'Sun, 22 Nov 2026 10:00:07 GMT soon', '12 s'];
    // The asctime form with a two-digit year is no HTTP-date, though Date.parse reads it (as 2026).
    const twoDigitYear = 'Sun Nov 22 10:00:30 26';
    for (const value of ['-5', '-0', '1.5', '2026-11-22T10:00:07Z', '22 Nov 2026', 'soon', '', '   ', undefined, twoDigitYear, ...words]) {
      expect(parseRetryAfter(value, NOW), String(value)).toBeUndefined();
    }
  });

  it('backs off exponentially with equal jitter, capped', () => {
    const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    // random() = 0 gives the lower bound (half the cap), 1 the upper bound (the cap).
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelay(policy, a, undefined, () => 0))).toEqual([50, 100, 200, 400, 500, 500]);
    expect([1, 2, 3, 4, 5, 6].map((a) => retryDelay(policy, a, undefined, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(retryDelay(policy, 1, undefined, () => 0.5)).toBe(75);
  });

  it("uses the server's Retry-After as it is (the client gives up on one longer than its cap)", () => {
    expect(retryDelay(DEFAULT_RETRY, 1, 2000, () => 0.5)).toBe(2000);
    expect(retryDelay(DEFAULT_RETRY, 3, 0, () => 0.5)).toBe(0);
    expect(DEFAULT_RETRY).toEqual({ maxAttempts: 5, baseDelayMs: 300, maxDelayMs: 8_000, maxRetryAfterMs: 60_000 });
  });
});
