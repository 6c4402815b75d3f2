// The built CLI with its state directory on a real 64 KiB tmpfs: a
// 300-job batch fills the disk with its journal and stops with exit 6 and a message, not a stack
// trace, having sent nothing whose key is not on disk; once the disk is larger the same command
// finishes, and the service has exactly 300 jobs. Skipped, saying why, where mounting is not allowed.
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { credentialFingerprint } from '../../src/api/client.js';
import { journalFile } from '../../src/exactly-once/journal-files.js';
import { runBin } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { useSandbox } from '../helpers/sandbox.js';
import { skipNote, useTmpfs } from '../helpers/tmpfs.js';
import { jobs, posts, titlesWithPrefix, useRecordingProxy, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);
const disk = useTmpfs('recruit-state-tmpfs', 'size=64k,mode=0700');
if (!disk.mounted) console.warn(`full-disk-tmpfs: skipped, cannot mount a tmpfs: ${disk.reason}`);
const readOnly = useTmpfs('recruit-state-ro', 'size=1m,mode=0700', 'ro');

beforeAll(() => ensureFreshBuild(), 60_000);

describe('batch with the state directory on a full tmpfs (built CLI)', () => {
  it.skipIf(!disk.mounted)(`exit 6 without a stack trace; after growing the disk the re-run creates exactly 300 jobs${skipNote(disk)}`, { timeout: 120_000 }, async () => {
    const prefix = 'Tmpfs Job ';
    const file = writeJobs('tmpfs.ndjson', jobs(prefix.trim(), 300));
    const args = ['--base-url', proxy.baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '4'];
    const env = { RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_STATE_DIR: disk.dir };
    const journal = journalFile(join(disk.dir, 'journals'), realpathSync(file), { baseUrl: proxy.baseUrl, credential: credentialFingerprint('sbx_direct_full') });

    proxy.reset();
    const full = await runBin(args, { env, timeoutMs: 60_000 });
    expect(full.code, full.stderr).toBe(6);
    expect(full.stderr).toContain(`could not write the batch journal ${journal}: the disk is full (ENOSPC)`);
    expect(full.stderr).not.toMatch(/^\s+at /m);
    const onDisk = new Set<string>();
    for (const line of readFileSync(journal, 'utf8').split('\n')) {
      try {
        const entry = JSON.parse(line) as { type: string; key: string };
        if (entry.type === 'sent') onDisk.add(entry.key);
      } catch {
        // a torn line holds no key
      }
    }
    const sent = posts(proxy);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(300);
    expect(sent.filter((p) => !onDisk.has(p.key!))).toEqual([]);
    const before = titlesWithPrefix(sandbox.current, prefix);
    expect([...before.values()].every((n) => n === 1)).toBe(true);

    disk.remount('size=8m');
    const again = await runBin(args, { env, timeoutMs: 60_000 });
    expect(again.code, again.stderr).toBe(0);
    const after = titlesWithPrefix(sandbox.current, prefix);
    expect(after.size).toBe(300);
    expect([...after.entries()].filter(([, n]) => n !== 1)).toEqual([]);
  });

  it.skipIf(!readOnly.mounted)(`on a read-only state directory: exit 6 naming EROFS, nothing sent${skipNote(readOnly)}`, { timeout: 60_000 }, async () => {
    const file = writeJobs('read-only.ndjson', jobs('Read Only Job', 5));
    proxy.reset();
    const res = await runBin(['--base-url', proxy.baseUrl, 'jobs', 'create', '--file', file], {
      env: { RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_STATE_DIR: readOnly.dir },
      timeoutMs: 60_000,
    });
    expect(res.code, res.stderr).toBe(6);
    expect(res.stderr).toContain(`could not create the journal directory ${join(readOnly.dir, 'journals')}: the file system is read-only (EROFS); nothing was sent`);
    expect(posts(proxy)).toEqual([]);
  });
});
