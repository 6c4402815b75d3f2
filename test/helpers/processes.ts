// Real processes for the tests of process liveness (the account lock, process-alive.ts): one that
// sleeps, a zombie, and what /proc says of a process's start, read here independently of the code
// under test.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';

const started: ChildProcess[] = [];

/** Kills the processes the test started (an afterEach). */
export function killStarted(): void {
  for (const child of started.splice(0)) child.kill('SIGKILL');
}

/** The pid of a process that lives until killStarted(). @spawns */
export function sleeper(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
  started.push(child);
  return child.pid!;
}

/** The pid of a process that has ended, its parent not reaping it: a zombie (Linux only). @spawns */
export async function zombie(): Promise<number> {
  // The background `sleep` is the child of the shell, which then becomes `sleep 60` (exec): that
  // never waits for children, so the first stays a zombie until killStarted() ends its parent.
  const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  started.push(parent);
  const pid = await new Promise<number>((resolve) => parent.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
  for (const start = Date.now(); !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'latin1')); await new Promise((r) => setTimeout(r, 10))) {
    if (Date.now() - start > 10_000) throw new Error(`process ${pid} did not become a zombie`);
  }
  return pid;
}

/** The 22nd field of /proc/<pid>/stat (its start, in clock ticks since boot), or '' without /proc. */
export function startOf(pid: number): string {
  try {
    return /\) \S+ (?:\S+ ){18}(\d+) /.exec(readFileSync(`/proc/${pid}/stat`, 'latin1'))![1]!;
  } catch {
    return '';
  }
}
