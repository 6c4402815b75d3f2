// The client's side of a rate limit: reading the IETF fields, spacing request starts to the rate
// they name, and cutting the requests in flight on 429 (AIMD). Clocks are fake: nothing waits.
import { describe, expect, it } from 'vitest';
import { AdaptiveConcurrency } from '../../src/api/adaptive-concurrency.js';
import { ApiClient, type ClientOptions } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { Transport, TransportResponse } from '../../src/api/http.js';
import { Pacer, SLACK } from '../../src/api/pacer.js';
import { readRateLimit } from '../../src/api/rate-limit-fields.js';

const fields = (headers: Record<string, string>) => readRateLimit((name) => headers[name]);

describe('readRateLimit', () => {
  it('reads the quota per window and what remains of it', () => {
    expect(fields({ 'ratelimit-policy': '"sandbox";q=50;w=1', ratelimit: '"sandbox";r=7;t=1' })).toEqual({ perSecond: 50, remaining: 7 });
    expect(fields({ 'ratelimit-policy': '"hour";q=3600;w=3600' })).toEqual({ perSecond: 1 });
  });

  it('binds to the strictest of several policies, and takes that policy remaining count', () => {
    const read = fields({
      'ratelimit-policy': '"burst";q=100;w=1, "day";q=86400;w=86400, "minute";q=600;w=60',
      ratelimit: '"burst";r=90;t=1, "day";r=5;t=70000',
    });
    expect(read).toEqual({ perSecond: 1, remaining: 5 });
  });

  it('takes a window of one second when w is absent, and ignores policies it cannot read', () => {
    expect(fields({ 'ratelimit-policy': '"a";q=20' })).toEqual({ perSecond: 20 });
    expect(fields({ 'ratelimit-policy': '"a";q=0;w=1, "b";q=10;w=0, "c";w=5, "d";q=x;w=1, "e";q=30;w=2' })).toEqual({ perSecond: 15 });
    expect(fields({ 'ratelimit-policy': '"a";q=0;w=1' })).toBeUndefined();
    expect(fields({ ratelimit: '"a";r=1;t=1' })).toBeUndefined();
    expect(fields({})).toBeUndefined();
  });

  it('reads items with spaces, in quoted or token form alike, and decimals', () => {
    expect(fields({ 'ratelimit-policy': ' "burst" ; q=2.5 ; w=0.5 ', ratelimit: 'burst;r=3;t=1' })).toStrictEqual({ perSecond: 5, remaining: 3 });
    expect(fields({ 'ratelimit-policy': 'plain;q=10;w=1', ratelimit: '"plain";r=0;t=1' })).toStrictEqual({ perSecond: 10, remaining: 0 });
    expect(fields({ 'ratelimit-policy': '"a";q=12.25;w=1' })).toStrictEqual({ perSecond: 12.25 });
  });

  it('takes a name that is more than one quoted string as it is', () => {
    expect(fields({ 'ratelimit-policy': 'x"a";q=10;w=1', ratelimit: '"a";r=0;t=1' })).toStrictEqual({ perSecond: 10 });
    expect(fields({ 'ratelimit-policy': '"a"x;q=10;w=1', ratelimit: '"a";r=0;t=1' })).toStrictEqual({ perSecond: 10 });
  });

  it('skips parameters that are not a lower-case key and a number, and a window of zero', () => {
    expect(fields({ 'ratelimit-policy': '"a";q=10abc;w=1' })).toBeUndefined();
    expect(fields({ 'ratelimit-policy': '"a";1q=10;w=1' })).toBeUndefined();
    expect(fields({ 'ratelimit-policy': '"a";Q=10;w=1' })).toBeUndefined();
    expect(fields({ 'ratelimit-policy': '"a";q=10;w=0' })).toBeUndefined();
    expect(fields({ 'ratelimit-policy': '"a";q=10;w=2s' })).toStrictEqual({ perSecond: 10 }); // w unreadable: one second
  });

  it('takes the first of two policies as strict as each other', () => {
    const read = fields({ 'ratelimit-policy': '"one";q=10;w=1, "two";q=600;w=60', ratelimit: '"one";r=4;t=1, "two";r=9;t=1' });
    expect(read).toStrictEqual({ perSecond: 10, remaining: 4 });
  });

  it('has no remaining count when the answer gives none', () => {
    expect(fields({ 'ratelimit-policy': '"a";q=10;w=1', ratelimit: '"a";t=1' })).toStrictEqual({ perSecond: 10 });
  });

  it('ignores a remaining count of another policy', () => {
    expect(fields({ 'ratelimit-policy': '"a";q=10;w=1', ratelimit: '"b";r=0;t=1' })).toStrictEqual({ perSecond: 10 });
  });
});

