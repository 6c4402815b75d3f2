// One run per journal at a time: two runs of the same file would each give the unfinished items a
// key of their own and create them twice. The lock is a file holding its owner ("<pid>@<host>"),
// created whole in one step: written under a private name, then hard-linked to the lock's name,
// which fails if the lock exists. A lock whose owner is gone (a killed run) is taken over; so that
// two runs finding the same stale lock cannot both take it, the takeover itself is done under a
// lock named after that owner, by the same rules: one run wins, the others then see a live owner.
// Not proper-lockfile: its staleness is an mtime refreshed by a timer, so a run that has just been
// killed keeps its lock until the stale time has passed, and a live run whose event loop stalls
// loses it; a process id answers both at once (docs/decisions.md).
import { hostname } from 'node:os';
import { LocalStateError, UsageError } from '../../cli/errors.js';
import { nodeFs, writeAll, type StateFs } from '../../cli/state-fs.js';
import { isRunning } from './process-alive.js';

export interface LockOptions {
  fs?: StateFs;
  /** Whether process `pid` of this host is running. */
  alive?: (pid: number) => boolean;
  /** This process's id, and the host's name (a lock of another host cannot be judged stale). */
  pid?: number;
  host?: string;
  /** The command a second run is told is in progress (default: `recruit jobs create --file`). */
  command?: string;
}

/** The most takeovers in a chain (a run killed while taking over from one killed before...). */
const MAX_DEPTH = 4;

class Locker {
  readonly fs: StateFs;
  private readonly alive: (pid: number) => boolean;
  private readonly pid: number;
  readonly host: string;
  readonly owner: string;

  constructor(options: LockOptions) {
    this.fs = options.fs ?? nodeFs;
    this.alive = options.alive ?? isRunning;
    this.pid = options.pid ?? process.pid;
    this.host = options.host ?? hostname();
    this.owner = `${this.pid}@${this.host}`;
  }

  /** Creates `lock` holding this owner, whole, unless it exists: true when created. */
  create(lock: string): boolean {
    const mine = `${lock}.${this.owner.replace(/[^\w.@-]/g, '_')}.${Math.random().toString(36).slice(2)}.tmp`;
    try {
      const fd = this.fs.openSync(mine, 'wx', 0o600);
      try {
        writeAll(this.fs, fd, this.owner);
      } finally {
        this.fs.closeSync(fd);
      }
      this.fs.linkSync(mine, lock);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw new LocalStateError('create the lock', lock, error);
    } finally {
      this.fs.rmSync(mine, { force: true });
    }
  }

  /** Who holds `lock` ("<pid>@<host>"), or undefined when it is gone. */
  holder(lock: string): string | undefined {
    try {
      return this.fs.readFileSync(lock, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new LocalStateError('read the lock', lock, error);
    }
  }

  /**
   * Whether `holder` is a process of this host that has ended. This process's own id counts as
   * ended: one process runs one batch, so it is an earlier process's (a container restarted).
   */
  gone(holder: string): boolean {
    const match = /^(\d+)(?:@(.*))?$/.exec(holder.trim()); // a bare pid: a lock of an earlier version, of this host
    if (!match || (match[2] ?? this.host) !== this.host) return false; // not ours to judge: the user decides
    const pid = Number(match[1]);
    return pid === this.pid || !this.alive(pid);
  }

  /**
   * Takes `lock`: the holder that blocks it otherwise (a live one; '' when it kept vanishing), or
   * undefined when taken. A stale lock is taken over at most three times; a fourth try only creates
   * it: a run never goes on without its lock file.
   */
  acquire(lock: string, depth = 0): string | undefined {
    for (let attempt = 0; attempt <= 3; attempt++) {
      if (this.create(lock)) return undefined;
      const holder = this.holder(lock);
      if (holder === undefined) continue; // released meanwhile
      if (attempt === 3 || depth >= MAX_DEPTH || !this.gone(holder)) return holder;
      // Only the run holding this takeover lock may replace this owner's lock.
      const takeover = `${lock}.takeover-${holder.replace(/[^\w.@-]/g, '_')}`;
      const taker = this.acquire(takeover, depth + 1);
      if (taker !== undefined) return taker; // another run is taking over
      try {
        if (this.holder(lock) === holder) this.fs.rmSync(lock, { force: true });
      } finally {
        this.fs.rmSync(takeover, { force: true });
      }
    }
    return ''; // there each time it was created, gone each time it was read: refused, the safe side
  }
}

/** Locks the journal `journalFile` for this run; returns the release. */
export function lockJournal(journalFile: string, display: string, options: LockOptions = {}): () => void {
  const lock = `${journalFile}.lock`;
  const locker = new Locker(options);
  const holder = locker.acquire(lock);
  if (holder !== undefined) {
    const [pid, host] = holder.trim().split('@');
    const who = /^\d+$/.test(pid ?? '') ? `process ${pid}${host && host !== locker.host ? ` on ${host}` : ''}` : 'an unknown process';
    throw new UsageError(
      `another run of \`${options.command ?? 'recruit jobs create --file'}\` for ${display} is in progress (${who})`,
      [],
      `wait for it to finish, or stop it; if no such run exists, remove ${lock}`,
    );
  }
  return () => {
    // Never someone else's: a lock is removed only while it still names this run. A lock that
    // cannot be removed is left for the next run to take over (and one gone already needs nothing:
    // the error of removing it is ignored as well).
    try {
      if (locker.holder(lock) === locker.owner) locker.fs.rmSync(lock);
    } catch {
      // as above
    }
  };
}
