// SIGTERM (a container stopped, `kill`) is handled like Ctrl-C: the
// built CLI stops handing out items, waits for the requests in flight, prints every item's result
// and the tally, releases its lock and exits 143; the same command then finishes the file, each
// job exactly once. SIGHUP (a closed terminal or console window) ends the run the same way; so
// does SIGBREAK (Ctrl-Break), which only Windows sends.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, runBin } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { accountLock } from '../helpers/run-lock.js';
import { useSandbox } from '../helpers/sandbox.js';
import { spawnCollect } from '../helpers/spawn.js';
import { jobs, signalWhen, titlesWithPrefix, writeJobs } from './helpers.js';

// Every request takes 50 ms, so that 30 jobs two at a time take most of a second.
const sandbox = useSandbox({ activeJobLimit: 1000, faults: 'latency=50-50' });
const env = { RECRUIT_TOKEN: 'sbx_direct_full' };
const HANGUP = fileURLToPath(new URL('../helpers/pty-hangup.py', import.meta.url));

beforeAll(() => ensureFreshBuild(), 60_000);

const STOPPED = 'the run was stopped (SIGTERM, SIGHUP or SIGBREAK)';

/**
 * The piped results of a run of 30 jobs stopped after at least 4: a row each, the rest "not
 * attempted" for the stop, and nothing left in flight (what the rows say was created is what the
 * sandbox has). Returns how many were created.
 */
function expectStoppedResults(piped: string, prefix: string): number {
  const rows = piped.trim().split('\n').map((l) => l.split('\t'));
  expect(rows).toHaveLength(30);
  const created = rows.filter((r) => r[2] === 'created').length;
  expect(created).toBeGreaterThanOrEqual(4);
  expect(created).toBeLessThan(30);
  expect(rows.filter((r) => r[2] === 'not attempted').map((r) => r[6])).toEqual(Array(30 - created).fill(`not attempted: ${STOPPED}`));
  expect(titlesWithPrefix(sandbox.current, prefix).size).toBe(created);
  return created;
}

/** The same command again: exit 0, and each of the 30 jobs exists exactly once. */
async function expectRerunCompletes(args: string[], prefix: string) {
  const again = await runBin(args, { env, timeoutMs: 30_000 });
  expect(again.code, again.stderr).toBe(0);
  const titles = titlesWithPrefix(sandbox.current, prefix);
  expect(titles.size).toBe(30);
  expect([...titles.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  return again;
}

describe.each([
  ['SIGTERM', 'terminated: waiting for the requests in flight (a second SIGTERM stops waiting; a re-run resumes)'],
  // A hang-up may come twice (the terminal, then the shell passing it on): a second one changes nothing.
  ['SIGHUP', 'terminated (SIGHUP): waiting for the requests in flight (a re-run resumes)'],
] as const)('batch stopped with %s (built CLI)', (signal, announced) => {
  it('waits for the requests in flight, prints the summary, releases the lock, exits 143; a re-run completes', { timeout: 60_000 }, async () => {
    const prefix = `${signal} Job `;
    const file = writeJobs(`${signal}.ndjson`, jobs(prefix.trim(), 30));
    const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '2'];
    const lock = accountLock(sandbox.current.baseUrl);

    const stopped = await signalWhen(sandbox.current, env, args, prefix, 4, signal);
    expect(stopped.signal, stopped.stderr).toBeNull(); // handled, not killed by it
    expect(stopped.code, stopped.stderr).toBe(143);
    expect(stopped.stderr).toContain(announced);
    expect(stopped.stderr).toMatch(/^30 jobs: \d+ created, \d+ not attempted \(\d+\.\d s\)$/m);
    expect(stopped.stderr).toContain(STOPPED);
    expect(stopped.stderr).toMatch(/^hint: run the same command again to continue/m);
    const created = expectStoppedResults(stopped.stdout, prefix);
    expect(existsSync(lock)).toBe(false);

    const again = await expectRerunCompletes(args, prefix);
    expect(again.stderr).toContain(`${created} already created in an earlier run`);
  });
});

// The terminal itself goes away (its window closed): SIGHUP, and every later write to it fails
// with EIO. The run still ends as above, its results on the stdout it was given.
describe('batch whose terminal is closed (built CLI on a pseudo-terminal)', () => {
  it('stops as on SIGTERM, writes every result to the redirected stdout, releases the lock; a re-run completes', { timeout: 60_000 }, async () => {
    const prefix = 'Hangup Job ';
    const file = writeJobs('hangup.ndjson', jobs(prefix.trim(), 30));
    const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '2'];
    const dir = mkdtempSync(join(tmpdir(), 'recruit-hangup-'));
    const out = join(dir, 'results.tsv');
    const trigger = join(dir, 'hang-up');
    const watch = setInterval(() => {
      if (titlesWithPrefix(sandbox.current, prefix).size >= 4) writeFileSync(trigger, '');
    }, 5);
    const { done } = spawnCollect('python3', [HANGUP, out, trigger, '--', process.execPath, BIN, ...args], {
      env: { ...env, NO_COLOR: '1', TERM: 'xterm', CI: undefined },
      timeoutMs: 30_000,
    });
    const hungUp = await done.finally(() => clearInterval(watch));
    // Node itself aborts at its very end when it cannot restore a terminal that is gone (SIGABRT,
    // 134; now and then a SIGSEGV, 139, while it reports that): after the run has ended, so the
    // code is not the run's, and nobody is left to read it. What matters is below.
    expect([143, 134, 139], hungUp.stderr).toContain(hungUp.code);
    expect(hungUp.stdout).toContain('sending 30 jobs, 2 at a time'); // stderr was the terminal
    expectStoppedResults(readFileSync(out, 'utf8'), prefix);
    expect(existsSync(accountLock(sandbox.current.baseUrl))).toBe(false);
    rmSync(dir, { recursive: true, force: true });

    await expectRerunCompletes(args, prefix);
  });
});
