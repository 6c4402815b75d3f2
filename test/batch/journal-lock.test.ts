// The journal lock under every interleaving of two runs that find the same stale lock (issue 12,
// item 2): a second run is let in between any two file-system calls of the first, and exactly one
// of them ends up holding the lock. Process ids, liveness and the host are injected.
import * as fs from 'node:fs';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStateError, UsageError } from '../../src/cli/errors.js';
import type { StateFs } from '../../src/cli/state-fs.js';
import { lockJournal, type LockOptions } from '../../src/jobs/batch/journal-lock.js';
import { FaultyFs } from '../helpers/faulty-fs.js';

const HOST = hostname();
const DEAD = 100;
const A = 201;
const B = 202;
/** The host as lock names carry it. */
const SAFE_HOST = HOST.replace(/[^\w.@-]/g, '_');
/** Our fake processes: the stale owner (and its dead takers) have ended, A and B run. */
const alive = (pid: number) => pid === A || pid === B;

function journalIn(): string {
  return join(mkdtempSync(join(tmpdir(), 'recruit-lock-')), 'journal.ndjson');
}

const options = (pid: number, extra: Partial<LockOptions> = {}): LockOptions => ({ alive, pid, host: HOST, ...extra });

/** node:fs, calling `before(op, path)` first on every call. */
function hooked(before: (op: string, path: string) => void): StateFs {
  const wrap =
    <F extends (...args: never[]) => unknown>(op: string, f: F): F =>
    ((...args: Parameters<F>) => {
      before(op, String(args[0]));
      return f(...args);
    }) as F;
  return {
    openSync: wrap('openSync', fs.openSync),
    writeSync: wrap('writeSync', fs.writeSync),
    fsyncSync: wrap('fsyncSync', fs.fsyncSync),
    closeSync: wrap('closeSync', fs.closeSync),
    renameSync: wrap('renameSync', fs.renameSync),
    rmSync: wrap('rmSync', fs.rmSync),
    mkdirSync: wrap('mkdirSync', fs.mkdirSync),
    linkSync: wrap('linkSync', fs.linkSync),
    readFileSync: wrap('readFileSync', fs.readFileSync),
    statSync: wrap('statSync', fs.statSync),
    existsSync: wrap('existsSync', fs.existsSync),
    readSync: wrap('readSync', fs.readSync),
    ftruncateSync: wrap('ftruncateSync', fs.ftruncateSync),
  };
}

type Outcome = { held: true; release: () => void } | { held: false; error: unknown };

function tryLock(journal: string, opts: LockOptions): Outcome {
  try {
    return { held: true, release: lockJournal(journal, 'jobs.ndjson', opts) };
  } catch (error) {
    return { held: false, error };
  }
}

/** What is left beside the journal: the lock and nothing else (no takeover lock, no temporary file). */
function leftovers(journal: string): string[] {
  const dir = join(journal, '..');
  return readdirSync(dir).sort();
}

