// The built executable killed mid-run (SIGKILL: no cleanup at all; SIGINT: Ctrl-C), then the same
// command run again: every job ends up created exactly once. Needs `npm run build` first.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin } from '../helpers/cli.js';
import { exitCode, spawnCollect } from '../helpers/spawn.js';
import { useSandbox } from '../helpers/sandbox.js';
import { jobs, signalWhen, titlesWithPrefix, until, useGate, writeJobs } from './helpers.js';

// Every request takes 50 ms, so that a run of 30 jobs two at a time lasts most of a second.
const sandbox = useSandbox({ activeJobLimit: 1000, faults: 'latency=50-50' });
const env = { RECRUIT_TOKEN: 'sbx_direct_full' };
const gate = useGate(sandbox);

beforeAll(() => {
  if (!existsSync(fileURLToPath(new URL('../../dist/main.js', import.meta.url)))) {
    throw new Error('bin/recruit.js needs the bundle: run `npm run build` first');
  }
});

function expectEachOnce(prefix: string, count: number): void {
  const titles = titlesWithPrefix(sandbox.current, prefix);
  expect(titles.size).toBe(count);
  expect([...titles.entries()].filter(([, n]) => n !== 1)).toEqual([]);
}

describe('batch killed and run again', () => {
  it('SIGKILL mid-run, then the same command: every job exactly once', { timeout: 60_000 }, async () => {
    const file = writeJobs('killed.ndjson', jobs('Killed Job', 30));
    const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '2'];

    const killed = await signalWhen(sandbox.current, env, args, 'Killed Job ', 5, 'SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const before = titlesWithPrefix(sandbox.current, 'Killed Job ').size;
    expect(before).toBeGreaterThanOrEqual(5);
    expect(before).toBeLessThan(30);

    const again = await runBin(args, { env, timeoutMs: 30_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/already created in an earlier run/);
    // The requests in flight at the kill were re-sent with their original keys (and replayed).
    expect(again.stderr).toMatch(/\d+ unanswered earlier, re-sent with their original key/);
    expect(again.stdout).toContain('created earlier');
    expectEachOnce('Killed Job ', 30);
  });

  it('Ctrl-C (SIGINT) finishes the requests in flight, exits 130, and a re-run completes', { timeout: 60_000 }, async () => {
    const file = writeJobs('interrupted.ndjson', jobs('Interrupted Job', 30));
    const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '2'];

    const interrupted = await signalWhen(sandbox.current, env, args, 'Interrupted Job ', 4, 'SIGINT');
    expect(interrupted.code, interrupted.stderr).toBe(130);
    expect(interrupted.stderr).toMatch(/interrupted: waiting for the requests in flight/);
    const rows = interrupted.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows).toHaveLength(30);
    const created = rows.filter((r) => r[2] === 'created').length;
    expect(rows.filter((r) => r[2] === 'not attempted').length).toBe(30 - created);
    // Nothing was left in flight: what the table says was created is what the sandbox has.
    expect(titlesWithPrefix(sandbox.current, 'Interrupted Job ').size).toBe(created);

    const again = await runBin(args, { env, timeoutMs: 30_000 });
    expect(again.code, again.stderr).toBe(0);
    expectEachOnce('Interrupted Job ', 30);
  });

  it('a second Ctrl-C reports at once (exit 130): in flight "outcome unknown", never sent "not attempted"; the re-run re-sends only what was in flight', { timeout: 60_000 }, async () => {
    const file = writeJobs('twice.ndjson', jobs('Twice Job', 30));
    // The gate lets 4 creates through, then holds the next ones, so that exactly 2 are in flight
    // whatever the machine's load; the signals are sent by what the child has said, not by a timer.
    gate.holdAfter(4);
    const args = ['--base-url', gate.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '2'];
    const spawned = spawnCollect(process.execPath, [BIN, ...args], { env: { NO_COLOR: '1', ...env }, timeoutMs: 30_000 });
    let stderr = '';
    spawned.child.stderr.on('data', (d: string) => (stderr += d));
    await until(() => gate.held() === 2);
    spawned.child.kill('SIGINT');
    await until(() => stderr.includes('interrupted: waiting for the requests in flight'));
    spawned.child.kill('SIGINT');
    const stopped = await spawned.done;
    // The service received what was in flight; only its answers were lost.
    await gate.release();
    expect(exitCode(stopped), stopped.stderr).toBe(130);
    expect(stopped.stderr).toContain('interrupted again: not waiting for the requests in flight');
    const rows = stopped.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows).toHaveLength(30);
    const count = (result: string) => rows.filter((r) => r[2] === result).length;
    expect(count('created')).toBe(4);
    expect(count('outcome unknown')).toBe(2);
    expect(count('not attempted')).toBe(24);

    const again = await runBin(args, { env, timeoutMs: 30_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(/\b2 unanswered earlier/);
    expectEachOnce('Twice Job ', 30);
  });
});
