// The batch journal read back and written, as a unit: how a re-run replays each kind of line onto
// the items of the file, where a new line starts, what --restart keeps, what a closed or failed
// journal still does, and that every file descriptor it opens is closed. (Found by mutation
// testing: docs/testing.md.)
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { KEY_IN_USE_CODE } from '../../src/api/errors.js';
import type { LocalStateError } from '../../src/core/errors.js';
import { nodeFs, type StateFs } from '../../src/core/state-fs.js';
import { bodyHash, canonicalJson } from '../../src/exactly-once/canonical-json.js';
import { Identities } from '../../src/jobs/batch/item-identity.js';
import { EARLIER, type CreatedRecord, type RefusedRecord } from '../../src/exactly-once/records.js';
import { Journal } from '../../src/exactly-once/journal.js';
import { FaultyFs } from '../helpers/faulty-fs.js';

const NOW = new Date('2026-11-22T13:45:07.123Z');
const TARGET = { profile: 'default', baseUrl: 'http://127.0.0.1:9/v1' };
const ACCOUNT = { baseUrl: TARGET.baseUrl, credential: 'f'.repeat(32) };
const RECORD: CreatedRecord = { jobId: 7, status: 5, statusLabel: 'In Progress', approvalStatus: null, approvalStatusLabel: 'Unknown' };
const INVALID: RefusedRecord = { status: 422, code: 'invalid_field', message: 'title is too long' };

function identities(n: number): Identities {
  const ids = new Identities();
  for (let i = 0; i < n; i++) ids.add(canonicalJson({ title: `Job ${i}` }));
  ids.seal();
  return ids;
}

function journalIn(name: string, prefix = 'recruit-journal-unit-'): string {
  return join(mkdtempSync(join(tmpdir(), prefix)), name);
}

type Call = [number, CreatedRecord | null];

/** Opens `file` for `ids`, recording what it tells onCreated. */
async function open(file: string, ids: Identities, fs?: StateFs) {
  const calls: Call[] = [];
  const journal = await Journal.open(file, { restart: false, now: NOW, ...(fs ? { fs } : {}) }, ids, (index, record) => calls.push([index, record]));
  return { journal, calls };
}

/** What a re-run reads from a journal holding `entries` (one line each). */
async function replay(ids: Identities, entries: object[]) {
  const file = journalIn('journal.ndjson');
  writeFileSync(file, entries.map((e) => `${JSON.stringify(e)}\n`).join(''));
  const { journal, calls } = await open(file, ids);
  journal.close();
  return { earlier: journal.earlier, calls };
}

