// A batch against a rate-limited service: it sends no faster than the limit the answers name
// (RateLimit-Policy), and a 429 halves the requests it keeps in flight, which then climb back as
// answers succeed (never above --concurrency). Over real HTTP, through a recording proxy, on the
// real clock: the sandbox's bucket fills in real time.
import { systemClock } from '../../src/core/clock.js';
import { afterEach, describe, expect, it } from 'vitest';
import { call, useSandbox } from '../helpers/sandbox.js';
import { batch, jobs, posts, titlesWithPrefix, useRecordingProxy, writeJobs, type Recorded } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

async function admin(path: string, body: unknown): Promise<void> {
  const res = await call(sandbox.current, 'PUT', `/_sandbox/${path}`, { token: null, body });
  expect(res.status, res.text).toBe(200);
}

afterEach(async () => {
  await admin('faults', { spec: '', queue: [] });
  await admin('rate-limit', { limit: 'off' });
});

/** Requests in flight (as the proxy saw them) when `r` arrived, `r` included. */
function inFlightAt(all: Recorded[], r: Recorded): number {
  return all.filter((o) => o.received <= r.received && o.answered > r.received).length;
}

function createdOnce(prefix: string, count: number): void {
  const titles = titlesWithPrefix(sandbox.current, prefix);
  expect(titles.size).toBe(count);
  expect([...titles.values()].every((n) => n === 1)).toBe(true);
}

describe('batch under a rate limit', () => {
  it('spaces its requests to the limit the service names, so the limit refuses none of them', async () => {
    await admin('rate-limit', { limit: '20/s' }); // a burst of 4
    const file = writeJobs('paced.ndjson', jobs('Paced Job', 30));
    proxy.reset();
    // The real clock: what is tested is the pacing against the sandbox's bucket, which refills in
    // real time (a skipped wait would reach the bucket early).
    const res = await batch(proxy.baseUrl, file, ['--concurrency', '4'], { clock: systemClock });
    expect(res.code, res.stderr).toBe(0);
    createdOnce('Paced Job ', 30);
    const sent = posts(proxy);
    expect(sent.filter((r) => r.status === 429)).toHaveLength(0);
    // 30 requests with a burst of 4 and one more per 50 ms: no faster than the limit allows.
    const span = sent.at(-1)!.received - sent[0]!.received;
    expect(span).toBeGreaterThanOrEqual(((30 - 4) / 20) * 1000 - 50);
    const state = await call(sandbox.current, 'GET', '/_sandbox/rate-limit', { token: null });
    expect(state.body.refused).toBe(0);
  });

  it('leaves a little of the rate unused, so that a service keeping no burst refuses none of its paced requests', async () => {
    // A bucket of one request: a request that comes a hair before 1/rate is up is refused. Spaced
    // exactly 1/rate apart, timers' and the loopback's jitter made about a third of them come early.
    await admin('rate-limit', { limit: '10/s,burst=1' });
    // Names to look up first, so that the limit is known before the first POST.
    const named = { jobFunctionId: undefined, industry: 'Information Technology', jobFunction: 'DevOps' };
    const file = writeJobs('strict.ndjson', jobs('Strict Job', 24, named));
    proxy.reset();
    // The real clock: what is tested is the margin against real timers' and the loopback's jitter.
    const res = await batch(proxy.baseUrl, file, ['--concurrency', '4', '--verbose'], { clock: systemClock });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('rate limit: 10 requests/s; requests start 105 ms apart');
    createdOnce('Strict Job ', 24);
    expect(proxy.requests.filter((r) => r.status === 429).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const state = await call(sandbox.current, 'GET', '/_sandbox/rate-limit', { token: null });
    expect(state.body).toMatchObject({ burst: 1, refused: 0 });
  });

  it('halves the requests in flight on a 429 and raises them again as answers succeed, never above --concurrency', async () => {
    await admin('faults', { spec: 'latency=40-40,retry-after=0', queue: [] });
    const file = writeJobs('aimd.ndjson', jobs('Aimd Job', 60));
    proxy.reset();
    // The 429 is queued once the first answers are back, so that it falls on a POST mid-batch.
    const queued = (async () => {
      while (posts(proxy).length < 8) await new Promise((r) => setTimeout(r, 5));
      await admin('faults', { spec: 'latency=40-40,retry-after=0', queue: ['429'] });
    })();
    const res = await batch(proxy.baseUrl, file, ['--concurrency', '8', '--verbose']);
    await queued;
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(/429: requests in flight 8 -> 4/);
    createdOnce('Aimd Job ', 60);
    const sent = posts(proxy);
    const throttled = sent.find((r) => r.status === 429)!;
    expect(throttled).toBeDefined();
    // The 429's item is sent again once its client has cut the limit: from then on, about half.
    const retry = sent.find((r) => r.key === throttled.key && r.status === 201)!;
    expect(retry.received).toBeGreaterThanOrEqual(throttled.answered);
    expect(inFlightAt(sent, retry)).toBeLessThanOrEqual(4);
    const after = sent.filter((r) => r.received >= retry.received);
    // (a success after the cut may raise the limit to 5 while these four start)
    expect(Math.max(...after.slice(0, 4).map((r) => inFlightAt(sent, r)))).toBeLessThanOrEqual(5);
    expect(Math.max(...sent.map((r) => inFlightAt(sent, r)))).toBe(8);
    expect(Math.max(...after.slice(-10).map((r) => inFlightAt(sent, r)))).toBeGreaterThan(4);
  });
});
