// A run's journal (a batch, a bulk change, an apply): an append-only NDJSON file per input and account in <state dir>/journals/.
// An item's Idempotency-Key is appended (a synchronous write, checked to the last byte) before its
// request is sent, and its outcome after the answer, so that a re-run after a crash, Ctrl-C or
// SIGKILL knows what was created, what was refused, and which requests were in flight (re-sent with
// their original key). Keys are written a block at a time, ahead of their requests (key-book.ts); a
// run that ends normally writes "unsent" for the new keys it did not use. When a write fails (a full
// or read-only disk), the journal says so and every later write of keys fails too: no request
// leaves whose key is not on disk.
import { LocalStateError } from '../core/errors.js';
import { nodeFs, writeAll, type StateFs } from '../core/state-fs.js';
import { load } from './journal-read.js';
import type { Account, CreatedRecord, EarlierState, Entry, ItemIds, RefusedRecord } from './records.js';
import type { ResumeCommand } from './resume-command.js';

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
  /** The command that resumes the run, written in its run record. */
  resume: ResumeCommand | undefined;
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

  /** The run record, before the first key: `pending` is how many of the `items` this run is to send. */
  begin(input: string, target: object, account: Account, items: number, now: Date, pending = items): void {
    const resume = this.resume ? { command: this.resume } : {};
    const entry: Entry = { type: 'run', at: now.toISOString(), input, target, account: account.credential, items, ...resume, pending };
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
