// The account lock as the tests see it: its path for a token and address, and a lock record as a
// run of process `pid` of this host and PID namespace writes it.
import { hostname } from 'node:os';
import { join } from 'node:path';
import { credentialFingerprint } from '../../src/api/client.js';
import { accountLockFile } from '../../src/exactly-once/account-lock.js';
import { formatRecord } from '../../src/exactly-once/lock-record.js';
import { pidNamespace } from '../../src/exactly-once/process-alive.js';

/** The account lock of `token` at `baseUrl`, in the test file's state directory. */
export function accountLock(baseUrl: string, token = 'sbx_direct_full'): string {
  return accountLockFile(join(process.env.RECRUIT_STATE_DIR!, 'journals'), { baseUrl, credential: credentialFingerprint(token) });
}

/** The lock a run of process `pid` of this machine wrote. */
export function lockOf(pid: number, command = 'recruit jobs create --file', what = 'jobs.ndjson'): string {
  return formatRecord({ run: `test-${pid}`, pid, pidStart: '', host: hostname(), pidNs: pidNamespace(), command, what, started: new Date().toISOString() });
}
