// The API client's bounds against the hostile server, in-process: the size cap to the byte, the
// default deadline (with a clock that moves only when the client sleeps, so 120 s cost nothing),
// a short deadline on fake timers, exact Retry-After values up to the 60 s cap and none beyond
// it, and a connection cut in the middle of a body.
import { describe, expect, it, vi } from 'vitest';
import { ApiClient, DEFAULT_TIMEOUTS, type ClientOptions } from '../../src/api/client.js';
import { countJsonValues } from '../../src/api/json-values.js';
import { exitCodeOf } from '../../src/core/api-failure.js';
import { cut, job, json, retryAfter, silent, stream, trickle, useHostileServer } from '../helpers/hostile-server.js';
import { failure } from '../helpers/api-failure.js';
import { settled } from '../helpers/settled.js';

const server = useHostileServer();

/** A clock that starts now and moves only by the client's sleeps, which are recorded. */
function fakeClock() {
  let now = Date.now();
  const events: string[] = [];
  const sleeps: number[] = [];
  return {
    events,
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      events.push(`sleep ${ms}`);
      sleeps.push(ms);
      now += ms;
    },
  };
}

function client(options: Partial<ClientOptions> = {}): ApiClient {
  return new ApiClient({ baseUrl: server.base, token: 't', userAgent: 'bounds-test', random: () => 0, ...options });
}

describe('the response-size cap', () => {
  it.each([
    ['with a Content-Length', true],
    ['chunked', false],
  ])('a body of exactly the cap is read, one byte more is refused (%s)', async (_name, contentLength) => {
    server.on('GET /v1/jobs/1', stream(4096, contentLength));
    server.on('GET /v1/jobs/2', stream(4097, contentLength));
    const api = client({ maxResponseBytes: 4096 });
    try {
      const ok = await api.request('GET', '/jobs/1');
      expect(ok.text).toHaveLength(4096);
      const error = await failure(api.request('GET', '/jobs/2'));
      expect(error).toMatchObject({ kind: 'too_large', code: 'too_large', status: null, retryable: false });
      expect(error.message).toBe('GET /jobs/2 failed: the service sent more than 4096 bytes; stopped reading');
      expect(exitCodeOf(error)).toBe(1);
      expect(server.got('GET /v1/jobs/2')).toHaveLength(1); // not retried
    } finally {
      await api.close();
    }
  });

  it('is 32 MiB by default', async () => {
    server.on('GET /v1/jobs/1', stream(32 * 1024 * 1024 + 1, true));
    const api = client();
    try {
      const error = await failure(api.request('GET', '/jobs/1'));
      expect(error.message).toBe('GET /jobs/1 failed: the service sent more than 32 MiB; stopped reading');
    } finally {
      await api.close();
    }
  });
});

describe('the cap on JSON values, one per 128 bytes of the size cap', () => {
  const zeros = (n: number) => Array.from({ length: n }, () => 0);

  it('counts objects, arrays and the values after commas, not what is inside strings', () => {
    expect(countJsonValues('{"a":"[,{\\"x\\"}]","b":[1,2]}')).toBe(4);
    expect(countJsonValues('[{},{},{}]')).toBe(6);
    expect(countJsonValues('"{[,]}"')).toBe(0);
    expect(countJsonValues('[0,0,0,0,0,0]', 2)).toBe(3); // stops once past the limit
  });

  it('an answer of exactly the most values is read, one value more is refused (12,800 bytes: 100 values)', async () => {
    server.on('GET /v1/jobs/1', json(zeros(100))); // "[" and 99 commas
    server.on('GET /v1/jobs/2', json(zeros(101)));
    const api = client({ maxResponseBytes: 12_800 });
    try {
      expect((await api.request('GET', '/jobs/1')).body).toHaveLength(100);
      const error = await failure(api.request('GET', '/jobs/2'));
      expect(error).toMatchObject({ kind: 'too_large', status: 200, retryable: false, outcomeUnknown: true });
      expect(error.message).toBe('GET /jobs/2 failed: 200 answer holds more than 100 JSON values; not read');
      expect(exitCodeOf(error)).toBe(1);
    } finally {
      await api.close();
    }
  });

  it('an error answer or a raw one with too many values is kept as text, not parsed', async () => {
    server.on('GET /v1/jobs/1', json(zeros(500), 400));
    server.on('GET /v1/jobs/2', json(zeros(500)));
    const api = client({ maxResponseBytes: 12_800 });
    try {
      const error = await failure(api.request('GET', '/jobs/1'));
      expect(error).toMatchObject({ kind: 'validation', status: 400 });
      expect(error.message).toBe('GET /jobs/1 failed with 400: a 1001-byte application/json body');
      const raw = await api.request('GET', '/jobs/2', { raw: true });
      expect(raw.body).toBe(raw.text);
    } finally {
      await api.close();
    }
  });
});

