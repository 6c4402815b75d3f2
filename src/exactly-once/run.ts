// One run of journaled requests (a batch, a bulk change, an apply), as its command sees it: the
// account locked and the journal directory made before anything is read or sent; then, once the
// items are known, their journal opened with what earlier runs left, a damaged journal noted, and
// a lost lock stopping the run as a journal that cannot be written does; close() ends both.
import { nodeFs, type StateFs } from '../core/state-fs.js';
import { lockAccount, stopOnLoss } from './account-lock.js';
import { Journal } from './journal.js';
import { journalFile, makeJournalsDir } from './journal-files.js';
import type { HeldLock, LockClock } from './lock.js';
import type { Account, CreatedRecord, ItemIds } from './records.js';
import type { ResumeCommand } from './resume-command.js';

/** What a run needs of its surroundings (the command context has all of it). */
export interface RunDeps {
  readonly env: NodeJS.ProcessEnv;
  now(): Date;
  /** The command's clock: the account lock's heartbeat and the ages it judges. */
  readonly clock: LockClock;
  /** A note for the person running the command (stderr). */
  info(text: string): void;
  /** A random key: the generation of derived keys a --restart starts. */
  newKey(): string;
}

export interface RunSpec {
  account: Account;
  /** What the journal is of: a file's real path, stdin's content hash, or what a command makes of its input. */
  input: string;
  /** What the run is, written into the lock for the message of a run it refuses: the command and its input. */
  command: string;
  what: string;
  /** The command that resumes the run, kept in the journal for `recruit status`. */
  resume?: ResumeCommand;
  /** The file system of the journal and its lock (tests pass one that fails). */
  fs?: StateFs;
}

export interface JournalSpec {
  /** The run's items, by identity. */
  items: ItemIds;
  /** --restart: the old journal is set aside and a new generation of derived keys starts. */
  restart?: boolean;
  /** Each item an earlier run created (null: no longer created, a later entry re-sent it). */
  onCreated?: (index: number, record: CreatedRecord | null) => void;
}

export class Run {
  /** Open once openJournal() returned. */
  journal: Journal | undefined;

  private constructor(
    private readonly deps: RunDeps,
    /** The journal directory, and this run's journal in it. */
    readonly dir: string,
    readonly file: string,
    /** The account lock, held until close(). */
    readonly lock: HeldLock,
    private readonly fs: StateFs,
    private readonly resume: ResumeCommand | undefined,
  ) {}

  /** Makes the journal directory and locks the account; refuses (exit 2) while another run holds it. */
  static open(deps: RunDeps, spec: RunSpec): Run {
    const fs = spec.fs ?? nodeFs;
    const dir = makeJournalsDir(deps.env, fs);
    const file = journalFile(dir, spec.input, spec.account);
    const lock = lockAccount(dir, spec.account, { fs, clock: deps.clock, command: spec.command, what: spec.what });
    return new Run(deps, dir, file, lock, fs, spec.resume);
  }

  /** Opens the journal of the run's items, with what earlier runs wrote about them. */
  async openJournal(spec: JournalSpec): Promise<Journal> {
    const restart = spec.restart === true;
    const journal = await Journal.open(
      this.file,
      { restart, ...(restart ? { newGeneration: () => this.deps.newKey() } : {}), now: this.deps.now(), fs: this.fs },
      spec.items,
      spec.onCreated ?? (() => undefined),
    );
    this.journal = journal;
    journal.resume = this.resume;
    const damaged = journal.earlier.damagedLines ?? 0;
    if (damaged > 0) {
      this.deps.info(
        `note: the journal ${journal.file} has ${damaged} damaged line${damaged === 1 ? '' : 's'} (longer than any line it writes, as a power loss can leave); ` +
          `${damaged === 1 ? 'it was' : 'they were'} skipped, the rest of the journal is used`,
      );
    }
    stopOnLoss(this.lock, journal);
    return journal;
  }

  /** Writes what the journal still can and closes it, then releases the lock; never throws. */
  close(): void {
    try {
      this.journal?.close();
    } finally {
      this.lock.release();
    }
  }
}

export function openRun(deps: RunDeps, spec: RunSpec): Run {
  return Run.open(deps, spec);
}