describe('Pacer', () => {
  it('lets every request go at once until a limit is known', () => {
    const pacer = new Pacer(() => 1000);
    expect([pacer.take(), pacer.take(), pacer.take()]).toEqual([0, 0, 0]);
    expect(pacer.spacingMs).toBe(0);
    expect(pacer.observe(undefined)).toBe(false);
  });

  it('spaces request starts a little over 1/rate apart (SLACK), from now, without a backlog after a quiet spell', () => {
    expect(SLACK).toBe(0.05);
    let now = 1000;
    const pacer = new Pacer(() => now);
    expect(pacer.observe({ perSecond: 50 })).toBe(true);
    expect(pacer.observe({ perSecond: 50 })).toBe(false);
    expect(pacer.spacingMs).toBe(21); // 20 ms and 5%
    // A limit just learnt: the requests sent before may have used the quota, so the first waits a slot.
    expect(pacer.take()).toBe(21);
    expect(pacer.take()).toBe(21); // nothing was taken: asked again, the same wait
    now += 21;
    expect([pacer.take(), pacer.take()]).toEqual([0, 21]);
    now += 500; // quiet: the next request goes at once, the one after it a slot later
    expect([pacer.take(), pacer.take()]).toEqual([0, 21]);
    expect(pacer.observe({ perSecond: 4 })).toBe(true);
    // The slot already counted stays (now + 21); the ones after it are 262.5 ms apart.
    expect(pacer.take()).toBe(21);
    now += 21;
    expect([pacer.take(), pacer.take()]).toEqual([0, 262.5]);
  });

  it('counts the next slot from when a request really takes its turn, late or not', () => {
    let now = 0;
    const pacer = new Pacer(() => now);
    pacer.observe({ perSecond: 10 }); // 105 ms apart; the first slot at 105
    now = 104; // a timer that fired early: not yet
    expect(pacer.take()).toBe(1);
    now = 130; // one that fired late: taken, and the next is 105 ms after this one, not after 105
    expect(pacer.take()).toBe(0);
    now = 234;
    expect(pacer.take()).toBe(1);
    now = 235;
    expect(pacer.take()).toBe(0);
  });

  it('waits a slot when the quota is used up', () => {
    let now = 0;
    const pacer = new Pacer(() => now);
    pacer.observe({ perSecond: 10, remaining: 0 });
    expect(pacer.take()).toBe(105);
    now = 105;
    expect(pacer.take()).toBe(0);
    expect(pacer.take()).toBe(105);
    now = 1000; // quiet: the next goes at once; the slot after it is at 1105
    pacer.observe({ perSecond: 10, remaining: 5 });
    expect(pacer.take()).toBe(0);
    now = 1090; // an answer saying nothing is left: the next waits a whole slot from now, not to 1105
    pacer.observe({ perSecond: 10, remaining: 0 });
    expect(pacer.take()).toBe(105);
  });
});

