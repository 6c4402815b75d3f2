// The run lock (src/exactly-once/lock.ts) under every interleaving of two runs that find the
// same stale lock, and its judgement of a lock in the way: by its heartbeat (mtime) against a fake
// clock, and by its process only when it is of this host and PID namespace. Process ids, liveness,
// host, namespace and the clock are injected.
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStateError, UsageError } from '../../src/core/errors.js';
import type { StateFs } from '../../src/core/state-fs.js';
import { accountLockFile, lockAccount, stopOnLoss } from '../../src/exactly-once/account-lock.js';
import { Journal } from '../../src/exactly-once/journal.js';
import { HEARTBEAT_MS, STALE_MS, takeLock, type HeldLock, type LockOptions } from '../../src/exactly-once/lock.js';
import { formatRecord, parseRecord, type LockRecord } from '../../src/exactly-once/lock-record.js';
import { FaultyFs } from '../helpers/faulty-fs.js';

const HOST = 'box';
const NS = 'pid:[4026531836]';
const OTHER_NS = 'pid:[4026532178]';
const DEAD = 100;
const A = 201;
const B = 202;
/** Our fake processes: the stale owner (and its dead takers) have ended, A and B run. */
const alive = (pid: number) => pid === A || pid === B;
const life = (pid: number) => ({ running: alive(pid), start: '' });
const ended = () => ({ running: false, start: '' });
const ACCOUNT = { baseUrl: 'http://127.0.0.1:1/v1', credential: 'fp' };
/** The fake clock, a whole second (mtimes set through seconds then read back exactly), past the real time. */
const T0 = Math.ceil(Date.now() / 1000) * 1000 + 1000;

function dirIn(): string {
  return mkdtempSync(join(tmpdir(), 'recruit-lock-'));
}

const options = (pid: number, extra: Partial<LockOptions> = {}): LockOptions => ({
  life,
  pid,
  host: HOST,
  pidNs: NS,
  clock: { now: () => T0, every: () => () => undefined },
  command: 'recruit jobs create --file',
  what: 'jobs.ndjson',
  ...extra,
});

/** A lock record as a run of `pid` writes it. */
function record(pid: number, extra: Partial<LockRecord> = {}): string {
  return formatRecord({ run: `run-${pid}`, pid, pidStart: '', host: HOST, pidNs: NS, command: 'recruit jobs apply', what: 'a.json', started: '2030-01-01T00:00:00.000Z', ...extra });
}

/** Writes `content` to `path` with a heartbeat `ageMs` before the fake clock's now. */
function plant(path: string, content: string, ageMs = 0): void {
  writeFileSync(path, content);
  utimesSync(path, (T0 - ageMs) / 1000, (T0 - ageMs) / 1000);
}

const pidIn = (path: string) => (parseRecord(readFileSync(path, 'utf8')) as LockRecord | undefined)?.pid;

/** node:fs, calling `before(op, path)` first on every call. */
function hooked(before: (op: string, path: string) => void, base: StateFs = fs): StateFs {
  const ops = ['openSync', 'writeSync', 'fsyncSync', 'closeSync', 'renameSync', 'rmSync', 'mkdirSync', 'linkSync', 'readFileSync', 'statSync', 'existsSync', 'readSync', 'ftruncateSync'] as const;
  return Object.fromEntries(
    ops.map((op) => [
      op,
      (...args: unknown[]) => {
        before(op, String(args[0]));
        return (base[op] as (...a: unknown[]) => unknown)(...args);
      },
    ]),
  ) as unknown as StateFs;
}

type Outcome = { held: true; lock: HeldLock } | { held: false; error: unknown };

function tryLock(dir: string, opts: LockOptions): Outcome {
  try {
    return { held: true, lock: lockAccount(dir, ACCOUNT, opts) };
  } catch (error) {
    return { held: false, error };
  }
}

function errorOf(outcome: Outcome): Error {
  if (outcome.held) throw new Error('expected a refusal');
  return outcome.error as Error;
}

