// A lock file held by one run at a time, across processes, PID namespaces (containers) and hosts
// that share the state directory (docs/decisions.md, "One run per account"). The file holds the
// run's record (lock-record.ts), created whole: written under a private name, then hard-linked to
// the lock's name, which fails if the lock exists (on a file system without hard links it is
// created in place and then written: a reader finding it empty refuses). A lock whose process can
// be seen from here (this host and PID namespace) is judged by that process alone: live while it
// runs, whatever its mtime; stale at once when it has ended. Any other lock is judged by its
// heartbeat: the holder refreshes its mtime every HEARTBEAT_MS, and the lock is stale when that is
// older than STALE_MS on the reader's clock. So that two runs finding the same stale lock cannot
// both take it, the takeover itself is done under a lock named after that holder, by the same
// rules: one run wins, the others then see a live holder.
import { createHash, randomBytes } from 'node:crypto';
import { utimesSync } from 'node:fs';
import { hostname } from 'node:os';
import type { Clock } from '../core/clock.js';
import { LocalStateError } from '../core/errors.js';
import { nodeFs, writeAll, type StateFs } from '../core/state-fs.js';
import { formatRecord, parseRecord, type LockRecord } from './lock-record.js';
import { pidNamespace, processLife, type ProcessLife } from './process-alive.js';

/**
 * How often a holder refreshes its lock's mtime, and the age at which a lock judged by it is stale:
 * six beats, so that a busy event loop or a slow network file system does not lose it. The module
 * refuses to load otherwise (checkBeats below; test/exactly-once/lock-heartbeat.test.ts).
 */
export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 30_000;

/** The fewest heartbeats that fit in the stale limit. */
export const BEATS_PER_STALE = 6;

/**
 * Throws unless `staleMs` holds at least BEATS_PER_STALE heartbeats of `heartbeatMs`: a heartbeat
 * near or above the stale limit lets a second run take the lock of a live one.
 */
export function checkBeats(heartbeatMs: number, staleMs: number): void {
  if (!(heartbeatMs > 0) || staleMs < BEATS_PER_STALE * heartbeatMs) {
    throw new Error(`the lock's heartbeat (${heartbeatMs} ms) must fit ${BEATS_PER_STALE} times in its stale limit (${staleMs} ms)`);
  }
}
checkBeats(HEARTBEAT_MS, STALE_MS);

/**
 * A heartbeat at most this far ahead of the reader's clock is taken as it is (a file system that
 * keeps mtimes to 2 s, as FAT does, may round them up); further ahead, it is set back (Locker.age).
 */
export const AHEAD_MS = 2_000;

/** What the lock needs of the command's clock: its time (mtimes, ages) and the heartbeat's timer. */
export type LockClock = Pick<Clock, 'now' | 'every'>;

export interface LockOptions {
  fs?: StateFs;
  /** Sets a file's mtime (ms since the epoch): the heartbeat. */
  touch?: (path: string, ms: number) => void;
  /** The command's clock (the context's; a test's fake one): never the system's behind its back. */
  clock: LockClock;
  /** What this host says of process `pid` of this PID namespace. */
  life?: (pid: number) => ProcessLife;
  /** This process's id, host name and PID namespace, and this run's id (random unless given). */
  pid?: number;
  host?: string;
  pidNs?: string;
  run?: string;
  /** What the run is, written into the lock for the message of a run it refuses. */
  command?: string;
  what?: string;
}

/** A lock found in the way: its content ('' when it kept vanishing) and its heartbeat. */
export interface Blocker {
  content: string;
  mtimeMs: number;
}

export interface HeldLock {
  readonly path: string;
  /** Set when the lock was lost (taken over after this run stalled, removed, unreadable). */
  readonly lost: LocalStateError | undefined;
  /** Told once, when the lock is lost: the run must stop sending. */
  onLost: (error: LocalStateError) => void;
  /** One heartbeat (the timer calls it). */
  beat(): void;
  /** Removes the lock if it still is this run's; never throws. */
  release(): void;
}

