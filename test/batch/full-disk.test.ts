// A batch whose journal fills the disk in the middle of the run, in this process
// through the journal's file-system seam, against a real sandbox behind a recording proxy: the run
// stops with exit 6 and a message naming the journal and the disk, no request left whose key is not
// in the journal, and a re-run on a healthy disk ends with every job exactly once.
import { readFileSync, realpathSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { credentialFingerprint } from '../../src/api/client.js';
import { journalFile } from '../../src/exactly-once/journal-files.js';
import { FaultyFs } from '../helpers/faulty-fs.js';
import { useSandbox } from '../helpers/sandbox.js';
import { batch, jobs, posts, titlesWithPrefix, useRecordingProxy, writeJobs } from './helpers.js';
import { runBatchWith } from './run-batch-with.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

/** The keys of the journal's whole "sent" lines (a torn last line is no key on disk). */
function keysOnDisk(journal: string): Set<string> {
  const keys = new Set<string>();
  for (const line of readFileSync(journal, 'utf8').split('\n')) {
    try {
      const entry = JSON.parse(line) as { type: string; key: string };
      if (entry.type === 'sent') keys.add(entry.key);
    } catch {
      // torn
    }
  }
  return keys;
}

describe('batch journal on a disk that fills up', () => {
  it.each([
    ['ENOSPC', 'the disk is full (ENOSPC)'],
    ['EROFS', 'the file system is read-only (EROFS)'],
  ])('%s mid-run: exit 6, every request sent has its key on disk, and a re-run creates each job once', { timeout: 60_000 }, async (code, words) => {
    const prefix = `Full Disk ${code} Job `;
    const file = writeJobs(`full-disk-${code}.ndjson`, jobs(prefix.trim(), 300));
    const journal = journalFile(join(process.env.RECRUIT_STATE_DIR!, 'journals'), realpathSync(file), {
      baseUrl: proxy.baseUrl,
      credential: credentialFingerprint('sbx_direct_full'),
    });
    // About a third of what the run writes (a "sent" and an outcome line per item, ~280 bytes).
    const faulty = new FaultyFs();
    faulty.budget = 30_000;
    faulty.code = code;

    proxy.reset();
    const res = await runBatchWith(proxy.baseUrl, { file, fs: faulty.fs, concurrency: '4' });
    expect(res.code, res.stderr).toBe(6);
    expect(faulty.budget).toBe(0); // the disk did fill
    expect(res.stderr).toContain(`could not write the batch journal ${journal}: ${words}`);
    expect(res.stderr).toMatch(/the run stopped because the batch journal could not be written/);
    expect(res.stderr).toMatch(/^hint: free space or fix the permissions of the state directory/m);
    expect(res.stderr).not.toMatch(/^\s+at /m); // no stack trace

    // Nothing left whose key is not on disk; what was sent is what the sandbox has.
    const onDisk = keysOnDisk(journal);
    const sent = posts(proxy);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(300);
    expect(sent.filter((p) => !onDisk.has(p.key!))).toEqual([]);
    const created = titlesWithPrefix(sandbox.current, prefix);
    expect(created.size).toBe(new Set(sent.filter((p) => p.status === 201).map((p) => p.key)).size);
    expect([...created.values()].every((n) => n === 1)).toBe(true);
    // The requests in flight were waited for: the rows say created for each job the sandbox has.
    const rows = res.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows).toHaveLength(300);
    expect(rows.filter((r) => r[2] === 'created')).toHaveLength(created.size);
    expect(rows.filter((r) => r[2] === 'not attempted')).toHaveLength(300 - created.size);

    // The disk has room again: the same command finishes the file, each job once; the items whose
    // keys were on disk are sent with those keys.
    proxy.reset();
    const again = await batch(proxy.baseUrl, file, ['--concurrency', '4']);
    expect(again.code, again.stderr).toBe(0);
    const all = titlesWithPrefix(sandbox.current, prefix);
    expect(all.size).toBe(300);
    expect([...all.entries()].filter(([, n]) => n !== 1)).toEqual([]);
    const firstKeyOf = new Map(sent.map((p) => [JSON.parse(p.body).title as string, p.key]));
    const resent = posts(proxy).filter((p) => firstKeyOf.has(JSON.parse(p.body).title as string));
    for (const p of resent) expect(p.key).toBe(firstKeyOf.get(JSON.parse(p.body).title as string));
  });
});
