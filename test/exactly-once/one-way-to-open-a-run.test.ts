// openRun (src/exactly-once/run.ts), the one way a batch, a bulk change and an apply open their
// run: the account locked before anything else, the journal opened once the items are known, a
// damaged journal noted once, a lost lock stopping the journal, and close() releasing the lock
// whether or not a journal was opened.
import { appendFileSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalStateError, UsageError } from '../../src/core/errors.js';
import { nodeFs, type StateFs } from '../../src/core/state-fs.js';
import { HEARTBEAT_MS } from '../../src/exactly-once/lock.js';
import { openRun, type RunDeps } from '../../src/exactly-once/run.js';
import { manualClock, type ManualClock } from '../helpers/clock.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function deps(): RunDeps & { notes: string[]; journals: string; clock: ManualClock } {
  const state = mkdtempSync(join(tmpdir(), 'recruit-open-run-'));
  dirs.push(state);
  const notes: string[] = [];
  const clock = manualClock(Date.parse('2026-11-22T00:00:00Z'));
  return {
    env: { RECRUIT_STATE_DIR: state },
    journals: join(state, 'journals'),
    notes,
    clock,
    now: () => new Date(clock.now()),
    info: (text) => notes.push(text),
    newKey: () => 'generation-1',
  };
}

const account = { baseUrl: 'https://api.example.test', credential: 'fingerprint-1' };
const spec = { account, input: '/data/jobs.json', command: 'recruit jobs create --file', what: 'jobs.json' };
const items = { size: 2, id: (i: number) => `item-${i}` };

describe('openRun', () => {
  it('a journal directory that cannot be made stops the run before anything is sent, naming it', () => {
    const d = deps();
    const fs = { ...nodeFs, mkdirSync: () => { throw Object.assign(new Error('read-only file system'), { code: 'EROFS' }); } } as StateFs;
    let error: unknown;
    try {
      openRun(d, { ...spec, fs });
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(LocalStateError);
    expect((error as LocalStateError).message).toBe(`could not create the journal directory ${d.journals}: the file system is read-only (EROFS); nothing was sent`);
  });

  it('makes the journal directory and locks the account: a second run of the account is refused, naming the first, until the first closes', () => {
    const d = deps();
    const first = openRun(d, spec);
    expect(first.dir).toBe(d.journals);
    expect(readdirSync(d.journals).filter((n) => n.endsWith('.lock'))).toHaveLength(1);
    let refusal: unknown;
    try {
      openRun(d, { ...spec, input: '/elsewhere/other.json', command: 'recruit jobs apply', what: 'other.json' });
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(UsageError);
    expect((refusal as UsageError).message).toContain('`recruit jobs create --file` for jobs.json');
    first.close(); // no journal was opened: the lock is released all the same
    expect(readdirSync(d.journals).filter((n) => n.endsWith('.lock'))).toEqual([]);
    openRun(d, spec).close();
  });

  it("locks with the run's clock: the lock's mtime is its time, its timer beats, and close() stops the beats", () => {
    const d = deps();
    const run = openRun(d, spec);
    const lock = join(d.journals, readdirSync(d.journals).find((n) => n.endsWith('.lock'))!);
    expect(statSync(lock).mtimeMs).toBe(Date.parse('2026-11-22T00:00:00Z'));
    expect(d.clock.timers).toBe(1);
    d.clock.advance(HEARTBEAT_MS - 1);
    expect(statSync(lock).mtimeMs).toBe(Date.parse('2026-11-22T00:00:00Z'));
    d.clock.advance(1);
    expect(statSync(lock).mtimeMs).toBe(Date.parse('2026-11-22T00:00:00Z') + HEARTBEAT_MS);
    run.close();
    expect(d.clock.timers).toBe(0);
  });

  it('opens the journal of the items with what earlier runs wrote, and close() closes it and releases the lock', async () => {
    const d = deps();
    const run = openRun(d, spec);
    const journal = await run.openJournal({ items });
    expect(run.journal).toBe(journal);
    expect(journal.fresh).toBe(true);
    journal.sent([{ index: 1, id: 'item-1', key: 'key-1' }]);
    run.close();
    expect(readdirSync(d.journals).filter((n) => n.endsWith('.lock'))).toEqual([]);

    const again = openRun(d, spec);
    const created: [number, unknown][] = [];
    const reopened = await again.openJournal({ items, onCreated: (index, record) => created.push([index, record]) });
    expect(reopened.fresh).toBe(false);
    expect(reopened.earlier.keys.get(1)).toBe('key-1');
    expect(created).toEqual([]);
    again.close();
    expect(d.notes).toEqual([]);
  });

  it('with restart: sets the old journal aside and starts a new generation of derived keys', async () => {
    const d = deps();
    const run = openRun(d, spec);
    (await run.openJournal({ items })).sent([{ index: 0, id: 'item-0', key: 'key-0' }]);
    run.close();
    const restarted = openRun(d, spec);
    const journal = await restarted.openJournal({ items, restart: true });
    expect(journal.earlier.generation).toBe('generation-1');
    expect(journal.earlier.keys.size).toBe(0);
    restarted.close();
    expect(readdirSync(d.journals).filter((n) => n.includes('.replaced-'))).toHaveLength(1);
  });

  it('notes a damaged journal once, naming it and the number of damaged lines', async () => {
    const d = deps();
    const run = openRun(d, spec);
    run.close();
    appendFileSync(run.file, `${'x'.repeat(1024 * 1024 + 10)}\n`);
    const again = openRun(d, spec);
    await again.openJournal({ items });
    again.close();
    expect(d.notes).toEqual([
      `note: the journal ${run.file} has 1 damaged line (longer than any line it writes, as a power loss can leave); it was skipped, the rest of the journal is used`,
    ]);
  });

  it('a lock lost while the run holds it fails the journal: no further key is written', async () => {
    const d = deps();
    const run = openRun(d, spec);
    const journal = await run.openJournal({ items });
    const failures: LocalStateError[] = [];
    journal.onFailure = (error) => failures.push(error);
    const lock = readdirSync(d.journals).find((n) => n.endsWith('.lock'))!;
    rmSync(join(d.journals, lock));
    // The next heartbeat finds the lock gone; driven here rather than waited for.
    run.lock.beat();
    expect(failures).toHaveLength(1);
    expect(failures[0]!.message).toContain('it was removed while this run held it');
    expect(() => journal.sent([{ index: 0, id: 'item-0', key: 'key-0' }])).toThrow(LocalStateError);
    run.close();
    expect(existsSync(join(d.journals, lock))).toBe(false);
  });
});
