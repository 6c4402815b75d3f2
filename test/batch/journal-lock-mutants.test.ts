// The journal lock's edges, found by mutation testing (docs/testing.md): the owner record and the
// names of its files, host names unsafe in a file name, file-system calls that fail or files that
// vanish between two calls, lock contents not written by recruit, locks that keep coming back and
// chains of dead takers. Process ids, liveness and the host are injected.
import * as fs from 'node:fs';
import { existsSync, fstatSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStateError, UsageError } from '../../src/cli/errors.js';
import type { StateFs } from '../../src/cli/state-fs.js';
import { lockJournal, type LockOptions } from '../../src/jobs/batch/journal-lock.js';
import { FaultyFs } from '../helpers/faulty-fs.js';

const HOST = 'box';
const DEAD = 100;
const A = 201;
const B = 202;
/** Our fake processes: A and B run, every other one has ended. */
const alive = (pid: number) => pid === A || pid === B;
const options = (pid: number, extra: Partial<LockOptions> = {}): LockOptions => ({ alive, pid, host: HOST, ...extra });

function journalIn(): string {
  return join(mkdtempSync(join(tmpdir(), 'recruit-lock-')), 'journal.ndjson');
}

/** Every file beside the journal. */
function leftovers(journal: string): string[] {
  return readdirSync(join(journal, '..')).sort();
}

interface Spy {
  fs: StateFs;
  /** The paths of the openSync calls, and the descriptors they returned. */
  opened: string[];
  fds: number[];
}

/** `base` (node:fs unless given), calling `before(op, path)` before and `after(op, path)` after each call. */
function spy(hooks: { before?: (op: string, path: string) => void; after?: (op: string, path: string) => void } = {}, base: StateFs = fs): Spy {
  const opened: string[] = [];
  const fds: number[] = [];
  const wrap =
    <K extends keyof StateFs>(op: K): StateFs[K] =>
    ((...args: unknown[]) => {
      hooks.before?.(op, String(args[0]));
      const result = (base[op] as (...a: unknown[]) => unknown)(...args);
      if (op === 'openSync') {
        opened.push(String(args[0]));
        fds.push(result as number);
      }
      hooks.after?.(op, String(args[0]));
      return result;
    }) as StateFs[K];
  const ops = ['openSync', 'writeSync', 'fsyncSync', 'closeSync', 'renameSync', 'rmSync', 'mkdirSync', 'linkSync', 'readFileSync', 'statSync', 'existsSync', 'readSync', 'ftruncateSync'] as const;
  return { fs: Object.fromEntries(ops.map((op) => [op, wrap(op)])) as unknown as StateFs, opened, fds };
}

