// The sandbox's rate limit (`--rate-limit`): a token bucket per bearer token, the IETF RateLimit
// fields on every answer, 429 with Retry-After past the bucket, and the /_sandbox/rate-limit control.
import { describe, expect, it } from 'vitest';
import { parseRateLimit, RateLimiter, RateLimitSpecError } from '../../src/sandbox/rate-limit.js';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox } from '../helpers/sandbox.js';

describe('parseRateLimit', () => {
  it('reads requests per second or per minute, with a burst of a fifth of a second (at least two)', () => {
    expect(parseRateLimit('50/s')).toEqual({ text: '50/s', quota: 50, windowSeconds: 1, perSecond: 50, burst: 10 });
    expect(parseRateLimit(' 120 / min ')).toEqual({ text: '120/min', quota: 120, windowSeconds: 60, perSecond: 2, burst: 2 });
    expect(parseRateLimit('5/s')?.burst).toBe(2);
    expect(parseRateLimit('11/second')?.burst).toBe(3);
    expect(parseRateLimit('off')).toBeUndefined();
    expect(parseRateLimit('')).toBeUndefined();
  });

  it('takes the burst it is given, a bucket of one included', () => {
    expect(parseRateLimit('5/s,burst=1')).toEqual({ text: '5/s,burst=1', quota: 5, windowSeconds: 1, perSecond: 5, burst: 1 });
    expect(parseRateLimit(' 60 / min , BURST = 30 ')).toEqual({ text: '60/min,burst=30', quota: 60, windowSeconds: 60, perSecond: 1, burst: 30 });
  });

  it.each(['0/s', '50', '50/h', '-5/s', '1.5/s', '2000000/s', 'fast', '5/s,burst=0', '5/s,burst=2000000', '5/s,burst=', '5/s,bust=1', '5/s burst=1'])(
    'refuses %j',
    (text) => {
      expect(() => parseRateLimit(text)).toThrow(RateLimitSpecError);
    },
  );
});

describe('RateLimiter', () => {
  it('lets a burst through, then one request per 1/rate, for each token on its own', () => {
    let now = 0;
    const limiter = new RateLimiter('10/s', () => now); // burst 2
    expect([limiter.take('a').allowed, limiter.take('a').allowed, limiter.take('a').allowed]).toEqual([true, true, false]);
    expect(limiter.take('b').allowed).toBe(true);
    now = 99;
    expect(limiter.take('a').allowed).toBe(false);
    now = 1000; // ten refills since: the bucket holds at most its burst of two
    expect(limiter.take('a')).toMatchObject({ allowed: true, headers: { ratelimit: '"sandbox";r=1;t=1' } });
    expect(limiter.refused).toBe(2);
  });

  it('names the wait in whole seconds, at least one', () => {
    const limiter = new RateLimiter('2/min', () => 0); // burst 2, a request per 30 s
    limiter.take('a');
    limiter.take('a');
    expect(limiter.take('a')).toMatchObject({ allowed: false, retryAfter: 30 });
    const fast = new RateLimiter('100/s', () => 0);
    for (let i = 0; i < 20; i++) fast.take('a');
    expect(fast.take('a').retryAfter).toBe(1);
  });

  it('has no fields and no refusals when off; reset returns to the limit it started with', () => {
    const limiter = new RateLimiter('', () => 0);
    expect(limiter.take('a')).toEqual({ allowed: true, headers: {} });
    limiter.configure('1/s,burst=1');
    limiter.take('a');
    expect(limiter.take('a').allowed).toBe(false);
    expect(limiter.describe()).toEqual({ limit: '1/s,burst=1', quota: 1, windowSeconds: 1, burst: 1, refused: 1 });
    limiter.reset();
    expect(limiter.describe()).toEqual({ limit: 'off', refused: 0 });
  });
});

