// The journal belongs to an account: the same batch with another account's token
// at the same base URL is sent again with that token (the first account's jobs are not reported
// as this one's), and the user is told; the same file reached through a symlink is the same input
// and resumes the same journal.
import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AccountId } from '../../src/sandbox/accounts.js';
import { useSandbox } from '../helpers/sandbox.js';
import { batch, jobs, parseJson, posts, useRecordingProxy, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

/** The sandbox's jobs of `account` whose title starts with `prefix`. */
function jobsOf(account: AccountId, prefix: string) {
  return [...sandbox.current.store.jobs.values()].filter((j) => j.account === account && j.title.startsWith(prefix));
}

describe('batch: another account, the same file', () => {
  it('sends every item again with the other token, says why, and exits 0; each account ends with its 5 jobs', async () => {
    const prefix = 'Switch Job ';
    const file = writeJobs('switch.ndjson', jobs(prefix.trim(), 5));

    const direct = await batch(proxy.baseUrl, file, ['--json']);
    expect(direct.code, direct.stderr).toBe(0);
    expect(jobsOf('direct', prefix)).toHaveLength(5);

    proxy.reset();
    const approval = await batch(proxy.baseUrl, file, ['--json'], { token: 'sbx_approval_full' });
    expect(approval.code, approval.stderr).toBe(0);
    expect(approval.stderr).toContain(
      'note: 5 jobs of this file were created earlier with another token or at another address; this run has a journal of its own and sends every item with the same keys: an account that has them answers with those jobs, another account creates its own',
    );
    expect(approval.stderr).toContain('sending 5 jobs');
    expect(approval.stderr).not.toContain('created in an earlier run');
    expect(posts(proxy)).toHaveLength(5);
    expect(posts(proxy).every((p) => p.status === 201)).toBe(true);

    // The second account has its own 5 jobs, pending approval; the first account still has its 5.
    const pending = jobsOf('approval', prefix);
    expect(pending.map((j) => j.title).sort()).toEqual(Array.from({ length: 5 }, (_, i) => `${prefix}${i}`));
    expect(pending.every((j) => j.approvalStatus === 0 && j.status === 3)).toBe(true);
    expect(jobsOf('direct', prefix)).toHaveLength(5);
    // Reported are the second account's ids, not the first's.
    const ids = parseJson(approval.stdout).map((r: { result: string; jobId: number }) => [r.result, r.jobId]);
    expect(ids).toEqual(pending.sort((a, b) => a.title.localeCompare(b.title)).map((j) => ['created', j.id]));

    // Each account's journal is complete: running again with either token sends nothing.
    proxy.reset();
    for (const token of ['sbx_direct_full', 'sbx_approval_full']) {
      const again = await batch(proxy.baseUrl, file, [], { token });
      expect(again.code, again.stderr).toBe(0);
      expect(again.stderr).toContain('nothing to send: 5 of 5 jobs were created in an earlier run');
      expect(again.stderr).not.toContain('note:');
    }
    expect(posts(proxy)).toHaveLength(0);
  });

  it('resumes the same journal when the file is reached through a symlink: nothing is sent again', async () => {
    const prefix = 'Symlinked Job ';
    const file = writeJobs('symlinked.ndjson', jobs(prefix.trim(), 5));
    const link = join(file, '..', 'link-to-symlinked.ndjson');
    symlinkSync(file, link);

    const first = await batch(proxy.baseUrl, file);
    expect(first.code, first.stderr).toBe(0);
    proxy.reset();
    const viaLink = await batch(proxy.baseUrl, link);
    expect(viaLink.code, viaLink.stderr).toBe(0);
    expect(viaLink.stderr).toContain('nothing to send: 5 of 5 jobs were created in an earlier run');
    expect(posts(proxy)).toHaveLength(0);
    expect(jobsOf('direct', prefix)).toHaveLength(5);
  });
});
