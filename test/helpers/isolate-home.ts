// Every test file gets its own config and state directories, never the developer's, and a temporary
// directory that is not the system's: TMPDIR points into a home of the test process, so every
// mkdtemp of the file's tests and of the processes they start lands there. The home is made once a
// process, because `npm run test:fast` runs many files in one process (`isolate: false`), and a
// module a file imported (a helper's directory made at import) outlives the file: its directory
// must too. The file's own directories are removed when its tests end, the home when the process
// exits; a worker killed before its end (a timeout in a mutation run) cannot remove its own: the
// next test process, and the run's teardown (test/helpers/global-cleanup.ts), remove the homes of
// processes that are no longer running.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { removeDeadHomes, testHomePrefix } from './test-homes.js';

if (process.env.RECRUIT_TEST_HOME === undefined) {
  const root = tmpdir();
  removeDeadHomes(root);
  const home = mkdtempSync(join(root, testHomePrefix(process.pid)));
  mkdirSync(join(home, 'tmp'));
  process.env.RECRUIT_TEST_HOME = home;
  process.env.TMPDIR = join(home, 'tmp');
  process.once('exit', () => rmSync(home, { recursive: true, force: true, maxRetries: 3 }));
}

const own = mkdtempSync(join(process.env.RECRUIT_TEST_HOME, 'file-'));
process.env.RECRUIT_STATE_DIR = join(own, 'state');
process.env.RECRUIT_CONFIG_DIR = join(own, 'config');
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
  rmSync(own, { recursive: true, force: true, maxRetries: 3 });
});