describe('sandbox with --rate-limit 5/s', () => {
  // The bucket's clock stands still: no request is let through by a refill, however slow the machine.
  const sandbox = useSandbox({ rateLimit: '5/s', rateLimitNow: () => 0 });

  it('puts the policy and what remains on every answer, and answers 429 with Retry-After past the burst', async () => {
    await call(sandbox.current, 'POST', '/_sandbox/reset');
    const first = await call(sandbox.current, 'GET', '/v1/industries');
    expect(first.status).toBe(200);
    expect(first.headers['ratelimit-policy']).toBe('"sandbox";q=5;w=1');
    expect(first.headers.ratelimit).toBe('"sandbox";r=1;t=1');
    const burst = await call(sandbox.current, 'GET', '/v1/jobs/999999');
    expect(burst.status).toBe(404); // a burst of two: counted, and answered
    expect(burst.headers.ratelimit).toBe('"sandbox";r=0;t=1');
    const second = await call(sandbox.current, 'GET', '/v1/jobs/999999');
    expect(second.status).toBe(429);
    expect(second.headers['retry-after']).toBe('1');
    expect(second.headers['ratelimit-policy']).toBe('"sandbox";q=5;w=1');
    expect(second.body.error.code).toBe('rate_limited');
    // Another token has a bucket of its own; a request without a valid token is not counted.
    expect((await call(sandbox.current, 'GET', '/v1/industries', { token: 'sbx_approval_full' })).status).toBe(200);
    expect((await call(sandbox.current, 'GET', '/v1/industries', { token: 'nope' })).status).toBe(401);
    const state = await call(sandbox.current, 'GET', '/_sandbox/rate-limit');
    expect(state.body).toEqual({ limit: '5/s', quota: 5, windowSeconds: 1, burst: 2, refused: 1 });
  });

  it('carries the fields on error answers of a token too', async () => {
    await call(sandbox.current, 'POST', '/_sandbox/reset');
    const missing = await call(sandbox.current, 'GET', '/v1/jobs/999999');
    expect(missing.status).toBe(404);
    expect(missing.headers['ratelimit-policy']).toBe('"sandbox";q=5;w=1');
  });

  it('is changed at run time through /_sandbox/rate-limit, and reset restores the limit it started with', async () => {
    const set = await call(sandbox.current, 'PUT', '/_sandbox/rate-limit', { body: { limit: '120/min' } });
    expect(set.body).toEqual({ limit: '120/min', quota: 120, windowSeconds: 60, burst: 2, refused: 0 });
    const strict = await call(sandbox.current, 'PUT', '/_sandbox/rate-limit', { body: { limit: '120/min,burst=1' } });
    expect(strict.body).toEqual({ limit: '120/min,burst=1', quota: 120, windowSeconds: 60, burst: 1, refused: 0 });
    const once = await call(sandbox.current, 'GET', '/v1/industries');
    expect([once.status, (await call(sandbox.current, 'GET', '/v1/industries')).status]).toEqual([200, 429]);
    expect((await call(sandbox.current, 'GET', '/v1/industries')).headers['ratelimit-policy']).toBe('"sandbox";q=120;w=60');
    const off = await call(sandbox.current, 'PUT', '/_sandbox/rate-limit', { body: { limit: 'off' } });
    expect(off.body).toEqual({ limit: 'off', refused: 0 });
    const free = await Promise.all(Array.from({ length: 10 }, () => call(sandbox.current, 'GET', '/v1/industries')));
    expect(free.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(free[0]!.headers['ratelimit-policy']).toBeUndefined();
    const bad = await call(sandbox.current, 'PUT', '/_sandbox/rate-limit', { body: { limit: '5/hour' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_rate_limit');
    expect((await call(sandbox.current, 'PUT', '/_sandbox/rate-limit', { body: { limit: 5 } })).status).toBe(400);
    await call(sandbox.current, 'POST', '/_sandbox/reset');
    expect((await call(sandbox.current, 'GET', '/_sandbox/rate-limit')).body.limit).toBe('5/s');
  });
});

describe('recruit sandbox serve --rate-limit', () => {
  it('refuses a limit it cannot read, naming the flag, before listening', async () => {
    const res = await runCli(['sandbox', 'serve', '--port', '0', '--rate-limit', '5/hour']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('--rate-limit: a rate limit is <requests>/s or <requests>/min');
    expect(res.stdout).toBe('');
  });
});
