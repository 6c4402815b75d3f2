// The batch journal: an append-only NDJSON file per input file and account in <state dir>/journals/.
// An item's Idempotency-Key is appended (a synchronous write, checked to the last byte) before its
// request is sent, and its outcome after the answer, so that a re-run after a crash, Ctrl-C or
// SIGKILL knows what was created, what was refused, and which requests were in flight (re-sent with
// their original key). Keys are written a block at a time, ahead of their requests (key-book.ts); a
// run that ends normally writes "unsent" for the new keys it did not use. When a write fails (a full
// or read-only disk), the journal says so and every later write of keys fails too: no request
// leaves whose key is not on disk.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { KEY_IN_USE_CODE } from '../../api/errors.js';
import { LocalStateError } from '../../cli/errors.js';
import { nodeFs, writeAll, type StateFs } from '../../cli/state-fs.js';
import type { Target } from '../target.js';
import type { ItemIds } from './item-identity.js';
import { readLines } from './lines.js';

export interface CreatedRecord {
  jobId: number;
  status: number | null;
  statusLabel: string | null;
  approvalStatus: number | null;
  approvalStatusLabel: string | null;
}

export interface RefusedRecord {
  status: number | null;
  code: string;
  message: string;
}

/** Whom a journal's requests went to: the base URL and a fingerprint of the credential (never the credential). */
export interface Account {
  baseUrl: string;
  credential: string;
}

type Entry =
  | { type: 'run'; at: string; input: string; target: Target; account: string; items: number }
  | { type: 'sent'; id: string; key: string; index: number }
  | { type: 'unsent'; id: string; key: string }
  | { type: 'generation'; value: string }
  | ({ type: 'created'; id: string } & CreatedRecord)
  | ({ type: 'refused'; id: string } & RefusedRecord);

/** What earlier runs left for an item of this file. UNANSWERED: sent, no answer recorded. */
export const EARLIER = { UNKNOWN: 0, UNANSWERED: 1, CREATED: 2, REFUSED: 3 } as const;

export interface EarlierState {
  kinds: Uint8Array;
  /** The key of each unanswered item. */
  keys: Map<number, string>;
  refused: Map<number, RefusedRecord>;
  /** Lines longer than any the journal writes (lines.ts's cap), skipped as damaged: for the caller to note once. */
  damagedLines?: number;
  /** The generation of derived keys the last --restart started (none before any): derived-key.ts. */
  generation?: string;
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The journal of `input` (a file's real path, or stdin's content hash) for `account`. Its name
 * starts with the input's part, so that the journals of other accounts for the same input can be
 * found (and the user told).
 */
export function journalFile(dir: string, input: string, account: Account): string {
  return join(dir, `${inputPart(input)}-${accountPart(account)}.ndjson`);
}

/** The end of the name of every journal of `account`: `-<hash>.ndjson`. */
export function accountPart(account: Account): string {
  return sha(JSON.stringify([account.baseUrl, account.credential])).slice(0, 16);
}

export function inputPart(input: string): string {
  return sha(JSON.stringify(['input', input])).slice(0, 16);
}

/**
 * Replays the journal's lines onto the items of the file (matched by identity; entries of items no
 * longer in the file are ignored). Created records go to `onCreated` (null: no longer created),
 * so that they are stored once, compactly. An unreadable line (a torn write) is skipped, and so is
 * a line over the cap (a power loss can leave megabytes without a newline): counted, not held.
 */
async function load(file: string, identities: ItemIds, onCreated: (index: number, record: CreatedRecord | null) => void): Promise<EarlierState> {
  const state: EarlierState = { kinds: new Uint8Array(identities.size), keys: new Map(), refused: new Map() };
  const byId = new Map<string, number>();
  for (let i = 0; i < identities.size; i++) byId.set(identities.id(i), i);
  for await (const line of readLines(file)) {
    if (typeof line !== 'string') {
      state.damagedLines = (state.damagedLines ?? 0) + 1;
      continue;
    }
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      continue;
    }
    if (entry.type === 'run') continue;
    if (entry.type === 'generation') {
      state.generation = entry.value;
      continue;
    }
    const index = byId.get(entry.id);
    if (index === undefined) continue;
    const kind = state.kinds[index];
    if (entry.type === 'unsent') {
      // A key written ahead and never used: the item is as if that run had not reached it.
      if (kind === EARLIER.UNANSWERED && state.keys.get(index) === entry.key) {
        state.kinds[index] = EARLIER.UNKNOWN;
        state.keys.delete(index);
      }
    } else if (entry.type === 'sent') {
      if (kind === EARLIER.CREATED) onCreated(index, null);
      state.kinds[index] = EARLIER.UNANSWERED;
      state.keys.set(index, entry.key);
      state.refused.delete(index);
    } else if (kind === EARLIER.UNANSWERED) {
      const { type, id: _id, ...record } = entry;
      if (type === 'created') {
        state.keys.delete(index);
        state.kinds[index] = EARLIER.CREATED;
        onCreated(index, record as CreatedRecord);
      } else if ((record as RefusedRecord).code !== KEY_IN_USE_CODE) {
        // (A "key in use" answer is no refusal: the first request may still create the job. Older
        // versions recorded it as one; the item stays unanswered, to be sent with its key.)
        state.keys.delete(index);
        state.kinds[index] = EARLIER.REFUSED;
        state.refused.set(index, record as RefusedRecord);
      }
    }
  }
  return state;
}

