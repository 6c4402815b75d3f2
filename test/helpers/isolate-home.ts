// Every test file gets its own config and state directories, never the developer's, and its own
// temporary directory: TMPDIR points into it, so every mkdtemp of the file's tests and of the
// processes they start lands there, and the whole of it is removed when the file's tests end. A
// worker killed before its end (a timeout in a mutation run) cannot remove its own: the next test
// file removes the directories of processes that are no longer running.
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const root = tmpdir();
for (const name of readdirSync(root)) {
  const pid = Number(/^recruit-test-(\d+)-/.exec(name)?.[1]);
  if (!(pid > 0) || running(pid)) continue;
  try {
    rmSync(join(root, name), { recursive: true, force: true });
  } catch {
    // Best effort: what cannot be removed (a tmpfs a killed test left mounted: EBUSY) is no reason
    // to fail this file's tests.
  }
}

const home = mkdtempSync(join(root, `recruit-test-${process.pid}-`));
process.env.TMPDIR = join(home, 'tmp');
mkdirSync(process.env.TMPDIR);
process.env.RECRUIT_STATE_DIR = join(home, 'state');
process.env.RECRUIT_CONFIG_DIR = join(home, 'config');
delete process.env.RECRUIT_BASE_URL;
delete process.env.RECRUIT_TOKEN;
delete process.env.RECRUIT_PROFILE;
delete process.env.RECRUIT_ACCOUNT_TYPE;
delete process.env.RECRUIT_CONCURRENCY;
delete process.env.RECRUIT_ACTIVE_JOB_LIMIT;
// A test on a fake terminal must not start the user's pager (test/cli/pager.test.ts names its own).
process.env.RECRUIT_PAGER = '';
// Nor the user's OS keyring: tokens go to the config file unless a test passes its own store.
process.env.RECRUIT_KEYRING = '0';

afterAll(() => {
  rmSync(home, { recursive: true, force: true, maxRetries: 3 });
});
