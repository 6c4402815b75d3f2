// The sending loop (src/jobs/batch/send.ts) driven directly, in this process, against a scripted
// service (an ApiClient over a fake transport: no socket, every answer chosen by the test): what
// is sent and when, what the journal holds at that moment, and what the results, the stop reason
// and the progress line say afterwards. For the cases the command line cannot set up on cue: a
// Ctrl-C while an item is being read again, a disk that fills between two requests, a file
// removed or left open after the first pass.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import type { Transport, TransportRequest, TransportResponse } from '../../src/api/http.js';
import type { Context } from '../../src/context/context.js';
import { EXIT } from '../../src/core/exit-codes.js';
import type { StateFs } from '../../src/core/state-fs.js';
import { checkJobInput } from '../../src/jobs/job-input.js';
import { ReferenceResolver } from '../../src/jobs/reference-resolver.js';
import { BodyCache } from '../../src/jobs/batch/body-cache.js';
import { ItemDeriver, type ItemBody } from '../../src/jobs/batch/item-body.js';
import { canonicalJson } from '../../src/exactly-once/canonical-json.js';
import type { Identities } from '../../src/jobs/batch/item-identity.js';
import { Journal } from '../../src/exactly-once/journal.js';
import { KEY_BLOCK } from '../../src/exactly-once/key-book.js';
import { planItems } from '../../src/jobs/batch/plan.js';
import { Progress } from '../../src/jobs/batch/progress.js';
import { ItemSource, type RawItem } from '../../src/jobs/batch/read-items.js';
import { Results } from '../../src/jobs/batch/results.js';
import { sendAll } from '../../src/jobs/batch/send.js';
import type { Stopper } from '../../src/exactly-once/stop-signals.js';
import { validateAll } from '../../src/jobs/batch/validate.js';
import { FaultyFs } from '../helpers/faulty-fs.js';
import { validJob } from '../helpers/sandbox.js';

const NOW = new Date('2026-11-24T00:00:00Z');
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

interface Sent {
  /** 1 for the first request. */
  n: number;
  key: string;
  title: string;
  /** Whether the journal had already failed when this request was sent. */
  journalFailed: boolean;
}

interface Reply {
  status: number;
  body: unknown;
}

/** A deriver that lets a test act on (or change) the second pass's derivation of an item. */
class WatchedDeriver extends ItemDeriver {
  secondPass = false;
  onDerive: ((raw: RawItem, item: ItemBody) => ItemBody) | undefined;

  override derive(raw: RawItem): ItemBody | Promise<ItemBody> {
    const item = super.derive(raw);
    const hook = this.onDerive;
    if (!this.secondPass || !hook) return item;
    return item instanceof Promise ? item.then((i) => hook(raw, i)) : hook(raw, item);
  }
}

interface Setup {
  items: Record<string, unknown>[];
  format?: 'ndjson' | 'array';
  /** Bytes of bodies the first pass keeps (1: none; the default: all). */
  cacheBytes?: number;
  concurrency: number;
  answer?: (sent: Sent, h: Harness) => Reply | Promise<Reply>;
  fs?: StateFs;
  /** Journal lines of an earlier run, written before the journal is opened. */
  earlier?: (identities: Identities) => string[];
  newKey?: () => string;
}

interface Harness {
  file: string;
  journalFile: string;
  identities: Identities;
  results: Results;
  journal: Journal;
  cache: BodyCache;
  deriver: WatchedDeriver;
  stopper: Stopper;
  progress: Progress;
  sent: Sent[];
  /** sendAll, then the journal closed (its pending outcomes written). */
  run(): Promise<void>;
  /** The journal's lines as written so far. */
  entries(): Record<string, unknown>[];
}

const created = (n: number, title: string): Reply => ({ status: 201, body: { id: 1000 + n, title, status: 2, statusLabel: 'In Progress' } });
const refusal = (status: number, code: string, message: string): Reply => ({ status, body: { error: { code, message } } });