describe('AdaptiveConcurrency', () => {
  it('starts at the maximum and halves on a 429, once per burst of 429s, never below one', async () => {
    let now = 0;
    const gate = new AdaptiveConcurrency(8, () => now);
    const starts = await Promise.all(Array.from({ length: 8 }, () => gate.acquire()));
    expect(gate.limit).toBe(8);
    now = 10;
    expect(gate.release(starts[0]!, 'throttled')).toBe(true);
    expect(gate.limit).toBe(4);
    // Answers to requests that started before the cut do not cut again.
    expect(gate.release(starts[1]!, 'throttled')).toBe(false);
    expect(gate.limit).toBe(4);
    for (const s of starts.slice(2)) gate.release(s, 'other');
    now = 20;
    const later = await gate.acquire();
    expect(gate.release(later, 'throttled')).toBe(true);
    expect(gate.limit).toBe(2);
    for (const t of [30, 40, 50]) {
      now = t;
      gate.release(await gate.acquire(), 'throttled');
    }
    expect(gate.limit).toBe(1);
  });

  it('keeps new requests waiting while the limit is full, and lets them in as room frees', async () => {
    let now = 0;
    const gate = new AdaptiveConcurrency(2, () => now);
    const a = await gate.acquire();
    const b = await gate.acquire();
    let third = false;
    const waiting = gate.acquire().then(() => (third = true));
    await Promise.resolve();
    expect(third).toBe(false);
    now = 5;
    gate.release(a, 'throttled'); // limit 1, one still in flight: no room
    await new Promise((r) => setImmediate(r));
    expect(third).toBe(false);
    gate.release(b, 'ok');
    await waiting;
    expect(third).toBe(true);
  });

  it('changes nothing for answers to requests that started before the last cut, or at its instant', async () => {
    let now = 0;
    const gate = new AdaptiveConcurrency(8, () => now);
    const early = await Promise.all(Array.from({ length: 4 }, () => gate.acquire()));
    now = 10;
    gate.release(early[0]!, 'throttled'); // 8 -> 4
    const atCut = await gate.acquire(); // started at the cut's instant: not after it
    for (const s of early.slice(1)) gate.release(s, 'ok');
    expect(gate.limit).toBe(4);
    expect(gate.release(atCut, 'throttled')).toBe(false);
    expect(gate.limit).toBe(4);
    // Nor do the successes of requests that started at the cut's instant raise it (five would: 5.12).
    for (let i = 0; i < 5; i++) gate.release(await gate.acquire(), 'ok');
    expect(gate.limit).toBe(4);
    now = 11;
    const other = await gate.acquire();
    gate.release(other, 'other'); // neither a success nor a 429
    expect(gate.limit).toBe(4);
    const ok = await gate.acquire();
    gate.release(ok, 'ok');
    expect(gate.limit).toBe(4); // 4.25
    for (let i = 0; i < 3; i++) gate.release(await gate.acquire(), 'ok');
    expect(gate.limit).toBe(4); // 4.92
    gate.release(await gate.acquire(), 'ok');
    expect(gate.limit).toBe(5);
  });

  it('raises the limit by one per round of successes, up to the maximum and no further', async () => {
    let now = 0;
    const gate = new AdaptiveConcurrency(6, () => now);
    now = 1;
    gate.release(await gate.acquire(), 'throttled'); // 6 -> 3
    expect(gate.limit).toBe(3);
    const limits: number[] = [];
    for (let i = 0; i < 40; i++) {
      now++;
      gate.release(await gate.acquire(), 'ok');
      limits.push(gate.limit);
    }
    // Each answer adds 1/limit: 4 answers to reach 4, 4 more to reach 5, 6 more to reach 6.
    expect(limits.indexOf(4)).toBe(3);
    expect(limits.indexOf(5)).toBe(7);
    expect(limits.indexOf(6)).toBe(13);
    expect(Math.max(...limits)).toBe(6);
    now++;
    gate.release(await gate.acquire(), 'other'); // neither cut nor raise
    expect(gate.limit).toBe(6);
  });
});

