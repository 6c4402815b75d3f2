// The lock's heartbeat against the stale limit, on fake clocks (test/helpers/clock.ts): a holder
// whose timer beats is never seen stale by a reader of another host; one that stalls is, just past
// the limit; and a heartbeat ahead of the reader's clock blocks no longer than the limit from when
// a reader first saw it (docs/decisions.md, "When a lock is stale" and "Heartbeat").
import { mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatRecord } from '../../src/exactly-once/lock-record.js';
import { AHEAD_MS, BEATS_PER_STALE, checkBeats, HEARTBEAT_MS, STALE_MS, takeLock, type HeldLock, type LockClock, type LockOptions } from '../../src/exactly-once/lock.js';
import { manualClock } from '../helpers/clock.js';

const NS = 'pid:[4026531836]';
/** Whole seconds past the real time: mtimes set through seconds read back exactly. */
const T0 = Math.ceil(Date.now() / 1000) * 1000 + 1000;
const HOUR = 3_600_000;

const lockIn = () => join(mkdtempSync(join(tmpdir(), 'recruit-beat-')), 'account.lock');

/** A run of host `host` on `clock`, whose processes all run (none of them can be seen from another host). */
const on = (host: string, clock: LockClock, extra: Partial<LockOptions> = {}): LockOptions => ({
  clock,
  host,
  pid: 7,
  pidNs: NS,
  life: () => ({ running: true, start: '' }),
  ...extra,
});

function hold(lock: string, options: LockOptions): HeldLock {
  const taken = takeLock(lock, options);
  if (!('held' in taken)) throw new Error(`expected to take ${lock}`);
  return taken.held;
}

const refused = (lock: string, options: LockOptions) => 'blocker' in takeLock(lock, options);

function plant(lock: string, content: string, mtimeMs: number): void {
  writeFileSync(lock, content);
  utimesSync(lock, mtimeMs / 1000, mtimeMs / 1000);
}

const elsewhere = formatRecord({ run: 'r1', pid: 7, pidStart: '', host: 'elsewhere', pidNs: NS, command: 'recruit jobs apply', what: 'a.json', started: '2030-01-01T00:00:00.000Z' });

describe('the heartbeat against the stale limit', () => {
  it('at least six beats fit in the stale limit: a busy event loop or a slow network file system misses some and keeps the lock', () => {
    expect(BEATS_PER_STALE).toBe(6);
    expect(STALE_MS).toBeGreaterThanOrEqual(BEATS_PER_STALE * HEARTBEAT_MS);
    expect(() => checkBeats(HEARTBEAT_MS, STALE_MS)).not.toThrow();
  });

  it('the lock refuses a heartbeat that does not fit six times in the stale limit (a 40 s heartbeat let a second run take a live lock)', () => {
    expect(() => checkBeats(40_000, STALE_MS)).toThrow("the lock's heartbeat (40000 ms) must fit 6 times in its stale limit (30000 ms)");
    expect(() => checkBeats(5_001, 30_000)).toThrow(/must fit 6 times/);
    expect(() => checkBeats(5_000, 30_000)).not.toThrow();
    expect(() => checkBeats(0, 30_000)).toThrow(/must fit/);
  });

  it("a holder whose clock's timer beats is never seen stale by a reader of another host, at any second of a simulated minute", () => {
    const lock = lockIn();
    const clock = manualClock(T0);
    const held = hold(lock, on('a', clock));
    expect(clock.timers).toBe(1);
    for (let second = 1; second <= 60; second++) {
      clock.advance(1000);
      expect(refused(lock, on('b', clock)), `at ${second} s`).toBe(true);
      expect(T0 + second * 1000 - statSync(lock).mtimeMs).toBeLessThan(HEARTBEAT_MS);
    }
    expect(held.lost).toBeUndefined();
    held.release();
    expect(clock.timers).toBe(0);
  });

  it('a holder that stalls is stale on the reader\'s clock just past the limit after its last beat, and is told it lost the lock when it beats again', () => {
    const lock = lockIn();
    const holder = manualClock(T0);
    const reader = manualClock(T0);
    const held = hold(lock, on('a', holder));
    holder.advance(3 * HEARTBEAT_MS);
    reader.advance(3 * HEARTBEAT_MS);
    // The holder stops (its clock and timers with it); the reader's time goes on.
    reader.advance(STALE_MS);
    expect(refused(lock, on('b', reader))).toBe(true);
    reader.advance(1);
    const taker = hold(lock, on('b', reader));
    holder.advance(HEARTBEAT_MS);
    expect(held.lost?.message).toContain('another run took it over');
    taker.release();
  });
});

describe('a heartbeat ahead of the reader\'s clock', () => {
  it.each([
    ['a run of another host', elsewhere],
    ['a lock recruit did not write', ''],
  ])('%s, left with an mtime an hour ahead, blocks a reader for the stale limit from when it first saw it, not until that mtime', (_what, content) => {
    const lock = lockIn();
    const reader = manualClock(T0);
    plant(lock, content, T0 + HOUR);
    expect(refused(lock, on('b', reader))).toBe(true);
    expect(statSync(lock).mtimeMs).toBe(T0); // counted as beaten when first seen
    reader.advance(STALE_MS);
    expect(refused(lock, on('b', reader))).toBe(true);
    reader.advance(1);
    expect(refused(lock, on('b', reader))).toBe(false);
  });

  it('up to AHEAD_MS ahead (a file system that rounds mtimes up to 2 s), the heartbeat is taken as it is; further ahead, it is set back to the reader\'s now', () => {
    const lock = lockIn();
    const reader = manualClock(T0);
    plant(lock, elsewhere, T0 + AHEAD_MS);
    expect(refused(lock, on('b', reader))).toBe(true);
    expect(statSync(lock).mtimeMs).toBe(T0 + AHEAD_MS);
    reader.advance(AHEAD_MS + STALE_MS);
    expect(refused(lock, on('b', reader))).toBe(true);
    reader.advance(1);
    expect(refused(lock, on('b', reader))).toBe(false);

    const ahead = lockIn();
    plant(ahead, elsewhere, T0 + AHEAD_MS + 1000);
    expect(refused(ahead, on('b', manualClock(T0)))).toBe(true);
    expect(statSync(ahead).mtimeMs).toBe(T0);
  });

  it('a holder whose clock is an hour ahead and keeps beating is never taken over by a reader that sees it ahead every time', () => {
    const lock = lockIn();
    const holder = manualClock(T0 + HOUR);
    const reader = manualClock(T0);
    const held = hold(lock, on('a', holder));
    for (let second = 1; second <= 120; second++) {
      holder.advance(1000);
      reader.advance(1000);
      expect(refused(lock, on('b', reader)), `at ${second} s`).toBe(true);
    }
    expect(held.lost).toBeUndefined();
    held.release();
  });

  it("a heartbeat ahead that cannot be set back (not writable) counts as fresh, and the lock is left as found", () => {
    const lock = lockIn();
    plant(lock, elsewhere, T0 + HOUR);
    const touch = (path: string, ms: number) => {
      if (path === lock) throw Object.assign(new Error('EPERM: operation not permitted'), { code: 'EPERM' });
      utimesSync(path, ms / 1000, ms / 1000);
    };
    expect(refused(lock, on('b', manualClock(T0 + STALE_MS), { touch }))).toBe(true);
    expect(statSync(lock).mtimeMs).toBe(T0 + HOUR);
    expect(readFileSync(lock, 'utf8')).toBe(elsewhere);
  });
});