/** Validates `items` as runBatch does, opens the journal, and returns a harness whose run() is the sending loop. */
async function harness(setup: Setup): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-send-'));
  dirs.push(dir);
  const format = setup.format ?? 'ndjson';
  const file = join(dir, `items.${format === 'array' ? 'json' : 'ndjson'}`);
  writeFileSync(file, format === 'array' ? JSON.stringify(setup.items, null, 2) : `${setup.items.map((i) => JSON.stringify(i)).join('\n')}\n`);

  const sent: Sent[] = [];
  const self: { h?: Harness } = {}; // the transport answers for the harness made below
  const transport = {
    send: async (_url: string, request: TransportRequest): Promise<TransportResponse> => {
      const text = typeof request.body === 'string' ? request.body : Buffer.from(request.body!).toString('utf8');
      const body = JSON.parse(text) as { title: string };
      const s: Sent = { n: sent.length + 1, key: request.headers['idempotency-key']!, title: body.title, journalFailed: self.h!.journal.failure !== undefined };
      sent.push(s);
      const reply = await (setup.answer ?? ((x: Sent) => created(x.n, x.title)))(s, self.h!);
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      return { statusCode: reply.status, header: (name) => headers[name], text: JSON.stringify(reply.body) };
    },
    close: () => undefined,
  } as unknown as Transport;
  const api = new ApiClient({ baseUrl: 'http://service.test/v1', token: 'sbx_direct_full', userAgent: 'send-loop', transport });

  const source = await ItemSource.open(file, file);
  const deriver = new WatchedDeriver('auto', new ReferenceResolver(api), () => Promise.reject(new Error('no job options in this test')));
  const cache = new BodyCache(setup.cacheBytes);
  const validated = await validateAll(source, deriver, cache);
  expect(validated.problems).toEqual([]);
  deriver.secondPass = true;

  const journalFile = join(dir, 'journal.ndjson');
  if (setup.earlier) writeFileSync(journalFile, setup.earlier(validated.identities).map((l) => `${l}\n`).join(''));
  const results = new Results(validated.titles);
  const journal = await Journal.open(journalFile, { restart: false, now: NOW, ...(setup.fs ? { fs: setup.fs } : {}) }, validated.identities, (index, record) =>
    record ? results.created(index, 'already_created', record) : results.failed(index, 'not_attempted', null, EXIT.OK),
  );
  const resendKeys = planItems(results, journal.earlier);
  const ctx = { io: { stderr: { isTTY: false, write: () => true } } } as unknown as Context;
  const progress = new Progress(ctx, results.size);
  const stopper: Stopper = {};
  let keys = 0;
  const newKey = setup.newKey ?? (() => `key-${keys++}`);
  const h: Harness = {
    file,
    journalFile,
    identities: validated.identities,
    results,
    journal,
    cache,
    deriver,
    stopper,
    progress,
    sent,
    run: async () => {
      try {
        await sendAll({ api, journal, deriver, source, cache, identities: validated.identities, results, resendKeys, concurrency: setup.concurrency, newKey, progress, stopper });
      } finally {
        journal.close();
      }
    },
    entries: () =>
      readFileSync(journalFile, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
  self.h = h;
  return h;
}

function items(prefix: string, count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => validJob({ title: `${prefix} ${i}` }));
}

const kinds = (h: Harness) => Array.from({ length: h.results.size }, (_, i) => h.results.kind(i));

/** The journal lines of an earlier run that created item `index`. */
const createdEarlier = (ids: Identities, index: number) => [
  JSON.stringify({ type: 'sent', id: ids.id(index), key: `earlier-key-${index}`, index }),
  JSON.stringify({ type: 'created', id: ids.id(index), jobId: 500 + index, status: 2, statusLabel: 'In Progress', approvalStatus: null, approvalStatusLabel: null }),
];