/** The created entries of a journal, in file order: the item's identity and the job id. */
export async function* createdEntries(file: string): AsyncGenerator<{ id: string; jobId: number }> {
  for await (const line of readLines(file)) {
    if (typeof line !== 'string' || !line.startsWith('{"type":"created"')) continue; // an over-long line is damage
    try {
      const entry = JSON.parse(line) as { id?: unknown; jobId?: unknown };
      if (typeof entry.id === 'string' && typeof entry.jobId === 'number') yield { id: entry.id, jobId: entry.jobId };
    } catch {
      // a torn line
    }
  }
}

/** How many jobs a journal records as created (by any of its runs). */
export async function countCreated(file: string): Promise<number> {
  let n = 0;
  for await (const line of readLines(file)) if (typeof line === 'string' && line.startsWith('{"type":"created"')) n++;
  return n;
}

function endsWithNewline(fs: StateFs, file: string, size: number): boolean {
  if (size === 0) return true;
  const fd = fs.openSync(file, 'r');
  try {
    const last = Buffer.alloc(1);
    fs.readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    fs.closeSync(fd);
  }
}

const OUTCOME_DELAY_MS = 25;

export interface OpenOptions {
  restart: boolean;
  /** With `restart`: the new generation of derived keys, written first to the new journal. */
  newGeneration?: () => string;
  now: Date;
  fs?: StateFs;
}

export class Journal {
  /**
   * Outcomes waiting to be written with the next keys, or by a flush at most OUTCOME_DELAY_MS later:
   * a few writes a second instead of one per item. Losing them in a crash is harmless: the item
   * then looks unanswered, and a re-run re-sends it with the same key, which the service answers
   * with a replay.
   */
  private pending = '';
  private flush: NodeJS.Timeout | undefined;
  /** The first write that failed: from then on no key is written, so none is sent. */
  failure: LocalStateError | undefined;
  /** Told once, when a write fails (the run then stops handing out items). */
  onFailure: (error: LocalStateError) => void = () => undefined;
  private constructor(
    readonly file: string,
    readonly earlier: EarlierState,
    /** No earlier run of this input for this account wrote it. */
    readonly fresh: boolean,
    private fd: number | undefined,
    private readonly fs: StateFs,
    /** A failed write may have left part of a line: the next write starts a new one. */
    private torn: boolean,
  ) {}

