// A second Ctrl-C during a bulk `jobs status` (real signals to the built CLI): the run stops
// awaiting the requests in flight and still reports — those requests "outcome unknown", the jobs
// never sent "not attempted" — with exit 130; the keys written ahead for jobs never sent are
// released, so the re-run calls "unanswered earlier" only the requests that may have reached the
// service (at most one per worker), never the jobs the interrupted run did not send. Needs
// `npm run build` first.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { exitCode, spawnCollect } from '../helpers/spawn.js';

// Every request takes 50 ms, so that 40 jobs two at a time take about 4 s to change.
const sandbox = useSandbox({ activeJobLimit: 1000, faults: 'latency=50-50' });
const env = { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' };
const COUNT = 40;
const CONCURRENCY = 2;

beforeAll(() => {
  if (!existsSync(fileURLToPath(new URL('../../dist/main.js', import.meta.url)))) {
    throw new Error('bin/recruit.js needs the bundle: run `npm run build` first');
  }
});

const closedCount = (ids: number[]) => ids.filter((id) => sandbox.current.store.jobs.get(id)?.status === 1).length;

describe('a second Ctrl-C in a bulk jobs status', () => {
  it('reports at once: in flight "outcome unknown", never sent "not attempted", exit 130; the re-run re-sends only what was in flight', { timeout: 60_000 }, async () => {
    const ids = await Promise.all(
      Array.from({ length: COUNT }, async (_, i) => {
        const res = await call<{ id: number }>(sandbox.current, 'POST', '/v1/jobs', { token: 'sbx_direct_full', body: validJob({ title: `Twice Interrupted ${i}` }) });
        expect(res.status).toBe(201);
        return res.body.id;
      }),
    );
    const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'status', ...ids.map(String), 'closed', '--concurrency', String(CONCURRENCY)];

    const spawned = spawnCollect(process.execPath, [BIN, ...args], { env, timeoutMs: 30_000 });
    const poll = setInterval(() => {
      if (closedCount(ids) < 3) return;
      clearInterval(poll);
      spawned.child.kill('SIGINT');
      setTimeout(() => spawned.child.kill('SIGINT'), 20);
    }, 5);
    const stopped = await spawned.done;
    clearInterval(poll);

    expect(exitCode(stopped), stopped.stderr).toBe(130);
    expect(stopped.stderr).toContain('interrupted again: not waiting for the requests in flight');
    const rows = stopped.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows).toHaveLength(COUNT);
    const count = (result: string) => rows.filter((r) => r[2] === result).length;
    expect(count('outcome unknown')).toBeLessThanOrEqual(CONCURRENCY);
    expect(count('changed') + count('outcome unknown') + count('not attempted')).toBe(COUNT);
    expect(count('not attempted')).toBeGreaterThan(COUNT / 2);
    expect(stopped.stderr).toMatch(new RegExp(`^${COUNT} jobs: .*${count('not attempted')} not attempted`, 'm'));

    const again = await runBin(args, { env, timeoutMs: 30_000 });
    expect(again.code, again.stderr).toBe(0);
    const resent = /(\d+) unanswered earlier/.exec(again.stderr);
    expect(Number(resent?.[1] ?? 0), again.stderr).toBeLessThanOrEqual(count('outcome unknown'));
    expect(closedCount(ids)).toBe(COUNT);
  });
});