async function until(condition: () => boolean, what: string, limitMs = 10_000): Promise<void> {
  for (let waited = 0; !condition(); waited += 5) {
    if (waited > limitMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The descriptors of this process open on `file` (Linux). */
function openOn(file: string): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`) === file) n++;
    } catch {
      // closed meanwhile
    }
  }
  return n;
}

describe('send: what a created job leaves', () => {
  it("records the job's status and approval as the service answered them, in the results and the journal", async () => {
    const h = await harness({
      items: items('Recorded Job', 2),
      concurrency: 1,
      answer: (s) =>
        s.title.endsWith(' 0')
          ? { status: 201, body: { id: 71, title: s.title, status: 3, statusLabel: 'Pending Approval', approvalStatus: 2, approvalStatusLabel: 'Approved' } }
          : { status: 201, body: { id: 72, title: s.title } }, // no status nor approval at all
    });
    await h.run();
    const full = { jobId: 71, status: 3, statusLabel: 'Pending Approval', approvalStatus: 2, approvalStatusLabel: 'Approved' };
    const bare = { jobId: 72, status: null, statusLabel: null, approvalStatus: null, approvalStatusLabel: null };
    expect(h.results.get(0).created).toEqual(full);
    expect(h.results.get(1).created).toEqual(bare);
    const outcomes = h.entries().filter((e) => e.type === 'created');
    expect(outcomes).toEqual([
      { type: 'created', id: h.identities.id(0), ...full },
      { type: 'created', id: h.identities.id(1), ...bare },
    ]);
  });

  it('counts a refused item as failed on the progress line, not as created', async () => {
    const h = await harness({
      items: items('Progress Count Job', 3),
      concurrency: 1,
      answer: (s) => (s.title.endsWith(' 0') ? created(s.n, s.title) : refusal(400, 'validation_failed', 'jobFunctionId: unknown')),
    });
    await h.run();
    expect(kinds(h)).toEqual(['created', 'refused', 'refused']);
    expect(h.progress.line()).toMatch(/^1\/3 created, 2 failed, /);
  });
});

describe('send: keys on disk before the requests', () => {
  it('the keys of the next block of items still to send are in the journal before the first request; none for items created earlier', async () => {
    let atFirst: number[] | undefined;
    const h = await harness({
      items: items('Block Job', 40),
      concurrency: 1,
      earlier: (ids) => [...createdEarlier(ids, 1), ...createdEarlier(ids, 2)],
      answer: (s, hh) => {
        atFirst ??= hh.entries().filter((e) => e.type === 'sent' && !String(e.key).startsWith('earlier-')).map((e) => e.index as number);
        return created(s.n, s.title);
      },
    });
    await h.run();
    const pending = [0, ...Array.from({ length: 37 }, (_, i) => i + 3)];
    expect(atFirst).toEqual(pending.slice(0, KEY_BLOCK));
    expect(h.sent.map((s) => s.title)).toEqual(pending.map((i) => `Block Job ${i}`));
    // Each request went with the key the journal holds for its item.
    const keyOf = new Map(h.entries().filter((e) => e.type === 'sent' && !String(e.key).startsWith('earlier-')).map((e) => [e.index as number, e.key as string]));
    expect(h.sent.map((s) => s.key)).toEqual(pending.map((i) => keyOf.get(i)));
  });

  it('a journal write that fails between two requests stops the run: no request starts after it, even with keys left on disk', async () => {
    const faulty = new FaultyFs();
    const h = await harness({
      items: items('Failing Journal Job', 10),
      concurrency: 1,
      fs: faulty.fs,
      answer: async (s, hh) => {
        // The disk fills after the first block of keys: the first outcome cannot be written (by
        // the journal's timer) while the second request is in flight.
        if (s.n === 1) faulty.budget = 0;
        if (s.n === 2) await until(() => hh.journal.failure !== undefined, 'the journal to fail');
        return created(s.n, s.title);
      },
    });
    await h.run();
    expect(h.journal.failure?.message).toContain('the disk is full (ENOSPC)');
    expect(h.sent).toHaveLength(2);
    expect(h.sent.filter((s) => s.journalFailed)).toEqual([]);
    expect(h.stopper.reason).toBe('local_state');
    expect(kinds(h)).toEqual(['created', 'created', ...Array(8).fill('not_attempted')]);
  });

  it('an error other than a journal failure while taking a key ends the run with that error, nothing sent', async () => {
    const h = await harness({
      items: items('Keyless Job', 3),
      concurrency: 2,
      newKey: () => {
        throw new Error('no randomness today');
      },
    });
    await expect(h.run()).rejects.toThrow('no randomness today');
    expect(h.stopper.reason).toBeUndefined(); // not taken for a disk that is full
    expect(h.sent).toEqual([]);
    expect(kinds(h)).toEqual(Array(3).fill('not_attempted'));
  });
});

describe('send: the file after the first pass', () => {
  it('with every body kept by the first pass, the file is not read again: removed after the check, every job is still sent', async () => {
    const h = await harness({ items: items('Kept Job', 4), concurrency: 2 });
    expect(h.cache.size).toBe(4);
    unlinkSync(h.file);
    await h.run();
    expect(kinds(h)).toEqual(Array(4).fill('created'));
    expect(h.sent.map((s) => s.title).sort()).toEqual(['Kept Job 0', 'Kept Job 1', 'Kept Job 2', 'Kept Job 3']);
    expect(h.stopper.reason).toBeUndefined();
  });

  it('nor when the items past the kept ones were created earlier, while a kept one is still in flight', async () => {
    const list = items('Prefix Job', 4);
    const bytes = (i: number) => Buffer.byteLength(canonicalJson(checkJobInput(list[i], { accountType: 'auto' }).body));
    let secondAnswered = false;
    const h = await harness({
      items: list,
      cacheBytes: bytes(0) + bytes(1),
      concurrency: 2,
      earlier: (ids) => [...createdEarlier(ids, 2), ...createdEarlier(ids, 3)],
      answer: async (s) => {
        if (s.title === 'Prefix Job 1') secondAnswered = true;
        // Item 0 is answered only once item 1's worker has come back for more.
        if (s.title === 'Prefix Job 0') {
          await until(() => secondAnswered, 'item 1 to be answered');
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return created(s.n, s.title);
      },
    });
    expect(h.cache.size).toBe(2);
    unlinkSync(h.file);
    await h.run();
    expect(kinds(h)).toEqual(['created', 'created', 'already_created', 'already_created']);
    expect(h.sent.map((s) => s.title).sort()).toEqual(['Prefix Job 0', 'Prefix Job 1']);
  });

  it('items beyond the body cache that were created earlier are read past, not sent again', async () => {
    const h = await harness({
      items: items('Uncached Earlier Job', 5),
      cacheBytes: 1,
      concurrency: 1,
      earlier: (ids) => [...createdEarlier(ids, 1), ...createdEarlier(ids, 3)],
    });
    expect(h.cache.size).toBe(0);
    await h.run();
    expect(h.sent.map((s) => s.title)).toEqual(['Uncached Earlier Job 0', 'Uncached Earlier Job 2', 'Uncached Earlier Job 4']);
    expect(kinds(h)).toEqual(['created', 'already_created', 'created', 'already_created', 'created']);
  });

  it('a file removed while items beyond the body cache are left to send: the run fails with the read error, nothing sent', async () => {
    const h = await harness({ items: items('Removed Job', 5), cacheBytes: 1, concurrency: 2 });
    unlinkSync(h.file);
    await expect(h.run()).rejects.toMatchObject({ code: 'ENOENT' });
    expect(h.sent).toEqual([]);
    expect(kinds(h)).toEqual(Array(5).fill('not_attempted'));
  });

  it('a JSON array beyond the body cache is derived again from the document kept in memory: every job sent', async () => {
    const h = await harness({ items: items('Array Job', 5), format: 'array', cacheBytes: 1, concurrency: 2 });
    expect(h.cache.size).toBe(0);
    await h.run();
    expect(h.stopper.reason).toBeUndefined();
    expect(kinds(h)).toEqual(Array(5).fill('created'));
    expect(h.sent.map((s) => s.title)).toEqual(['Array Job 0', 'Array Job 1', 'Array Job 2', 'Array Job 3', 'Array Job 4']);
  });

  it('an item that no longer passes the checks when read again is not sent, nor any after it; the run stops as "changed"', async () => {
    const h = await harness({ items: items('Rechecked Job', 5), cacheBytes: 1, concurrency: 1 });
    h.deriver.onDerive = (raw, item) => (raw.index === 2 ? { ...item, problems: [{ item: 2, field: 'jobFunction', message: 'no job function named "X"' }] } : item);
    await h.run();
    expect(h.sent.map((s) => s.title)).toEqual(['Rechecked Job 0', 'Rechecked Job 1']);
    expect(h.stopper.reason).toBe('changed');
    expect(kinds(h)).toEqual(['created', 'created', 'not_attempted', 'not_attempted', 'not_attempted']);
  });

  it('Ctrl-C while an item is read again from the file: neither it nor any item after it is sent', async () => {
    const h = await harness({ items: items('Interrupted Read Job', 6), cacheBytes: 1, concurrency: 2 });
    const read: number[] = [];
    h.deriver.onDerive = (raw, item) => {
      read.push(raw.index);
      if (raw.index === 0) h.stopper.reason ??= 'interrupted'; // what the SIGINT handler does
      return item;
    };
    await h.run();
    expect(h.stopper.reason).toBe('interrupted');
    // The second worker, waiting for its turn to read, reads nothing after the stop.
    expect(read).toEqual([0]);
    expect(h.sent).toEqual([]);
    expect(kinds(h)).toEqual(Array(6).fill('not_attempted'));
  });

  it.runIf(process.platform === 'linux')('a run stopped early while reading the file again closes it', async () => {
    let openDuringRun = 0;
    const h = await harness({
      items: items('Closed File Job', 300), // several reads of 64 KiB: the file is mid-way when the run stops
      cacheBytes: 1,
      concurrency: 1,
      answer: (_s, hh) => {
        openDuringRun = openOn(realpathSync(hh.file));
        return refusal(401, 'unauthenticated', 'The token is not valid');
      },
    });
    await h.run();
    expect(h.stopper.reason).toBe('auth');
    expect(h.sent).toHaveLength(1);
    expect(openDuringRun).toBe(1);
    const file = realpathSync(h.file);
    await until(() => openOn(file) === 0, 'the file to be closed', 2000);
    expect(openOn(file)).toBe(0);
  });
});