describe('the deadline of a request', () => {
  it('is 120 s by default and covers the waits between attempts', async () => {
    expect(DEFAULT_TIMEOUTS.requestMs).toBe(120_000);
    // Retry-After: 50 is under the 60 s cap, so each is waited out, until the next would pass 120 s.
    server.on('GET /v1/jobs/1', retryAfter('50'));
    const clock = fakeClock();
    const api = client({ now: clock.now, sleep: clock.sleep });
    try {
      const error = await failure(api.request('GET', '/jobs/1'));
      expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
      expect(error.message).toContain('(gave up after 3 attempts)');
      expect(clock.sleeps).toEqual([50_000, 50_000]); // a third wait would end at 150 s
      expect(server.got('GET /v1/jobs/1')).toHaveLength(3); // not the 5 attempts of the policy
    } finally {
      await api.close();
    }
  });

  it.each([
    ['a server that never answers', () => silent(), 'waiting for the response'],
    ['a body that trickles', () => trickle(50), 'reading the response'],
  ])('ends %s at the deadline, whatever the phase limits', async (_name, answer, phase) => {
    server.on('GET /v1/jobs/1', answer());
    // On a clock that moves only when told: Date and the intervals (the transport's deadline watch,
    // the trickle's bytes) are fake, the sockets real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    // Phase limits of 30 s, a deadline of 300 ms.
    const api = client({ timeouts: { requestMs: 300 } });
    try {
      const pending = failure(api.request('GET', '/jobs/1'));
      while (server.got('GET /v1/jobs/1').length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      vi.advanceTimersByTime(299);
      expect(await settled(pending)).toBe(false);
      // The deadline is watched on a tick of at most 1 s; the phase limits would wait 30 s.
      vi.advanceTimersByTime(1001);
      expect(await settled(pending)).toBe(true);
      const error = await pending;
      expect(error).toMatchObject({ kind: 'timeout', status: null, retryable: true });
      expect(error.message).toBe(`GET /jobs/1 failed: no complete answer by the request's deadline (${phase})`);
      expect(exitCodeOf(error)).toBe(5);
      expect(server.got('GET /v1/jobs/1')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
      await api.close();
    }
  });
});

describe('Retry-After', () => {
  it.each([
    ['2', 2_000],
    ['12', 12_000],
    [' 45 ', 45_000],
    ['60', 60_000],
  ])('"%s" is waited out exactly, announced before the wait', async (value, ms) => {
    server.on('GET /v1/jobs/1', retryAfter(value), json(job(1)));
    const clock = fakeClock();
    const api = client({ now: clock.now, sleep: clock.sleep, onRetry: (n) => clock.events.push(`notice ${n.delayMs} attempt ${n.attempt}`) });
    try {
      const res = await api.request('GET', '/jobs/1');
      expect(res).toMatchObject({ status: 200, attempts: 2 });
      expect(clock.events).toEqual([`notice ${ms} attempt 2`, `sleep ${ms}`]);
    } finally {
      await api.close();
    }
  });

  it.each([
    ['61', '61 s'],
    ['3600', '60 minutes'],
    ['100000', '28 hours'],
  ])('"%s" is not waited: one request, an error naming %s, and nothing lost', async (value, wait) => {
    server.on('POST /v1/jobs', retryAfter(value, 429));
    const clock = fakeClock();
    const api = client({ now: clock.now, sleep: clock.sleep });
    try {
      const error = await failure(api.request('POST', '/jobs', { body: { title: 'x' }, idempotencyKey: 'k-1' }));
      expect(error).toMatchObject({ kind: 'wait_too_long', status: 429, retryable: true, outcomeUnknown: false });
      expect(error.message).toBe(`POST /jobs failed: 429 answer: the service asks to wait ${wait} before trying again; gave up rather than wait that long`);
      expect(exitCodeOf(error)).toBe(5);
      expect(clock.sleeps).toEqual([]);
      expect(server.got('POST /v1/jobs')).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});

describe('a connection cut in the middle of a body', () => {
  it('is a network error: a GET is tried again, a PATCH without a key is not and may have been applied', async () => {
    server.on('GET /v1/jobs/1', cut('{"id":1,"sta', 100));
    server.on('PATCH /v1/jobs/1', cut('{"id":1,"sta', 100));
    const clock = fakeClock();
    const api = client({ now: clock.now, sleep: clock.sleep, retry: { maxAttempts: 3 } });
    try {
      const get = await failure(api.request('GET', '/jobs/1'));
      expect(get).toMatchObject({ kind: 'network', status: null });
      expect(get.message).toContain('the connection closed during the response');
      expect(get.message).toContain('(gave up after 3 attempts)');
      expect(server.got('GET /v1/jobs/1')).toHaveLength(3);
      const patch = await failure(api.request('PATCH', '/jobs/1', { body: { title: 'x' } }));
      expect(patch).toMatchObject({ kind: 'network', outcomeUnknown: true });
      expect(server.got('PATCH /v1/jobs/1')).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});
