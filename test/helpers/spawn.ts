// One way to run a child process and collect what it says: its stdout and stderr as text, its exit
// code and signal, a SIGKILL after a time limit (so a hung child fails its test, not the suite),
// and optionally a signal sent the first time a condition of the test holds (a crash mid-run).
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';

export interface SpawnOptions {
  /** Added to this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Written to the child's stdin, which is then ended; see `holdStdin`. */
  input?: string;
  /** Leave stdin open after `input` (the test ends it through `child.stdin`). */
  holdStdin?: boolean;
  /** SIGKILL after this long (default 15 s); the result then has signal SIGKILL. */
  timeoutMs?: number;
  /** Sends `signal` the first time `when()` holds, checked every `everyMs` (default 5 ms). */
  signalWhen?: { when: () => boolean; signal: NodeJS.Signals; everyMs?: number };
}

export interface Collected {
  /** The exit code; null when a signal ended the child. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Spawned {
  child: ChildProcessWithoutNullStreams;
  pid: number;
  /** Settles when the child has exited and its streams are closed. */
  done: Promise<Collected>;
}

/** Starts `command args` and collects its output until it ends. @spawns */
export function spawnCollect(command: string, args: string[], options: SpawnOptions = {}): Spawned {
  const child = spawn(command, args, { env: { ...process.env, ...options.env }, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  child.stdin.on('error', () => undefined); // a child that exits without reading its stdin
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 15_000);
  const watch = options.signalWhen;
  let signalled = false;
  const poll = watch
    ? setInterval(() => {
        if (!signalled && watch.when()) {
          signalled = true;
          child.kill(watch.signal);
        }
      }, watch.everyMs ?? 5)
    : undefined;
  const done = new Promise<Collected>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      clearInterval(poll);
      resolve({ code, signal, stdout, stderr });
    });
  });
  if (options.input !== undefined) child.stdin.write(options.input);
  if (!options.holdStdin) child.stdin.end();
  return { child, pid: child.pid!, done };
}

/** The exit code as a shell sees it: a signal is 128, as runBin has always reported it. */
export function exitCode(collected: Collected): number {
  return collected.code ?? (collected.signal ? 128 : 1);
}
