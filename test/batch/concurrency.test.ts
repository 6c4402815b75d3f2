// Workers: --concurrency N requests in flight, each item created once, and one 429 with
// Retry-After pausing every worker (they share one ApiClient).
import { systemClock } from '../../src/core/clock.js';
import { afterEach, describe, expect, it } from 'vitest';
import { call, useSandbox } from '../helpers/sandbox.js';
import { screenOf } from '../helpers/screen.js';
import { batch, jobs, posts, titlesWithPrefix, useRecordingProxy, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

async function setFaults(spec: string, queue: string[] = []): Promise<void> {
  const res = await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec, queue } });
  expect(res.status, res.text).toBe(200);
}

afterEach(() => setFaults(''));

describe('batch concurrency', () => {
  it('creates 20 jobs with --concurrency 5: each once, never more than 5 requests in flight', async () => {
    await setFaults('latency=20-20');
    const file = writeJobs('twenty.ndjson', jobs('Concurrent Job', 20));
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--concurrency', '5']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('sending 20 jobs, 5 at a time');
    expect(posts(proxy)).toHaveLength(20);
    expect(new Set(posts(proxy).map((p) => p.key)).size).toBe(20);
    expect(proxy.maxInFlight).toBe(5);
    const titles = titlesWithPrefix(sandbox.current, 'Concurrent Job ');
    expect(titles.size).toBe(20);
    expect([...titles.values()].every((n) => n === 1)).toBe(true);
  });

  it('uses the profile default (4) without --concurrency, and RECRUIT_CONCURRENCY', async () => {
    await setFaults('latency=20-20');
    const file = writeJobs('default-concurrency.ndjson', jobs('Default Concurrency Job', 10));
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    expect(proxy.maxInFlight).toBe(4);

    const other = writeJobs('env-concurrency.ndjson', jobs('Env Concurrency Job', 6));
    proxy.reset();
    const fromEnv = await batch(proxy.baseUrl, other, [], { env: { RECRUIT_CONCURRENCY: '2' } });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(proxy.maxInFlight).toBe(2);
  });

  it('one 429 with Retry-After pauses every worker, not only the one that got it', { timeout: 20_000 }, async () => {
    // The 429 is answered at once; the other three requests take 100 ms, so their workers come
    // back for the next item while the pause is on.
    await setFaults('latency=100-100', ['429']);
    const file = writeJobs('rate-limited.ndjson', jobs('Rate Limited Job', 8));
    proxy.reset();
    // The real clock: what is tested is when the other workers' requests leave.
    const res = await batch(proxy.baseUrl, file, ['--concurrency', '4'], { clock: systemClock });
    expect(res.code, res.stderr).toBe(0);
    const all = posts(proxy);
    const limited = all.filter((p) => p.status === 429);
    expect(limited).toHaveLength(1);
    const pauseStart = limited[0]!.answered;
    // The first request of each of the first four items left before the pause (on a loaded machine
    // one may reach the proxy just after the 429's answer, which is still no request of the pause);
    // every other one, the 429's retry and items 4-7, waited out the second.
    const firstKeys = [...new Set(all.map((p) => p.key))].slice(0, 4);
    const after = all.filter((p, i) => !firstKeys.includes(p.key) || all.findIndex((q) => q.key === p.key) !== i);
    expect(all).toHaveLength(9);
    expect(after).toHaveLength(5);
    expect(after.map((p) => p.key)).toContain(limited[0]!.key);
    for (const p of after) expect(p.received - pauseStart).toBeGreaterThanOrEqual(900);
    expect(titlesWithPrefix(sandbox.current, 'Rate Limited Job ').size).toBe(8);
  });

  it('shows a live bar on a terminal that is gone before the results, and only a start and an end line in a pipe', async () => {
    await setFaults('latency=60-60');
    const file = writeJobs('progress.ndjson', jobs('Progress Job', 12));
    const terminal = { NO_COLOR: '1', CI: undefined, TERM: 'xterm-256color' };
    const tty = await batch(sandbox.current.baseUrl, file, ['--concurrency', '1'], { tty: true, env: terminal });
    expect(tty.code, tty.stderr).toBe(0);
    // Drawn in place while sending (12 requests of 60 ms pass the spinner's 300 ms): done/total, rate, time left.
    expect(tty.stderr).toMatch(/[━─]{24} \d+\/12 · \d+ created, 0 failed · \d+\.\d jobs\/s · about \d+ s left/);
    expect(tty.stderr).not.toContain('\x1b[3'); // NO_COLOR: no colour, the bar all the same
    expect(screenOf(tty.stderr).filter(Boolean)).toEqual(['sending 12 jobs, 1 at a time', expect.stringMatching(/^12 jobs: 12 created \(\d+\.\d s\)$/)]);
    // An account without approval: no APPROVAL column on a terminal (every job's would read "none").
    expect(tty.stdout).toMatch(/ITEM +JOB ID +STATUS +RESULT +TITLE/);
    expect(tty.stdout).toMatch(/#11 +\d+ +In Progress +created +Progress Job 11/);

    const json = await batch(sandbox.current.baseUrl, writeJobs('progress-json.ndjson', jobs('Json Progress Job', 12)), ['--concurrency', '1', '--json'], { tty: true, env: terminal });
    expect(json.code, json.stderr).toBe(0);
    // eslint-disable-next-line no-control-regex
    expect(json.stderr).not.toMatch(/[━─⠋]|\x1b/); // --json: no bar, no spinner
    expect(json.stderr.trim().split('\n')).toEqual(['sending 12 jobs, 1 at a time', expect.stringMatching(/^12 jobs: 12 created \(\d+\.\d s\)$/)]);

    const piped = await batch(sandbox.current.baseUrl, writeJobs('progress-piped.ndjson', jobs('Piped Progress Job', 12)), ['--concurrency', '1']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(piped.stderr).not.toContain('\r');
    expect(piped.stderr.trim().split('\n')).toEqual(['sending 12 jobs, 1 at a time', expect.stringMatching(/^12 jobs: 12 created \(\d+\.\d s\)$/)]);
  });
});

