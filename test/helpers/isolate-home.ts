// Every test file gets its own config and state directories, never the developer's.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const home = mkdtempSync(join(tmpdir(), 'recruit-test-'));
process.env.RECRUIT_STATE_DIR = join(home, 'state');
process.env.RECRUIT_CONFIG_DIR = join(home, 'config');
delete process.env.RECRUIT_BASE_URL;
delete process.env.RECRUIT_TOKEN;
delete process.env.RECRUIT_PROFILE;
delete process.env.RECRUIT_ACCOUNT_TYPE;
delete process.env.RECRUIT_CONCURRENCY;