const sent = (id: string, key: string, index: number) => ({ type: 'sent', id, key, index });
const unsent = (id: string, key: string) => ({ type: 'unsent', id, key });
const created = (id: string) => ({ type: 'created', id, ...RECORD });
const refused = (id: string, record: RefusedRecord) => ({ type: 'refused', id, ...record });

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('batch journal: what a re-run reads back', () => {
  it('ignores the entries of items that are not in the file', async () => {
    const ids = identities(2);
    const gone = `${bodyHash({ title: 'Removed Job' })}.0`;
    const thirdCopy = `${ids.hashOf(0)}.1`; // a second copy of item 0's body, since removed
    const noBody = `${'0'.repeat(32)}.0`; // the hash of no body
    const { earlier, calls } = await replay(ids, [
      { type: 'run', at: NOW.toISOString(), input: 'x', target: TARGET, account: ACCOUNT.credential, items: 5 },
      sent(gone, 'k-gone', 2),
      created(gone),
      sent(thirdCopy, 'k-copy', 3),
      refused(thirdCopy, INVALID),
      sent(noBody, 'k-none', 4),
    ]);
    expect(calls).toEqual([]);
    expect([...earlier.keys]).toEqual([]);
    expect([...earlier.refused]).toEqual([]);
    expect([...earlier.kinds]).toEqual([EARLIER.UNKNOWN, EARLIER.UNKNOWN]);
  });

  it('an unsent line undoes only the key the item still has: not a later key, not a creation', async () => {
    const ids = identities(3);
    const [a, b, c] = [0, 1, 2].map((i) => ids.id(i)) as [string, string, string];
    const { earlier } = await replay(ids, [
      sent(a, 'a-1', 0),
      unsent(a, 'a-1'), // written ahead, never used: as if never reached
      sent(b, 'b-1', 1),
      sent(b, 'b-2', 1),
      unsent(b, 'b-1'), // an older key of b: b-2 is what was sent last
      sent(c, 'c-1', 2),
      created(c),
      unsent(c, 'c-1'),
    ]);
    expect([...earlier.kinds]).toEqual([EARLIER.UNKNOWN, EARLIER.UNANSWERED, EARLIER.CREATED]);
    expect([...earlier.keys]).toEqual([[1, 'b-2']]);
  });

  it('tells onCreated of each creation, and that an item sent again is no longer created', async () => {
    const ids = identities(2);
    const [a, b] = [ids.id(0), ids.id(1)];
    const { earlier, calls } = await replay(ids, [sent(a, 'a-1', 0), sent(b, 'b-1', 1), created(a), sent(a, 'a-2', 0)]);
    expect(calls).toEqual([
      [0, RECORD],
      [0, null],
    ]);
    expect([...earlier.kinds]).toEqual([EARLIER.UNANSWERED, EARLIER.UNANSWERED]);
    expect([...earlier.keys]).toEqual([
      [1, 'b-1'],
      [0, 'a-2'],
    ]);
  });

  it('ignores an outcome of an item that is not waiting for one (never sent, or its key unsent)', async () => {
    const ids = identities(2);
    const [a, b] = [ids.id(0), ids.id(1)];
    const { earlier, calls } = await replay(ids, [created(a), sent(b, 'b-1', 1), unsent(b, 'b-1'), refused(b, INVALID)]);
    expect(calls).toEqual([]);
    expect([...earlier.kinds]).toEqual([EARLIER.UNKNOWN, EARLIER.UNKNOWN]);
    expect([...earlier.refused]).toEqual([]);
  });

  it('a refusal is kept with its record; "key in use" is none: the item stays unanswered with its key', async () => {
    const ids = identities(2);
    const [a, b] = [ids.id(0), ids.id(1)];
    const inUse: RefusedRecord = { status: 409, code: KEY_IN_USE_CODE, message: 'the key is in use' };
    const { earlier } = await replay(ids, [sent(a, 'a-1', 0), refused(a, inUse), sent(b, 'b-1', 1), refused(b, INVALID)]);
    expect([...earlier.kinds]).toEqual([EARLIER.UNANSWERED, EARLIER.REFUSED]);
    expect([...earlier.keys]).toEqual([[0, 'a-1']]);
    expect([...earlier.refused]).toEqual([[1, INVALID]]);
  });

  it('writes a refusal as a "refused" line, which a re-run reads back as one', async () => {
    const ids = identities(1);
    const file = journalIn('journal.ndjson');
    const { journal } = await open(file, ids);
    journal.sent([{ index: 0, id: ids.id(0), key: 'a-1' }]);
    journal.refused(ids.id(0), INVALID);
    journal.close();
    expect(readFileSync(file, 'utf8').split('\n')[1]).toBe(JSON.stringify({ type: 'refused', id: ids.id(0), ...INVALID }));
    const { journal: again } = await open(file, ids);
    again.close();
    expect([...again.earlier.refused]).toEqual([[0, INVALID]]);
  });
});