describe('journal lock: two runs taking over the same stale lock', () => {
  // The calls A makes taking over a stale lock alone: B is let in before each of them in turn.
  const calls: string[] = [];
  {
    const journal = journalIn();
    writeFileSync(`${journal}.lock`, `${DEAD}@${HOST}`);
    // Named without what changes from run to run (the temporary names' random part, descriptors).
    const name = (op: string, path: string) => `${op} ${path.replace(journal, 'J').replace(/\.\w+\.tmp$/, '.*.tmp').replace(/^\d+$/, 'fd')}`;
    const alone = tryLock(journal, options(A, { fs: hooked((op, path) => calls.push(name(op, path))) }));
    if (!alone.held) throw alone.error as Error;
  }

  it('takes a stale lock over in a sequence of file-system calls', () => {
    // It holds the takeover lock named after the dead owner while it removes the stale lock.
    const takeover = calls.findIndex((c) => c.startsWith(`openSync J.lock.takeover-${DEAD}@${SAFE_HOST}.`));
    expect(takeover).toBeGreaterThan(0);
    expect(calls.indexOf('rmSync J.lock')).toBeGreaterThan(takeover);
    expect(calls.indexOf(`rmSync J.lock.takeover-${DEAD}@${SAFE_HOST}`)).toBeGreaterThan(calls.indexOf('rmSync J.lock'));
  });

  it.each(calls.map((call, k) => [k, call] as const))('B comes in before call %i of A (%s): exactly one holds the lock', (k) => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${DEAD}@${HOST}`);
    let n = 0;
    let b: Outcome | undefined;
    const a = tryLock(
      journal,
      options(A, {
        fs: hooked(() => {
          if (n++ === k) b = tryLock(journal, options(B));
        }),
      }),
    );
    expect(b).toBeDefined();
    const outcomes = [a, b!];
    const holders = outcomes.filter((o) => o.held);
    expect(holders, `A: ${a.held ? 'held' : String((a as { error: unknown }).error)}; B: ${b!.held ? 'held' : String((b as { error: unknown }).error)}`).toHaveLength(1);
    const winner = a.held ? A : B;
    expect(readFileSync(lock, 'utf8')).toBe(`${winner}@${HOST}`);
    // The other was told who holds it.
    const loser = outcomes.find((o) => !o.held) as { error: unknown };
    expect(loser.error).toBeInstanceOf(UsageError);
    expect((loser.error as UsageError).message).toMatch(/another run of `recruit jobs create --file` for jobs.ndjson is in progress \(process 20[12]\)/);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
  });
});

describe('journal lock', () => {
  it('takes over a lock whose taker died while holding the takeover lock (and one whose taker died in turn)', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${DEAD}@${HOST}`);
    writeFileSync(`${lock}.takeover-${DEAD}@${SAFE_HOST}`, `150@${HOST}`);
    writeFileSync(`${lock}.takeover-${DEAD}@${SAFE_HOST}.takeover-150@${SAFE_HOST}`, `160@${HOST}`);
    const release = lockJournal(journal, 'jobs.ndjson', options(A));
    expect(readFileSync(lock, 'utf8')).toBe(`${A}@${HOST}`);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
    release();
    expect(leftovers(journal)).toEqual([]);
  });

  it('refuses while the owner runs, naming its process, and leaves its lock alone', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${B}@${HOST}`);
    expect(() => lockJournal(journal, 'jobs.ndjson', options(A))).toThrow(UsageError);
    expect(() => lockJournal(journal, 'jobs.ndjson', options(A))).toThrow(/is in progress \(process 202\)/);
    expect(readFileSync(lock, 'utf8')).toBe(`${B}@${HOST}`);
    expect(leftovers(journal)).toEqual(['journal.ndjson.lock']);
  });

  it('never takes over a lock of another host, whose processes it cannot see', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${DEAD}@elsewhere`);
    const error = tryLock(journal, options(A, { alive: () => false }));
    expect(error.held).toBe(false);
    expect(String((error as { error: unknown }).error)).toMatch(/is in progress \(process 100 on elsewhere\)/);
    expect(readFileSync(lock, 'utf8')).toBe(`${DEAD}@elsewhere`);
  });

  it('takes over the lock of an earlier version (a bare process id) when that process has ended, not while it runs', () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    writeFileSync(lock, `${B}\n`);
    expect(() => lockJournal(journal, 'jobs.ndjson', options(A))).toThrow(/is in progress \(process 202\)/);
    writeFileSync(lock, `${DEAD}\n`);
    lockJournal(journal, 'jobs.ndjson', options(A));
    expect(readFileSync(lock, 'utf8')).toBe(`${A}@${HOST}`);
  });

  it("a lock naming this process's own id is an earlier process's (a restarted container): taken over", () => {
    const journal = journalIn();
    writeFileSync(`${journal}.lock`, `${A}@${HOST}`);
    lockJournal(journal, 'jobs.ndjson', options(A, { alive: () => true }));
    expect(readFileSync(`${journal}.lock`, 'utf8')).toBe(`${A}@${HOST}`);
  });

  it("release never removes another run's lock", () => {
    const journal = journalIn();
    const lock = `${journal}.lock`;
    const release = lockJournal(journal, 'jobs.ndjson', options(A));
    // Someone removed the lock and another run took it meanwhile.
    writeFileSync(lock, `${B}@${HOST}`);
    release();
    expect(readFileSync(lock, 'utf8')).toBe(`${B}@${HOST}`);
    fs.rmSync(lock);
    release(); // gone: nothing to do, no error
    expect(leftovers(journal)).toEqual([]);
  });

  it('a lock that cannot be created (a read-only disk) is exit 6, and leaves no temporary file', () => {
    const journal = journalIn();
    const faulty = new FaultyFs().fail('linkSync', 'EROFS');
    const outcome = tryLock(journal, options(A, { fs: faulty.fs }));
    expect(outcome.held).toBe(false);
    const error = (outcome as { error: unknown }).error;
    expect(error).toBeInstanceOf(LocalStateError);
    expect((error as LocalStateError).exitCode).toBe(6);
    expect((error as LocalStateError).message).toContain(`could not create the lock ${journal}.lock: the file system is read-only (EROFS)`);
    expect(leftovers(journal)).toEqual([]);
  });
});