/** The most takeovers in a chain (a run killed while taking over from one killed before...). */
const MAX_DEPTH = 4;
/**
 * link(2) failing for these: the file system has no hard links (FAT, exFAT, some network shares).
 * Node for Windows reports CreateHardLink's ERROR_INVALID_FUNCTION (FAT) as EISDIR and some shares'
 * refusals as EACCES or EINVAL. Creating in place is the fallback, not the rule: it excludes a
 * second run as surely (O_EXCL), but its record is not there at once (docs/decisions.md, "The lock
 * without hard links"). A refusal that is real fails that create too, and is reported.
 */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'ENOSYS', 'EISDIR', 'EACCES', 'EINVAL']);
/** Run ids of the locks this process holds: its own pid in a lock is then a live run of this process. */
const heldHere = new Set<string>();

const defaultTouch = (path: string, ms: number) => utimesSync(path, ms / 1000, ms / 1000);
const safe = (text: string) => text.replace(/[^\w.@-]/g, '_');

export class Locker {
  readonly fs: StateFs;
  readonly record: LockRecord;
  readonly content: string;
  readonly clock: LockClock;
  private readonly touch: (path: string, ms: number) => void;
  private readonly life: (pid: number) => ProcessLife;

  constructor(options: LockOptions) {
    this.fs = options.fs ?? nodeFs;
    this.touch = options.touch ?? defaultTouch;
    this.clock = options.clock;
    this.life = options.life ?? processLife;
    const pid = options.pid ?? process.pid;
    this.record = {
      run: options.run ?? randomBytes(12).toString('hex'),
      pid,
      pidStart: this.life(pid).start,
      host: options.host ?? hostname(),
      pidNs: options.pidNs ?? pidNamespace(),
      command: options.command ?? 'recruit',
      what: options.what ?? '',
      started: new Date(this.clock.now()).toISOString(),
    };
    this.content = formatRecord(this.record);
  }

