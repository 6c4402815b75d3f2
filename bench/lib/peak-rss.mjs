// Runs a command as a child process and returns its wall time and peak resident set size: from
// GNU time (`/usr/bin/time -f %M`, in KiB) when it is installed (`apt-get install -y time`), else by
// polling the child's VmHWM in /proc/<pid>/status, which the kernel keeps as the peak.
import { spawn } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { clearInterval, setInterval } from 'node:timers';
import { join } from 'node:path';

const GNU_TIME = '/usr/bin/time';

export const rssSource = existsSync(GNU_TIME) ? 'GNU time %M' : '/proc/<pid>/status VmHWM';

function wait(child) {
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

/** `stdoutFile`: where the child's stdout goes (default /dev/null). Rejects when it fails. */
export async function runMeasured(argv, { env, stdoutFile = '/dev/null' } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-bench-rss-'));
  const stdout = openSync(stdoutFile, 'w');
  const stderrFile = join(dir, 'stderr');
  const stderr = openSync(stderrFile, 'w');
  try {
    const gnu = existsSync(GNU_TIME);
    const rssFile = join(dir, 'rss');
    const command = gnu ? [GNU_TIME, '-f', '%M', '-o', rssFile, ...argv] : argv;
    const start = process.hrtime.bigint();
    const child = spawn(command[0], command.slice(1), { env, stdio: ['ignore', stdout, stderr] });
    let polledKiB = 0;
    const poll = gnu
      ? undefined
      : setInterval(() => {
          try {
            const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
            if (m) polledKiB = Math.max(polledKiB, Number(m[1]));
          } catch {
            // the child has exited
          }
        }, 20);
    const { code, signal } = await wait(child);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (poll) clearInterval(poll);
    if (code !== 0) {
      throw new Error(`${argv.join(' ')} exited with ${code ?? signal}: ${readFileSync(stderrFile, 'utf8').slice(-2000)}`);
    }
    const kib = gnu ? Number(readFileSync(rssFile, 'utf8').trim().split('\n').pop()) : polledKiB;
    return { seconds, peakRssMiB: kib / 1024 };
  } finally {
    closeSync(stdout);
    closeSync(stderr);
    rmSync(dir, { recursive: true, force: true });
  }
}