function errorOf(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

/** Whether descriptor `fd` is closed. */
function closed(fd: number): boolean {
  try {
    fstatSync(fd);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EBADF';
  }
}

describe('journal lock: the owner record and the names of its files', () => {
  it('holds "<pid>@<host>", of the host given, or of this machine when none is', () => {
    const journal = journalIn();
    const release = lockJournal(journal, 'jobs.ndjson', options(A, { host: 'ci-7' }));
    expect(readFileSync(`${journal}.lock`, 'utf8')).toBe(`${A}@ci-7`);
    release();
    lockJournal(journal, 'jobs.ndjson', { alive, pid: A });
    expect(readFileSync(`${journal}.lock`, 'utf8')).toBe(`${A}@${hostname()}`);
  });

  it('writes the lock whole under a private name, "<lock>.<owner>.<random>.tmp", closes it, and leaves no temporary file', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    const s = spy();
    lockJournal(journal, 'jobs.ndjson', options(A, { fs: s.fs }));
    expect(s.opened).toHaveLength(1);
    expect(s.opened[0]!.startsWith(`${lock}.${A}@${HOST}.`)).toBe(true);
    expect(s.opened[0]!.slice(`${lock}.${A}@${HOST}.`.length)).toMatch(/^[a-z0-9]+\.tmp$/);
    expect(s.fds.every(closed)).toBe(true);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
  });

  it('makes a host name unsafe in a file name safe in the names of its files, and keeps it whole in the record', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    const host = 'rack/7 b';
    const s = spy();
    const release = lockJournal(journal, 'jobs.ndjson', options(A, { host, fs: s.fs }));
    expect(readFileSync(lock, 'utf8')).toBe(`${A}@${host}`);
    expect(s.opened[0]!.startsWith(`${lock}.${A}@rack_7_b.`)).toBe(true);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
    release();

    // A stale lock of that host is taken over under a takeover lock named after its owner, made safe:
    // while a live run holds that takeover lock, the stale lock is its to replace, not ours.
    writeFileSync(lock, `${DEAD}@${host}`);
    writeFileSync(`${lock}.takeover-${DEAD}@rack_7_b`, `${B}@${host}`);
    expect(() => lockJournal(journal, 'jobs.ndjson', options(A, { host }))).toThrow(/is in progress \(process 202\)/);
    expect(readFileSync(lock, 'utf8')).toBe(`${DEAD}@${host}`);
    fs.rmSync(`${lock}.takeover-${DEAD}@rack_7_b`);
    lockJournal(journal, 'jobs.ndjson', options(A, { host }));
    expect(readFileSync(lock, 'utf8')).toBe(`${A}@${host}`);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
  });

  it('refuses with a hint naming the lock to remove when no such run exists', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${B}@${HOST}`);
    const error = errorOf(() => lockJournal(journal, 'jobs.ndjson', options(A)));
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).message).toBe('another run of `recruit jobs create --file` for jobs.ndjson is in progress (process 202)');
    expect((error as UsageError).details).toEqual([]);
    expect((error as UsageError).hint).toBe(`wait for it to finish, or stop it; if no such run exists, remove ${lock}`);
  });
});

describe('journal lock: lock contents not written by recruit', () => {
  it.each(['pid 100', '100 old', 'x100@box', '100x@box'])('a lock holding %j is never taken over: an unknown process, left to the user', (content) => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, content);
    expect(() => lockJournal(journal, 'jobs.ndjson', options(A))).toThrow(/is in progress \(an unknown process\)$/);
    expect(readFileSync(lock, 'utf8')).toBe(content);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
  });
});

describe('journal lock: failing file-system calls', () => {
  it('a private file that cannot be made (permission denied) is exit 6 naming the lock, and nothing is left', () => {
    const journal = journalIn();
    const faulty = new FaultyFs().fail('openSync', 'EACCES');
    const error = errorOf(() => lockJournal(journal, 'jobs.ndjson', options(A, { fs: faulty.fs })));
    expect(error).toBeInstanceOf(LocalStateError);
    expect((error as LocalStateError).message).toContain(`could not create the lock ${journal}.lock: permission denied (EACCES)`);
    expect(leftovers(journal)).toEqual([]);
  });

  it('a full disk while writing the owner is exit 6, the private file closed and removed', () => {
    const journal = journalIn();
    const faulty = new FaultyFs();
    faulty.budget = 0;
    const s = spy({}, faulty.fs);
    const error = errorOf(() => lockJournal(journal, 'jobs.ndjson', options(A, { fs: s.fs })));
    expect(error).toBeInstanceOf(LocalStateError);
    expect((error as LocalStateError).message).toContain(`could not create the lock ${journal}.lock: the disk is full (ENOSPC)`);
    expect(s.fds).toHaveLength(1);
    expect(s.fds.every(closed)).toBe(true);
    expect(leftovers(journal)).toEqual([]);
  });

  it('a lock that cannot be read (an input/output error) is exit 6 naming it, and is left alone', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${B}@${HOST}`);
    const faulty = new FaultyFs().fail('readFileSync', 'EIO', { match: (path) => path === lock });
    const error = errorOf(() => lockJournal(journal, 'jobs.ndjson', options(A, { fs: faulty.fs })));
    expect(error).toBeInstanceOf(LocalStateError);
    expect((error as LocalStateError).exitCode).toBe(6);
    expect((error as LocalStateError).message).toContain(`could not read the lock ${lock}: an input/output error (EIO)`);
    expect(readFileSync(lock, 'utf8')).toBe(`${B}@${HOST}`);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
  });
});

