// The batch journal: an append-only NDJSON file per input and target in <state dir>/journals/.
// An item's Idempotency-Key is appended (a synchronous write) before its request is sent, and its
// outcome after the answer, so that a re-run after a crash, Ctrl-C or SIGKILL knows what was
// created, what was refused, and which requests were in flight (re-sent with their original key).
import { createHash } from 'node:crypto';
import { closeSync, createReadStream, existsSync, mkdirSync, openSync, readSync, renameSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Target } from '../target.js';

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

/** What the journal knows of one item: its latest key and that key's outcome, if any. */
export interface ItemState {
  key: string;
  created?: CreatedRecord;
  refused?: RefusedRecord;
}

type Entry =
  | { type: 'run'; at: string; input: string; target: Target; items: number }
  | { type: 'sent'; id: string; key: string; index: number }
  | ({ type: 'created'; id: string } & CreatedRecord)
  | ({ type: 'refused'; id: string } & RefusedRecord);

export function journalFile(dir: string, input: string, target: Target): string {
  const name = createHash('sha256').update(JSON.stringify({ input, profile: target.profile, baseUrl: target.baseUrl })).digest('hex');
  return join(dir, `${name.slice(0, 32)}.ndjson`);
}

/** Every item's state from the journal's lines; an unreadable line (a torn write) is skipped. */
async function load(file: string): Promise<Map<string, ItemState>> {
  const states = new Map<string, ItemState>();
  const reader = createInterface({ input: createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of reader) {
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch {
      continue;
    }
    if (entry.type === 'sent') {
      const known = states.get(entry.id);
      if (known?.key !== entry.key) states.set(entry.id, { key: entry.key });
    } else if (entry.type === 'created' || entry.type === 'refused') {
      const state = states.get(entry.id);
      if (!state) continue;
      const { type, id: _id, ...record } = entry;
      if (type === 'created') state.created = record as CreatedRecord;
      else state.refused = record as RefusedRecord;
    }
  }
  return states;
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

export class Journal {
  private constructor(
    readonly file: string,
    /** What earlier runs left; not updated during this run (memory stays small). */
    readonly earlier: Map<string, ItemState>,
    private fd: number | undefined,
  ) {}

  /**
   * Outcomes waiting to be written with the next "sent" line or at close: one write instead of
   * two per item. Losing them in a crash is harmless: the item then looks unanswered, and a re-run
   * re-sends it with the same key, which the service answers with a replay.
   */
  private pending = '';

  /**
   * Opens the journal of `file`, loading what earlier runs wrote. With `restart` the old journal is
   * set aside (renamed, kept for reference) and every item starts over with a new key.
   */
  static async open(file: string, options: { restart: boolean; now: Date }): Promise<Journal> {
    mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
    if (options.restart && existsSync(file)) {
      renameSync(file, file.replace(/\.ndjson$/, `.replaced-${options.now.toISOString().replace(/[:.]/g, '-')}.ndjson`));
    }
    const states = existsSync(file) ? await load(file) : new Map<string, ItemState>();
    const torn = existsSync(file) && !endsWithNewline(file);
    const journal = new Journal(file, states, openSync(file, 'a', 0o600));
    if (torn) journal.write('');
    return journal;
  }

  private write(line: string): void {
    if (this.fd === undefined) throw new Error('the batch journal is closed');
    const text = `${this.pending}${line}\n`;
    this.pending = '';
    writeSync(this.fd, text);
  }

  private append(entry: Entry): void {
    this.write(JSON.stringify(entry));
  }

  private later(entry: Entry): void {
    this.pending += `${JSON.stringify(entry)}\n`;
  }

  begin(input: string, target: Target, items: number, now: Date): void {
    this.append({ type: 'run', at: now.toISOString(), input, target, items });
  }

  /** Written before the request: from here on, a re-run re-sends with this key. */
  sent(id: string, key: string, index: number): void {
    const state = this.earlier.get(id);
    if (state?.key === key && !state.created && !state.refused) return; // already on disk
    this.append({ type: 'sent', id, key, index });
  }

  created(id: string, record: CreatedRecord): void {
    this.later({ type: 'created', id, ...record });
  }

  refused(id: string, record: RefusedRecord): void {
    this.later({ type: 'refused', id, ...record });
  }

  close(): void {
    if (this.fd === undefined) return;
    if (this.pending) writeSync(this.fd, this.pending);
    this.pending = '';
    closeSync(this.fd);
    this.fd = undefined;
  }
}
