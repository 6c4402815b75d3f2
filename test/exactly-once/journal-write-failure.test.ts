// The journal on a disk that fills up or goes read-only: a key is handed out
// only once its block is whole on disk; the first failed write is kept and told once, and from then
// on no key is written (so none is sent); a torn line is ended before anything else is written.
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStateError } from '../../src/core/errors.js';
import { canonicalJson } from '../../src/exactly-once/canonical-json.js';
import { Identities } from '../../src/jobs/batch/item-identity.js';
import { EARLIER, type CreatedRecord } from '../../src/exactly-once/records.js';
import { Journal } from '../../src/exactly-once/journal.js';
import { KeyBook } from '../../src/exactly-once/key-book.js';
import { FaultyFs } from '../helpers/faulty-fs.js';

const NOW = new Date('2026-11-22T00:00:00Z');
const TARGET = { profile: 'default', baseUrl: 'http://127.0.0.1:9/v1' };
const ACCOUNT = { baseUrl: TARGET.baseUrl, credential: 'f'.repeat(32) };
const RECORD: CreatedRecord = { jobId: 7, status: 5, statusLabel: 'In Progress', approvalStatus: null, approvalStatusLabel: 'Unknown' };

function identities(n: number): Identities {
  const ids = new Identities();
  for (let i = 0; i < n; i++) ids.add(canonicalJson({ title: `Job ${i}` }));
  ids.seal();
  return ids;
}

function journalIn(name: string): string {
  return join(mkdtempSync(join(tmpdir(), 'recruit-journal-fail-')), name);
}

async function open(file: string, ids: Identities, faulty?: FaultyFs): Promise<Journal> {
  return Journal.open(file, { restart: false, now: NOW, ...(faulty ? { fs: faulty.fs } : {}) }, ids, () => undefined);
}

/** The journal's lines: parsed where whole, the raw text where not (a torn write). */
function lines(file: string): unknown[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return { torn: line };
      }
    });
}

/** A journal of `n` items on a faulty disk, a key book over it writing blocks of 4, and the failures it told. */
async function setup(n: number) {
  const file = journalIn('journal.ndjson');
  const ids = identities(n);
  const faulty = new FaultyFs();
  const journal = await open(file, ids, faulty);
  const told: LocalStateError[] = [];
  journal.onFailure = (error) => told.push(error);
  let count = 0;
  const book = new KeyBook({ journal, identities: ids, resendKeys: new Map(), newKey: () => `key-${count++}`, pending: () => true, size: n }, 4);
  return { file, ids, faulty, journal, told, book };
}