describe('journal lock: files that vanish between two calls', () => {
  it('a lock released between the failed link and the read is taken', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${B}@${HOST}`);
    let reads = 0;
    const s = spy({
      before: (op, path) => {
        if (op === 'readFileSync' && path === lock && reads++ === 0) fs.rmSync(lock); // B ends
      },
    });
    lockJournal(journal, 'jobs.ndjson', options(A, { fs: s.fs }));
    expect(readFileSync(lock, 'utf8')).toBe(`${A}@${HOST}`);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
  });

  it('a lock there at each try to create it and gone at each read is refused, never assumed taken', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    let links = 0;
    const s = spy({
      before: (op, path) => {
        if (op === 'linkSync' && path.endsWith('.tmp')) {
          links++;
          throw Object.assign(new Error(`EEXIST: file already exists, link '${path}' -> '${lock}'`), { code: 'EEXIST' });
        }
      },
    });
    expect(() => lockJournal(journal, 'jobs.ndjson', options(A, { fs: s.fs }))).toThrow(/is in progress \(an unknown process\)/);
    expect(links).toBe(4);
    expect(leftovers(journal)).toEqual([]);
  });

  it('a stale lock or a takeover lock removed by hand during a takeover: the lock is taken all the same', () => {
    for (const removed of ['lock', 'takeover'] as const) {
      const journal = journalIn();
      const lock = `${journal}.lock`;
      const takeover = `${lock}.takeover-${DEAD}@${HOST}`;
      const target = removed === 'lock' ? lock : takeover;
      writeFileSync(lock, `${DEAD}@${HOST}`);
      let done = false;
      const s = spy({
        before: (op, path) => {
          if (op === 'rmSync' && path === target && !done) {
            done = true;
            fs.rmSync(target); // the user, as the error message of another run told them
          }
        },
      });
      lockJournal(journal, 'jobs.ndjson', options(A, { fs: s.fs }));
      expect(done, removed).toBe(true);
      expect(readFileSync(lock, 'utf8'), removed).toBe(`${A}@${HOST}`);
      expect(leftovers(journal), removed).toEqual(['journal.ndjson.lock']);
    }
  });
});

describe('journal lock: bounded takeovers', () => {
  it('a lock that keeps coming back stale is taken over three times, then left to the user', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${DEAD}@${HOST}`);
    // Each time A removes a stale lock, another run takes it and is killed at once.
    const next = [DEAD + 1, DEAD + 2, DEAD + 3];
    const s = spy({
      after: (op, path) => {
        const pid = next[0];
        if (op === 'rmSync' && path === lock && pid !== undefined) {
          next.shift();
          writeFileSync(lock, `${pid}@${HOST}`);
        }
      },
    });
    expect(() => lockJournal(journal, 'jobs.ndjson', options(A, { fs: s.fs }))).toThrow(/is in progress \(process 103\)/);
    expect(next).toEqual([]);
    expect(readFileSync(lock, 'utf8')).toBe(`${DEAD + 3}@${HOST}`);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
  });

  it('a stale lock put back twice and then gone after the third takeover is created, never assumed', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${DEAD}@${HOST}`);
    const next = [DEAD + 1, DEAD + 2];
    let removals = 0;
    const s = spy({
      after: (op, path) => {
        if (op !== 'rmSync' || path !== lock) return;
        removals++;
        const pid = next.shift();
        if (pid !== undefined) writeFileSync(lock, `${pid}@${HOST}`);
      },
    });
    const release = lockJournal(journal, 'jobs.ndjson', options(A, { fs: s.fs }));
    expect(removals).toBe(3);
    // The run holds a lock file of its own: a second run is refused while it runs.
    expect(readFileSync(lock, 'utf8')).toBe(`${A}@${HOST}`);
    release();
    expect(existsSync(lock)).toBe(false);
  });

  /** A stale lock and a chain of `n` takeover locks, each of a taker that died holding it. */
  function chain(journal: string, n: number): string[] {
    let name = `${journal}.lock`;
    const names = [name];
    writeFileSync(name, `${DEAD}@${HOST}`);
    for (let k = 1; k <= n; k++) {
      name = `${name}.takeover-${DEAD + k - 1}@${HOST}`;
      writeFileSync(name, `${DEAD + k}@${HOST}`);
      names.push(name);
    }
    return names;
  }

  it('takes over through a chain of three dead takers', () => {
    const journal = journalIn();
    chain(journal, 3);
    lockJournal(journal, 'jobs.ndjson', options(A));
    expect(readFileSync(`${journal}.lock`, 'utf8')).toBe(`${A}@${HOST}`);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
  });

  it('leaves a chain of four dead takers to the user, naming the last, and touches none of it', () => {
    const journal = journalIn();
    const names = chain(journal, 4);
    const before = names.map((name) => readFileSync(name, 'utf8'));
    expect(() => lockJournal(journal, 'jobs.ndjson', options(A))).toThrow(/is in progress \(process 104\)/);
    expect(names.map((name) => readFileSync(name, 'utf8'))).toEqual(before);
    expect(leftovers(journal)).toHaveLength(5);
  });
});