  /** Creates `lock` holding this run's record, whole, unless it exists: true when created. */
  create(lock: string): boolean {
    const mine = `${lock}.${safe(this.record.host)}-${this.record.pid}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      this.write(mine);
      try {
        this.fs.linkSync(mine, lock);
      } catch (error) {
        if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        this.createInPlace(lock);
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw new LocalStateError('create the lock', lock, error);
    } finally {
      this.fs.rmSync(mine, { force: true });
    }
  }

  private write(path: string): void {
    const fd = this.fs.openSync(path, 'wx', 0o600);
    try {
      writeAll(this.fs, fd, this.content);
    } finally {
      this.fs.closeSync(fd);
    }
    this.touch(path, this.clock.now());
  }

  /** Without hard links: created empty, then written. A reader in between sees a fresh empty lock and refuses. */
  private createInPlace(lock: string): void {
    try {
      this.write(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') this.fs.rmSync(lock, { force: true }); // ours, half written
      throw error;
    }
  }

  /** The lock's content and heartbeat, or undefined when it is gone. */
  read(lock: string): Blocker | undefined {
    try {
      const mtimeMs = this.fs.statSync(lock).mtimeMs;
      return { content: this.fs.readFileSync(lock, 'utf8'), mtimeMs };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new LocalStateError('read the lock', lock, error);
    }
  }

  /**
   * Whether the lock `found` at `lock` may be taken over. Its process decides where it can be seen
   * (this host and PID namespace); its heartbeat decides elsewhere, and for a lock that cannot be
   * judged otherwise (empty, being written, not recruit's: refused until its heartbeat is old)
   * (docs/decisions.md, "When a lock is stale").
   */
  stale(lock: string, found: Blocker): boolean {
    const r = parseRecord(found.content);
    const { host, pidNs, pid } = this.record;
    if (r && 'run' in r && r.host === host && r.pidNs === pidNs) {
      if (r.pid === pid) return !heldHere.has(r.run); // not this process's run: an earlier process of this id (a restarted container)
      const life = this.life(r.pid);
      // A start other than the one recorded: the id was given to another process after the run ended.
      const same = r.pidStart === '' || life.start === '' || life.start === r.pidStart;
      return !(life.running && same);
    }
    const old = this.age(lock, found) > STALE_MS;
    // An earlier version's lock has no heartbeat: stale only when both its age and its process say so.
    if (r && 'legacy' in r) return old && (r.host ?? host) === host && !this.life(r.pid).running;
    return old;
  }

  /**
   * How old the heartbeat of `found` is on this reader's clock. A heartbeat ahead of that clock (a
   * writer whose clock is ahead, or this one stepped back) counts as beaten now; more than AHEAD_MS
   * ahead, the lock's mtime is also set back to now, so that it ages from here: without that
   * reference a lock left with a future mtime would block until that time, past the stale limit.
   * A holder that still beats sets it ahead again; one that has ended is stale STALE_MS after a
   * reader first saw it.
   */
  private age(lock: string, found: Blocker): number {
    const now = this.clock.now();
    if (found.mtimeMs <= now + AHEAD_MS) return now - found.mtimeMs; // below 0 within AHEAD_MS: fresh
    try {
      this.touch(lock, now);
    } catch {
      // Gone or replaced meanwhile, or not writable: judged fresh this time, as found.
    }
    return 0;
  }

  /**
   * Takes `lock`: the lock in the way otherwise, or undefined when taken. A stale lock is taken
   * over at most three times; a fourth try only creates it: a run never goes on without its lock.
   */
  acquire(lock: string, depth = 0): Blocker | undefined {
    for (let attempt = 0; attempt <= 3; attempt++) {
      if (this.create(lock)) return undefined;
      const found = this.read(lock);
      if (found === undefined) continue; // released meanwhile
      if (attempt === 3 || depth >= MAX_DEPTH || !this.stale(lock, found)) return found;
      // Only the run holding this takeover lock may replace this holder's lock.
      const takeover = `${lock}.takeover-${createHash('sha256').update(found.content).digest('hex').slice(0, 16)}`;
      const taker = this.acquire(takeover, depth + 1);
      if (taker !== undefined) return taker; // another run is taking over
      try {
        const again = this.read(lock);
        if (again?.content === found.content && this.stale(lock, again)) this.fs.rmSync(lock, { force: true });
      } finally {
        this.fs.rmSync(takeover, { force: true });
      }
    }
    return { content: '', mtimeMs: this.clock.now() }; // there each time it was created, gone each time it was read: refused
  }

  heartbeat(lock: string): void {
    this.touch(lock, this.clock.now());
  }
}

class Held implements HeldLock {
  lost: LocalStateError | undefined;
  onLost: (error: LocalStateError) => void = () => undefined;
  private stop: () => void = () => undefined;
  private released = false;

  constructor(
    readonly path: string,
    private readonly locker: Locker,
  ) {
    this.stop = locker.clock.every(HEARTBEAT_MS, () => this.beat());
  }

  beat(): void {
    if (this.released || this.lost) return;
    try {
      // Read first: a lock that is no longer this run's is never refreshed.
      if (this.locker.fs.readFileSync(this.path, 'utf8') !== this.locker.content) {
        throw new Error(`another run took it over (this run's heartbeat stopped for more than ${STALE_MS / 1000} s)`);
      }
      this.locker.heartbeat(this.path);
    } catch (error) {
      const cause = (error as NodeJS.ErrnoException).code === 'ENOENT' ? new Error('it was removed while this run held it') : error;
      this.lost = new LocalStateError('keep the lock', this.path, cause, 'the run stopped sending; run the same command again when no other run is in progress');
      this.stop();
      this.onLost(this.lost);
    }
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    this.stop();
    heldHere.delete(this.locker.record.run);
    // Never someone else's: removed only while it still holds this run's record. A lock that
    // cannot be removed is left for the next run to take over.
    try {
      if (this.locker.fs.readFileSync(this.path, 'utf8') === this.locker.content) this.locker.fs.rmSync(this.path);
    } catch {
      // as above
    }
  }
}

/** Takes the lock file `lock` for this run, or returns the lock in the way. */
export function takeLock(lock: string, options: LockOptions): { held: HeldLock } | { blocker: Blocker; locker: Locker } {
  const locker = new Locker(options);
  heldHere.add(locker.record.run);
  let blocker: Blocker | undefined;
  try {
    blocker = locker.acquire(lock);
  } catch (error) {
    heldHere.delete(locker.record.run);
    throw error;
  }
  if (blocker !== undefined) {
    heldHere.delete(locker.record.run);
    return { blocker, locker };
  }
  return { held: new Held(lock, locker) };
}
