// The copy of stdin a batch keeps in <state>/journals/stdin/: a run
// killed with SIGKILL cannot remove its own, whether it was still reading stdin (a `.tmp` copy)
// or already sending (the finished `.input` copy); the next batch run removes the copies of runs
// that have ended, and leaves a running one's alone.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { useSandbox } from '../helpers/sandbox.js';
import { batch, jobs, titlesWithPrefix, writeJobs } from './helpers.js';

// Slow answers, so that a run is still sending when it is killed.
const sandbox = useSandbox({ activeJobLimit: 1000, faults: 'latency=50-50' });
const spool = join(process.env.RECRUIT_STATE_DIR!, 'journals', 'stdin');
const children = new Set<ChildProcess>();

beforeAll(() => ensureFreshBuild(), 60_000);
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await new Promise((resolve) => child.once('exit', resolve));
    }
  }
});

/** The built CLI reading a batch from a pipe that stays open until the test writes the rest. */
function piped(): ChildProcess & { pid: number } {
  const child = spawn(process.execPath, [BIN, '--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', '-', '--concurrency', '1'], {
    env: { ...process.env, NO_COLOR: '1', RECRUIT_TOKEN: 'sbx_direct_full' },
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  children.add(child);
  return child as ChildProcess & { pid: number };
}

const copiesOf = (pid: number) => (existsSync(spool) ? readdirSync(spool).filter((name) => name.startsWith(`${pid}-`)) : []);

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const start = Date.now(); !condition(); await new Promise((resolve) => setTimeout(resolve, 10))) {
    if (Date.now() - start > 30_000) throw new Error(`timed out waiting for ${what}`);
  }
}

async function kill(child: ChildProcess): Promise<void> {
  child.kill('SIGKILL');
  if (child.exitCode === null && child.signalCode === null) await new Promise((resolve) => child.once('exit', resolve));
}

describe('stdin copies of killed runs (built CLI)', () => {
  it('are left by SIGKILL while reading and while sending, and removed by the next batch run; a running one is kept', { timeout: 60_000 }, async () => {
    const lines = jobs('Piped Job', 20).map((j) => `${JSON.stringify(j)}\n`);

    // Killed while sending: stdin read whole, the copy renamed to .input. (First: a run that has read
    // its stdin removes the copies of ended runs, as the test expects of the next run below.)
    const sending = piped();
    sending.stdin!.end(lines.join(''));
    await until(() => titlesWithPrefix(sandbox.current, 'Piped Job ').size >= 2, 'the second run to send');
    await kill(sending);

    // Killed while reading: stdin not finished, the copy is still a .tmp.
    const reading = piped();
    reading.stdin!.write(lines.slice(0, 5).join(''));
    await until(() => copiesOf(reading.pid).some((name) => name.endsWith('.input.tmp')), 'the copy of the reading run');
    await kill(reading);

    // A run still reading its stdin: its copy must stay.
    const running = piped();
    running.stdin!.write(lines[0]!);
    await until(() => copiesOf(running.pid).length > 0, 'the copy of the running run');

    const left = { reading: copiesOf(reading.pid), sending: copiesOf(sending.pid), running: copiesOf(running.pid) };
    expect(left.reading).toEqual([expect.stringMatching(/^\d+-[\da-f]+\.input\.tmp$/)]);
    expect(left.sending).toEqual([expect.stringMatching(/^\d+-[\da-f]+\.input$/)]);

    const next = await batch(sandbox.current.baseUrl, writeJobs('after-kill.ndjson', jobs('After Kill Job', 1)));
    expect(next.code, next.stderr).toBe(0);
    expect(copiesOf(reading.pid)).toEqual([]);
    expect(copiesOf(sending.pid)).toEqual([]);
    expect(copiesOf(running.pid)).toEqual(left.running);

    await kill(running);
  });
});