describe('batch journal on a failing disk', () => {
  it('hands out no key of a block whose write was cut short, keeps the failure, tells it once, and writes no key after it', async () => {
    const { file, ids, faulty, journal, told, book } = await setup(12);
    expect(book.take(0)).toBe('key-0'); // block 0-3, whole on disk
    const size = statSync(file).size;
    const line = size / 4;

    // The disk fills in the middle of the second block's second line: the write is cut short,
    // the rest of it fails with ENOSPC.
    faulty.budget = Math.floor(line * 1.5);
    expect(() => book.take(4)).toThrow(LocalStateError);
    expect(journal.failure).toBeInstanceOf(LocalStateError);
    expect(journal.failure!.exitCode).toBe(6);
    expect(journal.failure!.message).toContain(file);
    expect(journal.failure!.message).toContain('the disk is full (ENOSPC)');
    expect(told).toEqual([journal.failure]);
    const cut = statSync(file).size;
    expect(cut).toBe(size + Math.floor(line * 1.5));

    // No key of that block is handed out, not even the one whose line made it to disk, and no
    // later write of keys is tried, even once the disk has room again.
    faulty.heal();
    const calls = faulty.writeCalls;
    for (const index of [4, 5, 6, 7, 8]) expect(() => book.take(index)).toThrow(journal.failure!);
    expect(() => journal.sent([{ index: 9, id: ids.id(9), key: 'late' }])).toThrow(journal.failure!);
    expect(() => journal.begin('input', TARGET, ACCOUNT, 12, NOW)).toThrow(journal.failure!);
    expect(faulty.writeCalls).toBe(calls);
    expect(statSync(file).size).toBe(cut);
    expect(told).toHaveLength(1);

    // What was on disk before the failure is read back; the torn line is skipped.
    faulty.budget = 0; // still full when the run ends
    journal.close();
    const again = await open(file, ids);
    again.close();
    expect([0, 1, 2, 3].map((i) => again.earlier.keys.get(i))).toEqual(['key-0', 'key-1', 'key-2', 'key-3']);
    expect(again.earlier.kinds[4]).toBe(EARLIER.UNANSWERED); // its line is whole: a re-run uses that key
    expect(again.earlier.keys.get(4)).toBe('key-4');
    expect([...again.earlier.kinds.slice(5)]).toEqual(Array(7).fill(EARLIER.UNKNOWN));
  });

  it('a write that fails outright (EROFS) hands out nothing and leaves the file as it was', async () => {
    const { file, faulty, journal, told, book } = await setup(4);
    journal.begin('input', TARGET, ACCOUNT, 4, NOW);
    const size = statSync(file).size;
    faulty.budget = 0;
    faulty.code = 'EROFS';
    expect(() => book.take(0)).toThrow(/the file system is read-only \(EROFS\)/);
    expect(told).toHaveLength(1);
    expect(statSync(file).size).toBe(size);
    journal.close();
  });

  it('an outcome that cannot be written (from the timer) is told once and stops every later key', async () => {
    const { ids, faulty, journal, told, book } = await setup(8);
    expect(book.take(0)).toBe('key-0');
    faulty.budget = 0;
    journal.created(ids.id(0), RECORD); // written by a timer within 25 ms: it fails there, and throws nowhere
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(journal.failure).toBeInstanceOf(LocalStateError);
    expect(told).toHaveLength(1);
    faulty.heal();
    expect(() => book.take(4)).toThrow(journal.failure!);
    journal.close();
  });

  it('starts a new line after a torn one: the outcomes written after a failure are read whole', async () => {
    const { file, ids, faulty, journal, book } = await setup(8);
    expect(book.take(0)).toBe('key-0');
    faulty.budget = 10; // the next write gets 10 bytes of its first line onto the disk
    journal.created(ids.id(0), RECORD);
    journal.close(); // writes what is pending: cut short, then ENOSPC
    expect(readFileSync(file, 'utf8').endsWith('\n')).toBe(false);

    // The next run finds the torn line and ends it before its own first line.
    faulty.heal();
    const next = await open(file, ids, faulty);
    next.created(ids.id(0), RECORD);
    next.begin('input', TARGET, ACCOUNT, 8, NOW);
    next.close();
    const read = lines(file);
    expect(read.slice(0, 4).map((e) => (e as { type: string }).type)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect(read[4]).toEqual({ torn: '{"type":"c' });
    expect(read[5]).toMatchObject({ type: 'created', id: ids.id(0), jobId: 7 });
    expect(read[6]).toMatchObject({ type: 'run', items: 8 });
    expect(read).toHaveLength(7);
    const last = await open(file, ids);
    last.close();
    expect(last.earlier.kinds[0]).toBe(EARLIER.CREATED);
  });

  it('within one run, the outcomes still written after a failed write start on a line of their own', async () => {
    const { file, ids, faulty, journal, book } = await setup(8);
    expect(book.take(0)).toBe('key-0');
    faulty.budget = 20;
    expect(() => book.take(4)).toThrow(LocalStateError); // the block of 4-7: 20 bytes of it, then ENOSPC
    faulty.heal();
    journal.created(ids.id(0), RECORD); // the answer of a request that was in flight
    journal.close();
    const read = lines(file);
    expect(read[4]).toEqual({ torn: expect.stringMatching(/^\{"type":"sent"/) });
    // The line after the torn one is whole: the outcome. The block that failed is not written
    // again once the disk has room: its keys were never used, and the journal does not say they were.
    expect(read.slice(5)).toEqual([expect.objectContaining({ type: 'created', id: ids.id(0) })]);
    const again = await open(file, ids);
    again.close();
    expect(again.earlier.kinds[0]).toBe(EARLIER.CREATED);
  });

  it('goes on through short writes that are no error, until every byte is written', async () => {
    const { file, faulty, journal, told, book } = await setup(40);
    faulty.maxChunk = 7;
    for (let i = 0; i < 40; i++) expect(book.take(i)).toBe(`key-${i}`);
    journal.close();
    expect(told).toEqual([]);
    const read = lines(file) as { type: string; index: number; key: string }[];
    expect(read.map((e) => [e.type, e.index, e.key])).toEqual(Array.from({ length: 40 }, (_, i) => ['sent', i, `key-${i}`]));
    expect(faulty.writeCalls).toBeGreaterThan(40 * 10);
  });

  it('cannot be opened on a read-only disk: exit 6, nothing was sent', async () => {
    const file = journalIn('journal.ndjson');
    const faulty = new FaultyFs().fail('openSync', 'EROFS');
    const opening = open(file, identities(2), faulty);
    await expect(opening).rejects.toThrow(LocalStateError);
    await expect(opening).rejects.toThrow(/could not open the batch journal .*journal\.ndjson: the file system is read-only \(EROFS\); nothing was sent/);
  });

  it('with --restart, a journal that cannot be set aside stops the run before anything is sent', async () => {
    const file = journalIn('journal.ndjson');
    writeFileSync(file, '');
    const faulty = new FaultyFs().fail('renameSync', 'EROFS');
    const opening = Journal.open(file, { restart: true, now: NOW, fs: faulty.fs }, identities(2), () => undefined);
    await expect(opening).rejects.toThrow(/could not prepare the batch journal .*: the file system is read-only \(EROFS\); nothing was sent/);
  });
});