  /**
   * Opens the journal `file`, loading what earlier runs wrote about these items. With `restart`
   * the old journal is set aside (renamed, kept for reference) and every item starts over.
   */
  static async open(file: string, options: OpenOptions, identities: ItemIds, onCreated: (index: number, record: CreatedRecord | null) => void): Promise<Journal> {
    const fs = options.fs ?? nodeFs;
    let size: number | undefined;
    try {
      if (options.restart && fs.existsSync(file)) {
        fs.renameSync(file, file.replace(/\.ndjson$/, `.replaced-${options.now.toISOString().replace(/[:.]/g, '-')}.ndjson`));
      }
      size = fs.existsSync(file) ? fs.statSync(file).size : undefined;
    } catch (error) {
      throw new LocalStateError('prepare the batch journal', file, error, 'nothing was sent');
    }
    const earlier =
      size === undefined
        ? { kinds: new Uint8Array(identities.size), keys: new Map<number, string>(), refused: new Map<number, RefusedRecord>() }
        : await load(file, identities, onCreated);
    let fd: number;
    try {
      fd = fs.openSync(file, 'a', 0o600);
    } catch (error) {
      throw new LocalStateError('open the batch journal', file, error, 'nothing was sent');
    }
    const journal = new Journal(file, earlier, size === undefined, fd, fs, size !== undefined && !endsWithNewline(fs, file, size));
    if (options.restart && options.newGeneration) {
      earlier.generation = options.newGeneration();
      try {
        journal.write(`${JSON.stringify({ type: 'generation', value: earlier.generation } satisfies Entry)}\n`);
      } catch (error) {
        journal.close();
        throw error; // the journal's LocalStateError: nothing was sent
      }
    }
    return journal;
  }

  /**
   * Writes what is pending and then `lines` (each ending in a newline), in one write, now; throws
   * when it cannot. Lines that failed are not kept for a later write: the caller acts on the failure
   * (keys not on disk are not used), and a later write must not record what did not happen.
   */
  private write(lines: string): void {
    if (this.failure) throw this.failure;
    if (this.fd === undefined) throw new Error('the batch journal is closed');
    this.pending += lines;
    this.writePending();
    if (this.failure) {
      this.pending = this.pending.slice(0, this.pending.length - lines.length);
      throw this.failure;
    }
  }

  private later(entry: Entry): void {
    this.pending += `${JSON.stringify(entry)}\n`;
    this.flush ??= setTimeout(() => this.writePending(), OUTCOME_DELAY_MS).unref();
  }

  /** Writes the pending lines; a failure is kept (and reported once), never thrown: this runs from a timer too. */
  private writePending(): void {
    clearTimeout(this.flush);
    this.flush = undefined;
    if (this.fd === undefined || !this.pending) return;
    const text = this.torn ? `\n${this.pending}` : this.pending;
    try {
      writeAll(this.fs, this.fd, text);
      this.pending = '';
      this.torn = false;
    } catch (error) {
      this.torn = true;
      if (!this.failure) {
        this.failure = new LocalStateError('write the batch journal', this.file, error);
        this.onFailure(this.failure);
      }
    }
  }

  begin(input: string, target: Target, account: Account, items: number, now: Date): void {
    const entry: Entry = { type: 'run', at: now.toISOString(), input, target, account: account.credential, items };
    this.write(`${JSON.stringify(entry)}\n`);
  }

  /** Written before the requests, in one write: from here on, a re-run re-sends each with its key. Throws when the write fails. */
  sent(items: readonly { index: number; id: string; key: string }[]): void {
    if (this.failure) throw this.failure;
    let lines = '';
    for (const { index, id, key } of items) {
      if (this.earlier.keys.get(index) === key) continue; // on disk already (earlier.keys: the keys of the unanswered items)
      lines += `${JSON.stringify({ type: 'sent', id, key, index } satisfies Entry)}\n`;
    }
    if (lines) this.write(lines);
  }

  /** A key written by sent() whose request was never made. */
  unsent(id: string, key: string): void {
    this.later({ type: 'unsent', id, key });
  }

  created(id: string, r: CreatedRecord): void {
    // Field by field rather than spread: one object shape, serialized on V8's fast path.
    const entry = { type: 'created', id, jobId: r.jobId, status: r.status, statusLabel: r.statusLabel, approvalStatus: r.approvalStatus, approvalStatusLabel: r.approvalStatusLabel } as const;
    this.later(entry satisfies Entry);
  }

  refused(id: string, record: RefusedRecord): void {
    this.later({ type: 'refused', id, ...record });
  }

  /** Writes what it still can, and closes. */
  close(): void {
    if (this.fd === undefined) return;
    this.writePending();
    try {
      this.fs.closeSync(this.fd);
    } catch {
      // what was written is written; nothing more will be
    }
    this.fd = undefined;
  }
}