describe('run lock: two runs taking over the same stale lock', () => {
  const calls: string[] = [];
  {
    const dir = dirIn();
    plant(accountLockFile(dir, ACCOUNT), record(DEAD));
    const name = (op: string, path: string) => `${op} ${path.replace(dir, 'D').replace(/\.\w+\.tmp$/, '.*.tmp').replace(/^\d+$/, 'fd')}`;
    let taking = true;
    const alone = tryLock(dir, options(A, { fs: hooked((op, path) => taking && calls.push(name(op, path))) }));
    taking = false;
    if (!alone.held) throw alone.error as Error;
    alone.lock.release();
  }

  it('takes a stale lock over in a sequence of file-system calls, under a takeover lock', () => {
    const takeover = calls.findIndex((c) => /^openSync D\/account-\w+\.lock\.takeover-[0-9a-f]{16}\./.test(c));
    expect(takeover).toBeGreaterThan(0);
    const removal = calls.findIndex((c) => /^rmSync D\/account-\w+\.lock$/.test(c));
    expect(removal).toBeGreaterThan(takeover);
  });

  it.each(calls.map((call, k) => [k, call] as const))('B comes in before call %i of A (%s): exactly one holds the lock', (k) => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    plant(lock, record(DEAD));
    let n = 0;
    let b: Outcome | undefined;
    const a = tryLock(
      dir,
      options(A, {
        fs: hooked(() => {
          if (n++ === k) b = tryLock(dir, options(B));
        }),
      }),
    );
    expect(b).toBeDefined();
    const outcomes = [a, b!];
    expect(outcomes.filter((o) => o.held)).toHaveLength(1);
    expect(pidIn(lock)).toBe(a.held ? A : B);
    const loser = outcomes.find((o) => !o.held) as { error: unknown };
    expect(loser.error).toBeInstanceOf(UsageError);
    expect((loser.error as UsageError).message).toMatch(/another run is changing the jobs of this account: `recruit jobs create --file` for jobs.ndjson \(process 20[12], started /);
    expect(readdirSync(dir)).toEqual([lock.slice(dir.length + 1)]);
    for (const o of outcomes) if (o.held) o.lock.release();
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('run lock: who may take a lock over', () => {
  it('refuses while the owner of this host and namespace runs, naming its command, process and start, and leaves its lock alone', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    plant(lock, record(B));
    const error = errorOf(tryLock(dir, options(A)));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
    expect(error.message).toBe('another run is changing the jobs of this account: `recruit jobs apply` for a.json (process 202, started 2030-01-01T00:00:00.000Z)');
    expect((error as UsageError).hint).toBe(
      `wait for it to finish, or stop it (the lock of an ended run is taken over at once on the same machine, elsewhere once its heartbeat is 30 s old); if no such run exists, remove ${lock}`,
    );
    expect(readFileSync(lock, 'utf8')).toBe(record(B));
  });

  it('takes over at once the lock of an ended process of this host and namespace', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    plant(lock, record(DEAD));
    const held = tryLock(dir, options(A));
    expect(held.held).toBe(true);
    expect(pidIn(lock)).toBe(A);
  });

  it('a lock of the same pid in another PID namespace of the same host, with a fresh heartbeat, is kept (two containers, both pid 1)', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    plant(lock, record(1, { pidNs: OTHER_NS }), STALE_MS - 1);
    const error = errorOf(tryLock(dir, options(1, { life: ended })));
    expect(error.message).toContain('(process 1 in another PID namespace (container) of box, started ');
    expect(readFileSync(lock, 'utf8')).toBe(record(1, { pidNs: OTHER_NS }));
  });

  it('a lock of another host, with a fresh heartbeat, is kept whatever its pid; with a heartbeat older than the stale time it is taken over', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    const theirs = record(DEAD, { host: 'elsewhere' });
    plant(lock, theirs, STALE_MS);
    expect(errorOf(tryLock(dir, options(A, { life: ended }))).message).toContain('(process 100 on elsewhere, started ');
    plant(lock, theirs, STALE_MS + 1);
    expect(tryLock(dir, options(A)).held).toBe(true);
    expect(pidIn(lock)).toBe(A);
  });

  it('a lock naming this very pid and namespace but another run id is an earlier process\'s (a restarted container): taken over', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    plant(lock, record(A));
    expect(tryLock(dir, options(A, { life: () => ({ running: true, start: '' }) })).held).toBe(true);
    expect(parseRecord(readFileSync(lock, 'utf8'))).toMatchObject({ pid: A });
    expect(readFileSync(lock, 'utf8')).not.toBe(record(A));
  });

  it('a lock held by another run of this same process is live: two runs in one process refuse each other', () => {
    const dir = dirIn();
    const first = tryLock(dir, options(A));
    expect(first.held).toBe(true);
    expect(errorOf(tryLock(dir, options(A))).message).toContain('(process 201, started ');
    (first as { lock: HeldLock }).lock.release();
    expect(tryLock(dir, options(A)).held).toBe(true);
  });

  it('an empty or unparsable lock with a fresh heartbeat cannot be judged: refused; once its heartbeat is old, taken over', () => {
    for (const content of ['', '{"recruitLock":2,"run":"x"', 'pid 100', '100x@box']) {
      const dir = dirIn();
      const lock = accountLockFile(dir, ACCOUNT);
      plant(lock, content, STALE_MS);
      expect(errorOf(tryLock(dir, options(A))).message, content).toMatch(/this account: an unknown process \(its lock is being written, or was not written by recruit\)$/);
      expect(readFileSync(lock, 'utf8')).toBe(content);
      plant(lock, content, STALE_MS + 1);
      expect(tryLock(dir, options(A)).held, content).toBe(true);
    }
  });

  it("an earlier version's lock (\"<pid>@<host>\" or a bare pid) is taken over only when it is old and its process of this host has ended", () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    for (const [content, age, taken] of [
      [`${DEAD}@${HOST}`, 0, false],
      [`${B}@${HOST}`, STALE_MS + 1, false],
      [`${DEAD}@elsewhere`, STALE_MS + 1, false],
      [`${DEAD}\n`, STALE_MS + 1, true],
      [`${DEAD}@${HOST}`, STALE_MS + 1, true],
    ] as const) {
      plant(lock, content, age);
      const outcome = tryLock(dir, options(A));
      expect(outcome.held, `${content} ${age}`).toBe(taken);
      if (outcome.held) outcome.lock.release();
      else expect((outcome.error as Error).message).toMatch(/this account: process \d+( on elsewhere)? \(an earlier version of recruit\)$/);
    }
  });

  it('refusing a live lock takes no takeover lock', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    plant(lock, record(B));
    const opened: string[] = [];
    expect(errorOf(tryLock(dir, options(A, { fs: hooked((op, path) => op === 'openSync' && opened.push(path)) }))).message).toContain('(process 202, started ');
    expect(opened.filter((path) => path.includes('.takeover-'))).toEqual([]);
  });

  it('a record written without a command or input names recruit and nothing', () => {
    const dir = dirIn();
    const lock = join(dir, 'x.lock');
    const taken = takeLock(lock, { ...options(A), command: undefined, what: undefined });
    expect(parseRecord(readFileSync(lock, 'utf8'))).toMatchObject({ command: 'recruit', what: '' });
    if ('held' in taken) taken.held.release();
  });

  it('takes over a lock whose taker died while holding the takeover lock, through a chain of three', () => {
    const dir = dirIn();
    let name = accountLockFile(dir, ACCOUNT);
    const lock = name;
    plant(name, record(DEAD));
    const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
    for (let k = 1; k <= 3; k++) {
      name = `${name}.takeover-${sha(record(DEAD + k - 1))}`;
      plant(name, record(DEAD + k));
    }
    const held = tryLock(dir, options(A));
    expect(held.held).toBe(true);
    expect(pidIn(lock)).toBe(A);
    expect(readdirSync(dir)).toEqual([lock.slice(dir.length + 1)]);
  });

  it('a chain of four dead takers is left to the user: refused, naming the last', () => {
    const dir = dirIn();
    let name = accountLockFile(dir, ACCOUNT);
    const lock = name;
    plant(name, record(DEAD));
    const sha = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);
    for (let k = 1; k <= 4; k++) {
      name = `${name}.takeover-${sha(record(DEAD + k - 1))}`;
      plant(name, record(DEAD + k));
    }
    expect(errorOf(tryLock(dir, options(A))).message).toContain('(process 104, started ');
    expect(readFileSync(lock, 'utf8')).toBe(record(DEAD));
  });

  it('a holder of another host that beats while a run takes its stale lock over keeps it', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    const theirs = record(DEAD, { host: 'elsewhere' });
    plant(lock, theirs, STALE_MS + 1);
    const s = hooked((op, path) => {
      if (op === 'openSync' && path.includes('.takeover-')) utimesSync(lock, T0 / 1000, T0 / 1000); // its beat
    });
    expect(errorOf(tryLock(dir, options(A, { fs: s }))).message).toContain('(process 100 on elsewhere, started ');
    expect(readFileSync(lock, 'utf8')).toBe(theirs);
    expect(readdirSync(dir)).toEqual([lock.slice(dir.length + 1)]);
  });

  it('a stale lock released while a run takes it over is taken', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    plant(lock, record(DEAD));
    let released = false;
    const s = hooked((op, path) => {
      if (!released && op === 'openSync' && path.includes('.takeover-')) {
        released = true;
        fs.rmSync(lock);
      }
    });
    expect(tryLock(dir, options(A, { fs: s })).held).toBe(true);
    expect(pidIn(lock)).toBe(A);
    expect(readdirSync(dir)).toEqual([lock.slice(dir.length + 1)]);
  });
});

