// A run of this machine that holds the account lock but has not beaten for a minute (a stepped
// clock, a suspended laptop, a Ctrl-Z), with the built CLI: while its process lives, its lock is
// live whatever its mtime, and a second run is refused naming it (docs/decisions.md, "When a lock
// is stale"); once it resumes it finishes its batch, each job once.
import { utimesSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { accountLock } from '../helpers/run-lock.js';
import { BIN } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { spawnCollect } from '../helpers/spawn.js';
import { batch, jobs, titlesWithPrefix, writeJobs } from './helpers.js';

// Every request takes 30 ms, so that a run of 30 jobs one at a time lasts about a second.
const sandbox = useSandbox({ activeJobLimit: 1000, faults: 'latency=30-30' });
const env = { RECRUIT_TOKEN: 'sbx_direct_full' };

beforeAll(() => ensureFreshBuild(), 60_000);

const count = (prefix: string) => [...titlesWithPrefix(sandbox.current, prefix).values()];

describe('a paused holder of the account lock', () => {
  it('stopped after 8 jobs, its heartbeat set a minute back: a second run of 40 jobs is refused naming it, and sends nothing', { timeout: 60_000 }, async () => {
    const first = writeJobs('paused.ndjson', jobs('Paused Job', 30));
    const holder = spawnCollect(process.execPath, [BIN, '--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', first, '--concurrency', '1'], {
      env: { NO_COLOR: '1', ...env },
      timeoutMs: 45_000,
      signalWhen: { when: () => count('Paused Job ').length >= 8, signal: 'SIGSTOP' },
    });
    const lock = accountLock(sandbox.current.baseUrl);
    try {
      for (const start = Date.now(); count('Paused Job ').length < 8; await new Promise((r) => setTimeout(r, 10))) {
        if (Date.now() - start > 30_000) throw new Error('the first run created no 8 jobs');
      }
      await new Promise((r) => setTimeout(r, 20)); // the SIGSTOP is sent within 5 ms of the 8th job
      const minuteAgo = (Date.now() - 60_000) / 1000;
      utimesSync(lock, minuteAgo, minuteAgo);

      const second = await batch(sandbox.current.baseUrl, writeJobs('second.ndjson', jobs('Second Job', 40)));
      expect(second.code, second.stderr).toBe(2);
      expect(second.stderr).toContain(`error: another run is changing the jobs of this account: \`recruit jobs create --file\` for ${first} (process ${holder.pid}, started `);
      expect(count('Second Job ')).toEqual([]);
    } finally {
      holder.child.kill('SIGCONT');
    }
    const done = await holder.done;
    expect(done.code, done.stderr).toBe(0);
    expect(count('Paused Job ')).toEqual(Array(30).fill(1));
  });
});
