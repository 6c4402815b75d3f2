// The second pass for bodies beyond the body cache (never run by a test before):
// with the cache made tiny, every item (or every item past a cached prefix) is read, checked and
// resolved again from the file. Each job is created once; a file edited during the run stops it
// at the changed item ("changed", exit 1) without sending that item or any after it.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FaultyFs } from '../helpers/faulty-fs.js';
import { useSandbox } from '../helpers/sandbox.js';
import { jobs, posts, titlesWithPrefix, useRecordingProxy, writeJobs } from './helpers.js';
import { runBatchWith } from './run-batch-with.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

function expectEachOnce(prefix: string, count: number): void {
  const titles = titlesWithPrefix(sandbox.current, prefix);
  expect(titles.size).toBe(count);
  expect([...titles.entries()].filter(([, n]) => n !== 1)).toEqual([]);
}

describe('batch beyond the body cache', () => {
  it.each([
    ['no body cached (1 byte)', 1],
    ['the first few bodies cached (8 KiB)', 8 * 1024],
  ])('%s: 50 items, each created once, in file order', { timeout: 60_000 }, async (_name, bodyCacheBytes) => {
    const prefix = `Uncached ${bodyCacheBytes} Job `;
    const file = writeJobs(`uncached-${bodyCacheBytes}.ndjson`, jobs(prefix.trim(), 50));
    proxy.reset();
    const res = await runBatchWith(proxy.baseUrl, { file, bodyCacheBytes, concurrency: '4' });
    expect(res.code, res.stderr).toBe(0);
    const sent = posts(proxy);
    expect(sent).toHaveLength(50);
    expect(new Set(sent.map((p) => p.key)).size).toBe(50);
    // Each body is the item's, as the cached path would have sent it.
    expect(sent.map((p) => JSON.parse(p.body).title as string).sort()).toEqual(Array.from({ length: 50 }, (_, i) => `${prefix}${i}`).sort());
    expectEachOnce(prefix, 50);
    const rows = res.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => [r[0], r[2]])).toEqual(Array.from({ length: 50 }, (_, i) => [String(i), 'created']));

    // A re-run finds everything created: nothing sent.
    proxy.reset();
    const again = await runBatchWith(proxy.baseUrl, { file, bodyCacheBytes, concurrency: '4' });
    expect(again.code, again.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(0);
  });

  it('a file edited during the run stops it at the changed item, which is not sent, nor any after it', { timeout: 60_000 }, async () => {
    const prefix = 'Edited Uncached Job ';
    const items = jobs(prefix.trim(), 50);
    const file = writeJobs('edited-uncached.ndjson', items);
    // The moment the second pass starts (its "run" line is written), item 25 of the file changes.
    const faulty = new FaultyFs();
    let edited = false;
    faulty.beforeWrite = (text) => {
      if (edited || !text.startsWith('{"type":"run"')) return;
      edited = true;
      const lines = readFileSync(file, 'utf8').split('\n');
      lines[25] = JSON.stringify({ ...items[25], title: `${prefix}25 (edited)` });
      writeFileSync(file, lines.join('\n'));
    };
    proxy.reset();
    const res = await runBatchWith(proxy.baseUrl, { file, bodyCacheBytes: 1, fs: faulty.fs, concurrency: '4' });
    expect(edited).toBe(true);
    expect(res.code, res.stderr).toBe(1);
    expect(res.stderr).toContain('the run stopped because the file changed while it ran');
    expect(res.stderr).not.toContain('fix the refused items');
    const rows = res.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.slice(0, 25).map((r) => r[2])).toEqual(Array(25).fill('created'));
    expect(rows.slice(25).map((r) => [r[2], r[6]])).toEqual(Array(25).fill(['not attempted', 'not attempted: the file changed during the run']));
    expect(posts(proxy)).toHaveLength(25);
    expect(posts(proxy).some((p) => (JSON.parse(p.body).title as string).startsWith(`${prefix}25`))).toBe(false);
    expectEachOnce(prefix, 25);
  });
});
