// The batch journal: an append-only NDJSON file per input and target in <state dir>/journals/.
// An item's Idempotency-Key is appended (a synchronous write) before its request is sent, and its
// outcome after the answer, so that a re-run after a crash, Ctrl-C or SIGKILL knows what was
// created, what was refused, and which requests were in flight (re-sent with their original key).
// Keys are written a block at a time, ahead of their requests (key-book.ts); a run that ends
// normally writes "unsent" for the new keys it did not use.
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, statSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Target } from '../target.js';
import type { Identities } from './item-identity.js';
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

type Entry =
  | { type: 'run'; at: string; input: string; target: Target; items: number }
  | { type: 'sent'; id: string; key: string; index: number }
  | { type: 'unsent'; id: string; key: string }
  | ({ type: 'created'; id: string } & CreatedRecord)
  | ({ type: 'refused'; id: string } & RefusedRecord);

/** What earlier runs left for an item of this file. UNANSWERED: sent, no answer recorded. */
export const EARLIER = { UNKNOWN: 0, UNANSWERED: 1, CREATED: 2, REFUSED: 3 } as const;

export interface EarlierState {
  kinds: Uint8Array;
  /** The key of each unanswered item. */
  keys: Map<number, string>;
  refused: Map<number, RefusedRecord>;
}

export function journalFile(dir: string, input: string, target: Target): string {
  const name = createHash('sha256').update(JSON.stringify({ input, profile: target.profile, baseUrl: target.baseUrl })).digest('hex');
  return join(dir, `${name.slice(0, 32)}.ndjson`);
}

/**
 * Replays the journal's lines onto the items of the file (matched by identity; entries of items no
 * longer in the file are ignored). Created records go to `onCreated` (null: no longer created),
 * so that they are stored once, compactly. An unreadable line (a torn write) is skipped.
 */
async function load(file: string, identities: Identities, onCreated: (index: number, record: CreatedRecord | null) => void): Promise<EarlierState> {
  const state: EarlierState = { kinds: new Uint8Array(identities.size), keys: new Map(), refused: new Map() };
  if (statSync(file).size === 0) return state;
  const byId = new Map<string, number>();
  for (let i = 0; i < identities.size; i++) byId.set(identities.id(i), i);
  for await (const line of readLines(file)) {
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      continue;
    }
    if (entry.type === 'run') continue;
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
      state.keys.delete(index);
      const { type, id: _id, ...record } = entry;
      if (type === 'created') {
        state.kinds[index] = EARLIER.CREATED;
        onCreated(index, record as CreatedRecord);
      } else {
        state.kinds[index] = EARLIER.REFUSED;
        state.refused.set(index, record as RefusedRecord);
      }
    }
  }
  return state;
}

function endsWithNewline(file: string): boolean {
  const size = statSync(file).size;
  if (size === 0) return true;
  const fd = openSync(file, 'r');
  try {
    const last = Buffer.alloc(1);
    readSync(fd, last, 0, 1, size - 1);
    return last[0] === 0x0a;
  } finally {
    closeSync(fd);
  }
}

const OUTCOME_DELAY_MS = 25;

export class Journal {
  /**
   * Outcomes waiting to be written with the next keys, or by a flush at most OUTCOME_DELAY_MS later:
   * a few writes a second instead of one per item. Losing them in a crash is harmless: the item
   * then looks unanswered, and a re-run re-sends it with the same key, which the service answers
   * with a replay.
   */
  private pending = '';
  private flush: NodeJS.Timeout | undefined;

  private constructor(
    readonly file: string,
    readonly earlier: EarlierState,
    private fd: number | undefined,
  ) {}

  /**
   * Opens the journal of `file`, loading what earlier runs wrote about these items. With `restart`
   * the old journal is set aside (renamed, kept for reference) and every item starts over.
   */
  static async open(
    file: string,
    options: { restart: boolean; now: Date },
    identities: Identities,
    onCreated: (index: number, record: CreatedRecord | null) => void,
  ): Promise<Journal> {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    if (options.restart && existsSync(file)) {
      renameSync(file, file.replace(/\.ndjson$/, `.replaced-${options.now.toISOString().replace(/[:.]/g, '-')}.ndjson`));
    }
    const exists = existsSync(file);
    const earlier = exists
      ? await load(file, identities, onCreated)
      : { kinds: new Uint8Array(identities.size), keys: new Map<number, string>(), refused: new Map<number, RefusedRecord>() };
    const torn = exists && !endsWithNewline(file);
    const journal = new Journal(file, earlier, openSync(file, 'a', 0o600));
    if (torn) journal.write('\n');
    return journal;
  }

  /** Writes what is pending and then `lines` (each ending in a newline), in one write, now. */
  private write(lines: string): void {
    if (this.fd === undefined) throw new Error('the batch journal is closed');
    this.pending += lines;
    this.writePending();
  }

  private later(entry: Entry): void {
    this.pending += `${JSON.stringify(entry)}\n`;
    this.flush ??= setTimeout(() => this.writePending(), OUTCOME_DELAY_MS).unref();
  }

  private writePending(): void {
    clearTimeout(this.flush);
    this.flush = undefined;
    if (this.fd !== undefined && this.pending) writeSync(this.fd, this.pending);
    this.pending = '';
  }

  begin(input: string, target: Target, items: number, now: Date): void {
    this.write(`${JSON.stringify({ type: 'run', at: now.toISOString(), input, target, items } satisfies Entry)}\n`);
  }

  /** Written before the requests, in one write: from here on, a re-run re-sends each with its key. */
  sent(items: readonly { index: number; id: string; key: string }[]): void {
    let lines = '';
    for (const { index, id, key } of items) {
      if (this.earlier.kinds[index] === EARLIER.UNANSWERED && this.earlier.keys.get(index) === key) continue; // on disk already
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

  close(): void {
    if (this.fd === undefined) return;
    this.writePending();
    closeSync(this.fd);
    this.fd = undefined;
  }
}
