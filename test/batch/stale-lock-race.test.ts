// Several re-runs of the same batch started at once on a stale lock: the built
// CLI in real processes racing for the lock a killed run left. Exactly one run may send: the
// service ends with each job exactly once, and every other run either found nothing left to send
// or was refused naming the run that holds the account lock (exit 2).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin, type CliResult } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { accountLock, lockOf } from '../helpers/run-lock.js';
import { useSandbox } from '../helpers/sandbox.js';
import { jobs, titlesWithPrefix, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 10_000 });
const RUNS = 5;
const ITEMS = 200;

beforeAll(() => ensureFreshBuild(), 60_000);

/** The id of a process that has ended: what a run killed with SIGKILL leaves in its lock. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  const pid = child.pid!;
  await new Promise((resolve) => child.once('exit', resolve));
  return pid;
}

/** The built CLI reading its batch from stdin, held until `release` ends every stdin at once. */
function heldRun(args: string[], input: string): { pid: number; release: () => void; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, NO_COLOR: '1', RECRUIT_TOKEN: 'sbx_direct_full' }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.write(input);
  const timer = setTimeout(() => child.kill('SIGKILL'), 90_000);
  const done = new Promise<CliResult>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr });
    });
  });
  return { pid: child.pid!, release: () => child.stdin.end(), done };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const start = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() - start > 30_000) throw new Error(`timed out waiting for ${what}`);
  }
}

describe('stale lock, several re-runs at once (built CLI)', () => {
  it(`${RUNS} runs of a file started at once on the lock of a dead run create each of ${ITEMS} jobs exactly once`, { timeout: 120_000 }, async () => {
    const prefix = 'Race Job ';
    const file = writeJobs('race.ndjson', jobs(prefix.trim(), ITEMS));
    const lock = accountLock(sandbox.current.baseUrl);
    mkdirSync(dirname(lock), { recursive: true });
    writeFileSync(lock, lockOf(await deadPid()));

    const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '8'];
    const runs = await Promise.all(Array.from({ length: RUNS }, () => runBin(args, { env: { RECRUIT_TOKEN: 'sbx_direct_full' }, timeoutMs: 90_000 })));

    const titles = titlesWithPrefix(sandbox.current, prefix);
    const counts = [...titles.values()];
    expect({ jobs: counts.reduce((a, b) => a + b, 0), distinct: titles.size }).toEqual({ jobs: ITEMS, distinct: ITEMS });
    for (const run of runs) {
      expect([0, 2], run.stderr).toContain(run.code);
      if (run.code === 2) expect(run.stderr).toMatch(/another run is changing the jobs of this account: `recruit jobs create --file` for .* \(process \d+, started /);
    }
    expect(runs.filter((r) => r.code === 0).length).toBeGreaterThan(0);
    expect(existsSync(lock)).toBe(false);
  });

  // Processes started at once still reach the lock some milliseconds apart, and the windows of a
  // racy takeover are microseconds wide: the old code gave two senders in about one round of ten
  // here. Rounds raise the odds; one-run-at-a-time.test.ts (test/exactly-once) forces every interleaving deterministically.
  it.each(Array.from({ length: 8 }, (_, i) => i + 1))(`round %i from stdin: ${RUNS} runs let go at the same instant on the lock of a dead run create each job exactly once`, { timeout: 120_000 }, async (round) => {
    // Each run copies stdin to the state directory before it validates and locks: all of them are
    // held there, then their stdin is closed at once, so that they reach the lock together.
    const prefix = `Stdin Race ${round} Job `;
    const input = `${jobs(prefix.trim(), ITEMS).map((j) => JSON.stringify(j)).join('\n')}\n`;
    const dir = join(process.env.RECRUIT_STATE_DIR!, 'journals');
    const lock = accountLock(sandbox.current.baseUrl);
    mkdirSync(dirname(lock), { recursive: true });
    const dead = lockOf(await deadPid());
    writeFileSync(lock, dead);

    const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', '-', '--concurrency', '8'];
    const runs = Array.from({ length: RUNS }, () => heldRun(args, input));
    const spooling = () => (existsSync(join(dir, 'stdin')) ? readdirSync(join(dir, 'stdin')) : []);
    await until(() => runs.every((r) => spooling().some((name) => name.startsWith(`${r.pid}-`))), 'every run to copy its stdin');
    expect(readFileSync(lock, 'utf8')).toBe(dead); // still the dead run's
    for (const run of runs) run.release();
    const results = await Promise.all(runs.map((r) => r.done));

    const titles = titlesWithPrefix(sandbox.current, prefix);
    expect({ jobs: [...titles.values()].reduce((a, b) => a + b, 0), distinct: titles.size }).toEqual({ jobs: ITEMS, distinct: ITEMS });
    for (const run of results) {
      expect([0, 2], run.stderr).toContain(run.code);
      if (run.code === 2) expect(run.stderr).toMatch(/another run is changing the jobs of this account: .*\(process \d+, started /);
    }
    expect(existsSync(lock)).toBe(false);
  });
});