describe('batch journal: writing', () => {
  it('goes on after the last whole line of an earlier run: no empty line between runs', async () => {
    const ids = identities(2);
    const file = journalIn('journal.ndjson');
    const first = await open(file, ids);
    first.journal.begin('input', TARGET, ACCOUNT, 2, NOW);
    first.journal.sent([{ index: 0, id: ids.id(0), key: 'a-1' }]);
    first.journal.close();
    const before = readFileSync(file, 'utf8');

    const second = await open(file, ids);
    second.journal.sent([{ index: 1, id: ids.id(1), key: 'b-1' }]);
    second.journal.close();
    expect(readFileSync(file, 'utf8')).toBe(`${before}${JSON.stringify(sent(ids.id(1), 'b-1', 1))}\n`);
  });

  it('an empty journal file (created, nothing written) is written from its first byte', async () => {
    const ids = identities(1);
    const file = journalIn('journal.ndjson');
    writeFileSync(file, '');
    const { journal } = await open(file, ids);
    expect(journal.fresh).toBe(false);
    journal.sent([{ index: 0, id: ids.id(0), key: 'a-1' }]);
    journal.close();
    expect(readFileSync(file, 'utf8')).toBe(`${JSON.stringify(sent(ids.id(0), 'a-1', 0))}\n`);
  });

  it('re-sending an unanswered item with its original key writes nothing; a new key is written', async () => {
    const ids = identities(2);
    const [a, b] = [ids.id(0), ids.id(1)];
    const file = journalIn('journal.ndjson');
    writeFileSync(file, `${JSON.stringify(sent(a, 'a-1', 0))}\n${JSON.stringify(sent(b, 'b-1', 1))}\n`);
    const before = readFileSync(file, 'utf8');
    const { journal } = await open(file, ids);
    journal.sent([{ index: 0, id: a, key: 'a-1' }]);
    expect(readFileSync(file, 'utf8')).toBe(before);
    journal.sent([{ index: 1, id: b, key: 'b-2' }]);
    journal.close();
    expect(readFileSync(file, 'utf8')).toBe(`${before}${JSON.stringify(sent(b, 'b-2', 1))}\n`);
  });

  it('--restart sets the old journal aside beside it, named for the time, and starts afresh', async () => {
    const ids = identities(1);
    // A directory whose name holds ".ndjson" too: only the file's own extension is replaced.
    const file = journalIn('journal.ndjson', 'recruit-state.ndjson-');
    const old = `${JSON.stringify(sent(ids.id(0), 'a-1', 0))}\n`;
    writeFileSync(file, old);
    const journal = await Journal.open(file, { restart: true, now: NOW, fs: nodeFs }, ids, () => undefined);
    journal.close();
    expect(journal.fresh).toBe(true);
    expect([...journal.earlier.kinds]).toEqual([EARLIER.UNKNOWN]);
    const dir = join(file, '..');
    expect(readdirSync(dir).sort()).toEqual(['journal.ndjson', 'journal.replaced-2026-11-22T13-45-07-123Z.ndjson']);
    expect(readFileSync(join(dir, 'journal.replaced-2026-11-22T13-45-07-123Z.ndjson'), 'utf8')).toBe(old);
    expect(readFileSync(file, 'utf8')).toBe('');
  });

  it('closes every file descriptor it opens', async () => {
    const ids = identities(1);
    const file = journalIn('journal.ndjson');
    writeFileSync(file, `${JSON.stringify(sent(ids.id(0), 'a-1', 0))}\n`); // an earlier run: its last byte is read
    const opened = new Set<number>();
    const fs: StateFs = {
      ...nodeFs,
      openSync: ((...args: Parameters<StateFs['openSync']>) => {
        const fd = nodeFs.openSync(...args);
        opened.add(fd);
        return fd;
      }) as StateFs['openSync'],
      closeSync: (fd) => {
        nodeFs.closeSync(fd);
        opened.delete(fd);
      },
    };
    const { journal } = await open(file, ids, fs);
    expect(opened.size).toBe(1); // the journal's own
    journal.created(ids.id(0), RECORD);
    journal.close();
    expect(opened.size).toBe(0);
  });

  it('a closed journal hands out no key: sent() and begin() throw and write nothing', async () => {
    const ids = identities(1);
    const file = journalIn('journal.ndjson');
    const { journal } = await open(file, ids);
    journal.begin('input', TARGET, ACCOUNT, 1, NOW);
    journal.close();
    const before = readFileSync(file, 'utf8');
    expect(() => journal.sent([{ index: 0, id: ids.id(0), key: 'a-1' }])).toThrow('the batch journal is closed');
    expect(() => journal.begin('input', TARGET, ACCOUNT, 1, NOW)).toThrow('the batch journal is closed');
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('an answer that comes after close is dropped: no failure, nothing written', async () => {
    const ids = identities(1);
    const file = journalIn('journal.ndjson');
    const { journal } = await open(file, ids);
    const told: LocalStateError[] = [];
    journal.onFailure = (error) => told.push(error);
    journal.sent([{ index: 0, id: ids.id(0), key: 'a-1' }]);
    journal.close();
    const before = readFileSync(file, 'utf8');
    journal.created(ids.id(0), RECORD);
    journal.refused(ids.id(0), INVALID);
    await wait(80); // past the outcomes' timer
    journal.close();
    expect(journal.failure).toBeUndefined();
    expect(told).toEqual([]);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('outcomes that fail again keep the first failure, told once', async () => {
    const ids = identities(2);
    const file = journalIn('journal.ndjson');
    const faulty = new FaultyFs();
    const { journal } = await open(file, ids, faulty.fs);
    const told: LocalStateError[] = [];
    journal.onFailure = (error) => told.push(error);
    faulty.budget = 0;
    journal.created(ids.id(0), RECORD);
    await wait(80);
    const first = journal.failure;
    expect(first).toBeDefined();
    journal.created(ids.id(1), RECORD); // written again with the first: fails again
    await wait(80);
    journal.close(); // and once more
    expect(faulty.writeCalls).toBe(3);
    expect(journal.failure).toBe(first);
    expect(told).toEqual([first]);
  });

  it('after a failed write, not even a key already on disk is handed out again', async () => {
    const ids = identities(2);
    const [a, b] = [ids.id(0), ids.id(1)];
    const file = journalIn('journal.ndjson');
    writeFileSync(file, `${JSON.stringify(sent(a, 'a-1', 0))}\n`);
    const faulty = new FaultyFs();
    const { journal } = await open(file, ids, faulty.fs);
    faulty.budget = 0;
    expect(() => journal.sent([{ index: 1, id: b, key: 'b-1' }])).toThrow(/the disk is full/);
    const failure = journal.failure!;
    faulty.heal();
    expect(() => journal.sent([{ index: 0, id: a, key: 'a-1' }])).toThrow(failure);
    journal.close();
  });
});