describe('ApiClient under a rate limit (a scripted transport and a fake clock)', () => {
  function client(answers: ((n: number) => TransportResponse)[], options: Partial<ClientOptions> = {}) {
    const clock = { now: 0, sleeps: [] as number[] };
    const sent: string[] = [];
    const transport = {
      send: async (url: string) => {
        sent.push(url);
        clock.now += 1; // an answer takes a millisecond
        return answers[Math.min(sent.length, answers.length) - 1]!(sent.length);
      },
      close: () => undefined,
    } as unknown as Transport;
    const lines: string[] = [];
    const api = new ApiClient({
      baseUrl: 'http://api.test/v1',
      token: 't',
      userAgent: 'u',
      transport,
      random: () => 0,
      now: () => clock.now,
      sleep: async (ms) => {
        clock.sleeps.push(ms);
        clock.now += ms;
      },
      log: (line) => lines.push(line),
      ...options,
    });
    return { api, clock, sent, lines };
  }
  const answer = (statusCode: number, headers: Record<string, string> = {}): TransportResponse => ({
    statusCode,
    text: statusCode === 204 ? '' : '{"id":1}',
    header: (name) => ({ 'content-type': 'application/json', ...headers })[name],
  });
  const policy = (q: number, w: number, r?: number) => ({
    'ratelimit-policy': `"p";q=${q};w=${w}`,
    ...(r === undefined ? {} : { ratelimit: `"p";r=${r};t=1` }),
  });

  it('spaces requests to the limit an answer names, and says so with --verbose', async () => {
    const { api, clock, lines } = client([() => answer(200, policy(50, 1))]);
    await api.request('GET', '/jobs/1');
    await api.request('GET', '/jobs/1');
    await api.request('GET', '/jobs/1');
    expect(clock.sleeps).toEqual([21, 20]); // slots from the first answer on; an answer takes 1 ms
    expect(lines).toContain('rate limit: 50 requests/s; requests start 21 ms apart');
    expect(lines.filter((l) => l.startsWith('rate limit:'))).toHaveLength(1); // said once, when learnt
  });

  it('gives up on a request whose turn comes at or past its deadline, sending nothing more', async () => {
    // One request per 10 s: slots 10.5 s apart. The second request's turn comes exactly at its deadline.
    const { api, clock, sent } = client([() => answer(200, policy(1, 10))], { timeouts: { requestMs: 10_500 } });
    await api.request('GET', '/jobs/1');
    const error = await api.request('GET', '/jobs/1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).kind).toBe('timeout');
    expect((error as ApiError).message).toContain("the service's rate limit leaves no turn before the request's deadline");
    expect(sent).toHaveLength(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('halves the requests in flight on a 429, raises them on successes only, and says so with --verbose', async () => {
    const { api, lines } = client([
      () => answer(429, { 'retry-after': '1' }),
      () => answer(200),
      () => answer(500),
      () => answer(404),
      () => answer(302, { location: '/elsewhere' }),
      () => answer(200),
    ]);
    expect(api.concurrencyLimit).toBeUndefined();
    api.adaptConcurrency(4);
    expect(api.concurrencyLimit).toBe(4);
    await api.request('POST', '/jobs', { body: {}, idempotencyKey: 'k1' }); // 429, then 200: 4 -> 2, then 2.5
    expect(lines).toContain('429: requests in flight 4 -> 2');
    for (const _ of [1, 2, 3]) await api.request('GET', '/jobs/1').catch(() => undefined); // 500, 404, 302
    expect(api.concurrencyLimit).toBe(2); // still 2.5: neither a 5xx, a 4xx nor a redirect raises it
    await api.request('GET', '/jobs/1');
    expect(api.concurrencyLimit).toBe(2); // 2.9
    await api.request('GET', '/jobs/1');
    expect(api.concurrencyLimit).toBe(3); // 3.24
  });

  it('counts a 2xx other than 200 as a success, and 300 as none', async () => {
    const { api } = client([() => answer(429, { 'retry-after': '1' }), () => answer(204), () => answer(300), () => answer(299), () => answer(200)]);
    api.adaptConcurrency(3);
    await api.request('POST', '/jobs', { body: {}, idempotencyKey: 'k' }); // 429 then 204: 3 -> 1.5 -> 2.17
    expect(api.concurrencyLimit).toBe(2);
    await api.request('GET', '/jobs/1').catch(() => undefined); // 300: no change (2.17)
    await api.request('GET', '/jobs/1'); // 299: 2.63
    expect(api.concurrencyLimit).toBe(2);
    await api.request('GET', '/jobs/1'); // 200: 3.0 (had the 300 counted, 2.63 would have been 3 already)
    expect(api.concurrencyLimit).toBe(3);
  });
});
