// A run that stops early (a 401, a full account, Ctrl-C) releases the keys it reserved and did not
// use: the new ones, never an item's original key from an earlier run, which a
// re-run must send again (the first request with it may have created the job).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/exactly-once/canonical-json.js';
import { Identities } from '../../src/jobs/batch/item-identity.js';
import { EARLIER } from '../../src/exactly-once/records.js';
import { Journal } from '../../src/exactly-once/journal.js';
import { KeyBook } from '../../src/exactly-once/key-book.js';

function identities(n: number): Identities {
  const ids = new Identities();
  for (let i = 0; i < n; i++) ids.add(canonicalJson({ title: `Release Job ${i}` }));
  ids.seal();
  return ids;
}

const open = (file: string, ids: Identities) => Journal.open(file, { restart: false, now: new Date('2026-11-22T00:00:00Z') }, ids, () => undefined);

describe('key book: release on an early stop', () => {
  it('writes "unsent" for the new keys reserved and not taken, never for original keys; a re-run still has those', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'recruit-release-')), 'journal.ndjson');
    const ids = identities(10);
    const journal = await open(file, ids);
    let count = 0;
    // Items 2, 3 and 6 were sent by an earlier run and never answered.
    const resendKeys = new Map([
      [2, 'old-key-2'],
      [3, 'old-key-3'],
      [6, 'old-key-6'],
    ]);
    const book = new KeyBook({ journal, identities: ids, resendKeys, newKey: () => `new-key-${count++}`, pending: () => true, size: 10 }, 8);
    expect(book.take(0)).toBe('new-key-0'); // reserves 0-7 in one block
    expect(book.take(1)).toBe('new-key-1');
    // The run stops here (its token was refused): 2-7 were reserved, none taken.
    book.release();
    journal.close();

    const unsent = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; id: string; key: string })
      .filter((e) => e.type === 'unsent');
    expect(unsent.map((e) => [e.id, e.key])).toEqual([
      [ids.id(4), 'new-key-2'],
      [ids.id(5), 'new-key-3'],
      [ids.id(7), 'new-key-4'],
    ]);

    const again = await open(file, ids);
    again.close();
    for (const index of [2, 3, 6]) {
      expect(again.earlier.kinds[index], `item ${index}`).toBe(EARLIER.UNANSWERED);
      expect(again.earlier.keys.get(index)).toBe(`old-key-${index}`);
    }
    for (const index of [4, 5, 7]) expect(again.earlier.kinds[index], `item ${index}`).toBe(EARLIER.UNKNOWN);
    expect(again.earlier.keys.get(0)).toBe('new-key-0'); // taken: it may have been sent
  });
});
