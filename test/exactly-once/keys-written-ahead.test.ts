// Keys are journaled a block at a time, ahead of their requests; the ones a run did not use are
// released, and a journal read again treats a released key's item as never reached.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/exactly-once/canonical-json.js';
import { Identities } from '../../src/jobs/batch/item-identity.js';
import { EARLIER } from '../../src/exactly-once/records.js';
import { Journal } from '../../src/exactly-once/journal.js';
import { KeyBook } from '../../src/exactly-once/key-book.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function identities(n: number): Identities {
  const ids = new Identities();
  for (let i = 0; i < n; i++) ids.add(canonicalJson({ title: `Job ${i}` }));
  ids.seal();
  return ids;
}

async function open(file: string, ids: Identities): Promise<Journal> {
  return Journal.open(file, { restart: false, now: new Date('2026-11-22T00:00:00Z') }, ids, () => undefined);
}

/** A journal in a fresh directory for `n` items, and a key source counting key-0, key-1... */
async function fresh(n: number): Promise<{ file: string; ids: Identities; journal: Journal; newKey: () => string }> {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-keys-'));
  dirs.push(dir);
  const file = join(dir, 'journal.ndjson');
  const ids = identities(n);
  let count = 0;
  return { file, ids, journal: await open(file, ids), newKey: () => `key-${count++}` };
}

function entries(file: string): { type: string; index?: number; key: string }[] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { type: string; index?: number; key: string });
}

describe('batch key book', () => {
  it('journals the keys of the next pending items in one block before the first is taken, then releases the unused ones', async () => {
    const { file, ids, journal, newKey } = await fresh(10);
    const done = new Set([1, 4]); // created in an earlier run: not pending, no key
    const book = new KeyBook({ journal, identities: ids, resendKeys: new Map([[3, 'old-key-3']]), newKey, pending: (i) => !done.has(i), size: 10 }, 4);

    expect(book.take(0)).toBe('key-0');
    // One block: item 0 and the next three pending items, 1 and 4 skipped; 3 keeps its earlier key.
    expect(entries(file).map((e) => [e.type, e.index, e.key])).toEqual([
      ['sent', 0, 'key-0'],
      ['sent', 2, 'key-1'],
      ['sent', 3, 'old-key-3'],
      ['sent', 5, 'key-2'],
    ]);
    expect(book.take(2)).toBe('key-1');
    expect(book.take(3)).toBe('old-key-3');
    expect(entries(file)).toHaveLength(4); // taken from the block: nothing more written

    // The run stops here: item 5's new key is released, never the earlier key of an item.
    book.release();
    journal.close();
    const released = entries(file).slice(4);
    expect(released).toEqual([{ type: 'unsent', id: ids.id(5), key: 'key-2' }]);

    const again = await open(file, ids);
    again.close();
    expect(again.earlier.kinds[0]).toBe(EARLIER.UNANSWERED); // taken: it may have been sent
    expect(again.earlier.keys.get(0)).toBe('key-0');
    expect(again.earlier.kinds[5]).toBe(EARLIER.UNKNOWN); // released: a new key next time
    expect(again.earlier.keys.has(5)).toBe(false);
  });

  it('starts a new block when the items of the last one are taken', async () => {
    const { file, ids, journal, newKey } = await fresh(5);
    const book = new KeyBook({ journal, identities: ids, resendKeys: new Map(), newKey, pending: () => true, size: 5 }, 2);
    for (let i = 0; i < 5; i++) expect(book.take(i)).toBe(`key-${i}`);
    book.release();
    journal.close();
    expect(entries(file).map((e) => [e.type, e.index])).toEqual([0, 1, 2, 3, 4].map((i) => ['sent', i]));
  });
});