describe('run lock: the heartbeat', () => {
  it('creates the lock with the heartbeat of its clock, refreshes it every beat, and stops beating when released', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    let clock = T0;
    let beat: (() => void) | undefined;
    let every = 0;
    let stopped = false;
    const held = lockAccount(dir, ACCOUNT, options(A, { clock: { now: () => clock, every: (ms, f) => ((every = ms), (beat = f), () => void (stopped = true)) } }));
    expect(every).toBe(HEARTBEAT_MS);
    expect(fs.statSync(lock).mtimeMs).toBe(T0);
    clock += 20_000;
    beat!();
    expect(fs.statSync(lock).mtimeMs).toBe(T0 + 20_000);
    expect(fs.statSync(lock).atimeMs).toBe(T0 + 20_000);
    expect(held.lost).toBeUndefined();
    // Another run judging it 25 s later (a fresh heartbeat, another namespace) keeps it.
    clock += 25_000;
    expect(errorOf(tryLock(dir, options(B, { pidNs: OTHER_NS, clock: { now: () => clock, every: () => () => undefined } }))).message).toContain('process 201 in another PID namespace');
    held.release();
    expect(stopped).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a run whose lock was taken over after it stalled is told at its next beat, and never touches the new lock', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    let clock = T0;
    let beat: (() => void) | undefined;
    const held = lockAccount(dir, ACCOUNT, options(1, { clock: { now: () => clock, every: (_ms, f) => ((beat = f), () => undefined) } }));
    const told: LocalStateError[] = [];
    held.onLost = (error) => told.push(error);
    // Stalled past the stale time: a run of another namespace takes it over.
    clock += STALE_MS + 1;
    const taker = lockAccount(dir, ACCOUNT, options(1, { pidNs: OTHER_NS, clock: { now: () => clock, every: () => () => undefined } }));
    const theirs = readFileSync(lock, 'utf8');
    const theirMtime = fs.statSync(lock).mtimeMs;
    clock += 1000;
    beat!();
    expect(told).toHaveLength(1);
    expect(held.lost).toBe(told[0]);
    expect(told[0]).toBeInstanceOf(LocalStateError);
    expect(told[0]!.exitCode).toBe(6);
    expect(told[0]!.message).toBe(
      `could not keep the lock ${lock}: another run took it over (this run's heartbeat stopped for more than 30 s); the run stopped sending; run the same command again when no other run is in progress`,
    );
    expect(fs.statSync(lock).mtimeMs).toBe(theirMtime);
    beat!(); // told once
    expect(told).toHaveLength(1);
    held.release(); // never removes the taker's
    expect(readFileSync(lock, 'utf8')).toBe(theirs);
    taker.release();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a beat that comes after the release does nothing', () => {
    const dir = dirIn();
    let beat: (() => void) | undefined;
    const held = lockAccount(dir, ACCOUNT, options(A, { clock: { now: () => T0, every: (_ms, f) => ((beat = f), () => undefined) } }));
    const told: unknown[] = [];
    held.onLost = (error) => told.push(error);
    held.release();
    beat!();
    expect(held.lost).toBeUndefined();
    expect(told).toEqual([]);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a lock removed under a run is lost at the next beat', () => {
    const dir = dirIn();
    let beat: (() => void) | undefined;
    const held = lockAccount(dir, ACCOUNT, options(A, { clock: { now: () => T0, every: (_ms, f) => ((beat = f), () => undefined) } }));
    fs.rmSync(accountLockFile(dir, ACCOUNT));
    beat!();
    expect(held.lost?.message).toContain('it was removed while this run held it');
  });
});

