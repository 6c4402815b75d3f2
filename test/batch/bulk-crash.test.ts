// A bulk status change of 500 jobs, the built executable SIGKILLed mid-run, then the same command
// run again: every job ends in the target status and no change is carried out twice. Every request
// goes through a recording proxy, so each PATCH and its Idempotency-Key is counted, with the
// sandbox's own word on replays (`Idempotent-Replayed: true`). Needs `npm run build` first.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { spawnCollect } from '../helpers/spawn.js';
import { useRecordingProxy } from './helpers.js';

const COUNT = 500;
// Created In Progress on the direct account: the limit must take 500 more than the 7 seeded.
const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);
const env = { RECRUIT_TOKEN: 'sbx_direct_full' };
let ids: number[] = [];

beforeAll(async () => {
  if (!existsSync(fileURLToPath(new URL('../../dist/main.js', import.meta.url)))) {
    throw new Error('bin/recruit.js needs the bundle: run `npm run build` first');
  }
  for (let start = 0; start < COUNT; start += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, COUNT - start) }, (_, i) => call<{ id: number; status: number }>(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ title: `Bulk Kill ${start + i}` }) })),
    );
    for (const res of batch) {
      expect(res.status).toBe(201);
      expect(res.body.status).toBe(5);
    }
    ids.push(...batch.map((r) => r.body.id));
  }
  ids = ids.sort((a, b) => a - b);
  // Every request now takes 10 ms, so that the run lasts long enough to be killed in the middle.
  sandbox.current.faults.configure('latency=10-10');
}, 60_000);

const closed = () => ids.filter((id) => sandbox.current.store.findJob('direct', id)?.status === 1).length;

/** Runs the built CLI with `input` on stdin and SIGKILLs it once `after` of the jobs are closed. */
function killWhen(args: string[], input: string, after: number): Promise<{ signal: NodeJS.Signals | null; stderr: string }> {
  return spawnCollect(process.execPath, [BIN, ...args], {
    env: { NO_COLOR: '1', ...env },
    input,
    timeoutMs: 60_000,
    signalWhen: { when: () => closed() >= after, signal: 'SIGKILL' },
  }).done;
}

describe('bulk status change killed and run again', () => {
  it(`SIGKILL in the middle of ${COUNT} jobs, then the same command: every job closed, no change sent twice`, { timeout: 120_000 }, async () => {
    const args = ['--base-url', proxy.baseUrl, 'jobs', 'status', '-', 'closed', '--concurrency', '8'];
    const input = `${ids.join('\n')}\n`;
    proxy.reset();

    const killed = await killWhen(args, input, 100);
    expect(killed.signal).toBe('SIGKILL');
    const before = closed();
    expect(before).toBeGreaterThanOrEqual(100);
    expect(before).toBeLessThan(COUNT);

    const again = await runBin([...args, '--json'], { env, input, timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(closed()).toBe(COUNT);
    const items = JSON.parse(again.stdout) as { jobId: number; result: string; sent: boolean }[];
    expect(items).toHaveLength(COUNT);
    // What the killed run changed reads as unchanged and is not sent again; the rest are changed now.
    const unchanged = items.filter((i) => i.result === 'unchanged');
    expect(unchanged.every((i) => !i.sent)).toBe(true);
    expect(unchanged.length).toBeGreaterThanOrEqual(before);
    expect(items.filter((i) => i.result === 'changed')).toHaveLength(COUNT - unchanged.length);

    // Each job's status was changed by exactly one request the sandbox carried out (not a
    // replay), and every request for one job carried one and the same key.
    const patches = proxy.requests.filter((r) => r.method === 'PATCH');
    const byJob = new Map<number, typeof patches>();
    for (const r of patches) {
      const id = Number(/^\/jobs\/(\d+)\/status$/.exec(r.path)?.[1]);
      byJob.set(id, [...(byJob.get(id) ?? []), r]);
    }
    expect([...byJob.keys()].sort((a, b) => a - b)).toEqual(ids);
    for (const [id, requests] of byJob) {
      expect(requests.filter((r) => r.status === 200 && !r.replayed), `job ${id}`).toHaveLength(1);
      expect(new Set(requests.map((r) => r.key)).size, `job ${id}`).toBe(1);
    }
    // The re-run sent nothing for the jobs the killed run had closed.
    const rerunSent = new Set(items.filter((i) => i.sent).map((i) => i.jobId));
    for (const i of unchanged) expect(rerunSent.has(i.jobId)).toBe(false);

    // A third run: everything is as asked, nothing is sent.
    const sent = proxy.requests.length;
    const third = await runBin(args, { env, input, timeoutMs: 60_000 });
    expect(third.code, third.stderr).toBe(0);
    expect(third.stderr).toContain(`nothing to send: all ${COUNT} jobs already are as asked`);
    expect(proxy.requests.slice(sent).filter((r) => r.method === 'PATCH')).toEqual([]);
  });
});
