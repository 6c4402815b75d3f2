// Every test file gets its own config and state directories, never the developer's, and its own
// temporary directory: TMPDIR points into it, so every mkdtemp of the file's tests and of the
// processes they start lands there, and the whole of it is removed when the file's tests end.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const home = mkdtempSync(join(tmpdir(), 'recruit-test-'));
process.env.TMPDIR = join(home, 'tmp');
mkdirSync(process.env.TMPDIR);
process.env.RECRUIT_STATE_DIR = join(home, 'state');
process.env.RECRUIT_CONFIG_DIR = join(home, 'config');
delete process.env.RECRUIT_BASE_URL;
delete process.env.RECRUIT_TOKEN;
delete process.env.RECRUIT_PROFILE;
delete process.env.RECRUIT_ACCOUNT_TYPE;
delete process.env.RECRUIT_CONCURRENCY;

afterAll(() => {
  rmSync(home, { recursive: true, force: true, maxRetries: 3 });
});