describe('run lock: file systems', () => {
  // EISDIR and EACCES are how Node for Windows reports a FAT or exFAT volume and some network shares
  // refusing CreateHardLink (ERROR_INVALID_FUNCTION, ERROR_ACCESS_DENIED).
  it('without hard links (link fails with EPERM, ENOTSUP, EOPNOTSUPP...), the lock is created in place, whole, and a second run is refused', () => {
    for (const code of ['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'EXDEV', 'ENOSYS', 'EISDIR', 'EACCES', 'EINVAL']) {
      const dir = dirIn();
      const lock = accountLockFile(dir, ACCOUNT);
      const faulty = new FaultyFs().fail('linkSync', code);
      const held = tryLock(dir, options(A, { fs: faulty.fs }));
      expect(held.held, code).toBe(true);
      expect(pidIn(lock)).toBe(A);
      expect(fs.statSync(lock).mtimeMs).toBe(T0);
      expect(readdirSync(dir)).toEqual([lock.slice(dir.length + 1)]);
      expect(errorOf(tryLock(dir, options(B, { fs: faulty.fs }))).message).toContain('(process 201, started ');
      (held as { lock: HeldLock }).lock.release();
      expect(readdirSync(dir)).toEqual([]);
    }
  });

  it('without hard links, a lock being written (empty, fresh) is refused, not taken', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    let b: Outcome | undefined;
    const faulty = new FaultyFs().fail('linkSync', 'EPERM');
    faulty.beforeWrite = (text) => {
      if (text.includes('recruitLock') && b === undefined && fs.existsSync(lock)) b = tryLock(dir, options(B));
    };
    const a = tryLock(dir, options(A, { fs: faulty.fs }));
    expect(a.held).toBe(true);
    expect(errorOf(b!).message).toMatch(/an unknown process/);
    expect(pidIn(lock)).toBe(A);
  });

  it('a lock that cannot be created (a read-only disk) is exit 6, and leaves no temporary file', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    const error = errorOf(tryLock(dir, options(A, { fs: new FaultyFs().fail('linkSync', 'EROFS').fs })));
    expect(error).toBeInstanceOf(LocalStateError);
    expect((error as LocalStateError).exitCode).toBe(6);
    expect(error.message).toContain(`could not create the lock ${lock}: the file system is read-only (EROFS)`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a full disk while writing the record in place is exit 6, and the half-written lock is removed', () => {
    const dir = dirIn();
    const faulty = new FaultyFs().fail('linkSync', 'EPERM');
    let writes = 0;
    faulty.beforeWrite = () => {
      if (++writes === 2) faulty.budget = 3; // the private copy is written whole; the lock itself, 3 bytes of it
    };
    const error = errorOf(tryLock(dir, options(A, { fs: faulty.fs })));
    expect(writes).toBeGreaterThan(2);
    expect(error).toBeInstanceOf(LocalStateError);
    expect(error.message).toContain('the disk is full (ENOSPC)');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a private copy that cannot be opened (a read-only disk) is exit 6 naming the lock', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    const error = errorOf(tryLock(dir, options(A, { fs: new FaultyFs().fail('openSync', 'EROFS').fs })));
    expect(error).toBeInstanceOf(LocalStateError);
    expect(error.message).toContain(`could not create the lock ${lock}: the file system is read-only (EROFS)`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("the private copy is written next to the lock, named after this host (made fit for a file name) and process", () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    const opened: string[] = [];
    const taken = tryLock(dir, options(A, { host: 'ci/3 x@y.z', fs: hooked((op, path) => op === 'openSync' && opened.push(path)) }));
    expect(opened).toHaveLength(1);
    expect(opened[0]!.slice(0, lock.length)).toBe(lock);
    expect(opened[0]!.slice(lock.length)).toMatch(/^\.ci_3_x@y\.z-201\.[0-9a-f]{12}\.tmp$/);
    if (taken.held) taken.lock.release();
  });

  it('a lock that cannot be read (an input/output error) is exit 6 naming it, and is left alone', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    plant(lock, record(B));
    const error = errorOf(tryLock(dir, options(A, { fs: new FaultyFs().fail('readFileSync', 'EIO', { match: (p) => p === lock }).fs })));
    expect(error).toBeInstanceOf(LocalStateError);
    expect(error.message).toContain(`could not read the lock ${lock}: an input/output error (EIO)`);
    expect(readFileSync(lock, 'utf8')).toBe(record(B));
  });

  it('a lock there at each try to create it and gone at each read is refused, never assumed taken', () => {
    const dir = dirIn();
    let links = 0;
    const s = hooked((op) => {
      if (op === 'linkSync') {
        links++;
        throw Object.assign(new Error('EEXIST: file already exists'), { code: 'EEXIST' });
      }
    });
    expect(errorOf(tryLock(dir, options(A, { fs: s }))).message).toMatch(/an unknown process/);
    expect(links).toBe(4);
    const taken = takeLock(join(dir, 'x.lock'), options(A, { fs: s }));
    expect('blocker' in taken && taken.blocker).toEqual({ content: '', mtimeMs: T0 });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('a lock that keeps coming back stale is taken over three times, then left to the user', () => {
    const dir = dirIn();
    const lock = accountLockFile(dir, ACCOUNT);
    plant(lock, record(DEAD));
    const next = [DEAD + 1, DEAD + 2, DEAD + 3];
    const s = hooked((op, path) => {
      if (op === 'linkSync' && path.endsWith('.tmp') && !fs.existsSync(lock)) {
        const pid = next.shift();
        if (pid !== undefined) plant(lock, record(pid)); // another run took it and was killed at once
      }
    });
    expect(errorOf(tryLock(dir, options(A, { fs: s }))).message).toContain('(process 103, started');
    expect(next).toEqual([]);
  });

  it('takeLock gives the lock in the way and its judge, for callers that word their own refusal', () => {
    const dir = dirIn();
    const lock = join(dir, 'x.lock');
    plant(lock, record(B));
    const taken = takeLock(lock, options(A));
    expect('blocker' in taken && taken.blocker.content).toBe(record(B));
  });
});

describe('run lock: a lost lock stops the run', () => {
  it('fails the journal, once: no further key is written (so none is sent), and the loss is the reason given', async () => {
    const dir = dirIn();
    let clock = T0;
    let beat: (() => void) | undefined;
    const held = lockAccount(dir, ACCOUNT, options(1, { clock: { now: () => clock, every: (_ms, f) => ((beat = f), () => undefined) } }));
    const journal = await Journal.open(join(dir, 'j.ndjson'), { restart: false, now: new Date(T0) }, { size: 2, id: (i) => `item-${i}` }, () => undefined);
    const told: unknown[] = [];
    journal.onFailure = (error) => told.push(error);
    stopOnLoss(held, journal);
    journal.sent([{ index: 0, id: 'item-0', key: 'k0' }]);
    clock += STALE_MS + 1;
    const taker = lockAccount(dir, ACCOUNT, options(1, { pidNs: OTHER_NS, clock: { now: () => clock, every: () => () => undefined } }));
    beat!();
    expect(told).toEqual([held.lost]);
    expect(journal.failure).toBe(held.lost);
    expect(() => journal.sent([{ index: 1, id: 'item-1', key: 'k1' }])).toThrow(/could not keep the lock .*another run took it over/);
    journal.close();
    expect(readFileSync(join(dir, 'j.ndjson'), 'utf8')).not.toContain('k1');
    taker.release();
  });

  it('a lock lost before the journal is opened fails it at once', async () => {
    const dir = dirIn();
    let beat: (() => void) | undefined;
    const held = lockAccount(dir, ACCOUNT, options(A, { clock: { now: () => T0, every: (_ms, f) => ((beat = f), () => undefined) } }));
    fs.rmSync(accountLockFile(dir, ACCOUNT));
    beat!();
    const journal = await Journal.open(join(dir, 'j.ndjson'), { restart: false, now: new Date(T0) }, { size: 1, id: () => 'item-0' }, () => undefined);
    stopOnLoss(held, journal);
    expect(journal.failure).toBe(held.lost);
    journal.close();
  });
});
