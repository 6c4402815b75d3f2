// A lock whose process can be seen from here (this host and PID namespace) is judged by that
// process, never by its mtime (docs/decisions.md, "When a lock is stale"), with real processes: a
// sleeping one is live whatever the age of its heartbeat, a zombie has ended, and a process given
// the id of an ended holder is told apart by its start.
import { mkdtempSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
import { accountLockFile, lockAccount } from '../../src/exactly-once/account-lock.js';
import { formatRecord, parseRecord, type LockRecord } from '../../src/exactly-once/lock-record.js';
import type { LockOptions } from '../../src/exactly-once/lock.js';
import { pidNamespace } from '../../src/exactly-once/process-alive.js';
import { manualClock } from '../helpers/clock.js';
import { killStarted, sleeper, startOf, zombie } from '../helpers/processes.js';

const ACCOUNT = { baseUrl: 'http://127.0.0.1:1/v1', credential: 'fp' };
/** Whole seconds past the real time: mtimes set through seconds read back exactly. */
const T0 = Math.ceil(Date.now() / 1000) * 1000 + 1000;
const linux = process.platform === 'linux';

afterEach(killStarted);

/** A lock as process `pid` of this host and namespace writes it, its heartbeat `ageMs` before T0. */
function plant(pid: number, ageMs: number, extra: Partial<LockRecord> = {}): string {
  const lock = accountLockFile(mkdtempSync(join(tmpdir(), 'recruit-live-')), ACCOUNT);
  const record = { run: `run-${pid}`, pid, pidStart: startOf(pid), host: hostname(), pidNs: pidNamespace(), command: 'recruit jobs apply', what: 'a.json', started: '2030-01-01T00:00:00.000Z', ...extra };
  writeFileSync(lock, formatRecord(record));
  utimesSync(lock, (T0 - ageMs) / 1000, (T0 - ageMs) / 1000);
  return lock;
}

/** This process, on a fake clock at T0, with what this host really says of processes. */
const reader = (extra: Partial<LockOptions> = {}): LockOptions => ({ clock: manualClock(T0), command: 'recruit jobs create --file', what: 'b.json', ...extra });

function refusal(lock: string, options = reader()): UsageError | undefined {
  try {
    lockAccount(join(lock, '..'), ACCOUNT, options).release();
    return undefined;
  } catch (error) {
    if (error instanceof UsageError) return error;
    throw error;
  }
}

describe('a lock of this host and PID namespace is judged by its process', () => {
  it.each([60_000, 24 * 3_600_000])('a running holder whose heartbeat is %i ms old (a stepped clock, a suspended machine) keeps its lock', (age) => {
    const pid = sleeper();
    const lock = plant(pid, age);
    const before = readFileSync(lock, 'utf8');
    expect(refusal(lock)?.message).toBe(`another run is changing the jobs of this account: \`recruit jobs apply\` for a.json (process ${pid}, started 2030-01-01T00:00:00.000Z)`);
    expect(readFileSync(lock, 'utf8')).toBe(before);
  });

  it.skipIf(!linux)('a zombie holder (killed, not yet reaped by its parent) is taken over at once, its heartbeat fresh', async () => {
    const pid = await zombie();
    const lock = plant(pid, 0);
    expect(refusal(lock)).toBeUndefined();
  });

  it('a running process whose start is not the one recorded got the id after the holder ended: taken over at once', () => {
    const pid = sleeper();
    expect(refusal(plant(pid, 0, { pidStart: '1' }))).toBeUndefined();
  });

  it("a lock that does not record its process's start (an earlier version), or a host that cannot tell it, is judged by the process alone", () => {
    const pid = sleeper();
    const earlier = plant(pid, 60_000);
    const { pidStart: _, ...rest } = parseRecord(readFileSync(earlier, 'utf8')) as LockRecord;
    writeFileSync(earlier, `${JSON.stringify({ recruitLock: 2, ...rest })}\n`);
    utimesSync(earlier, (T0 - 60_000) / 1000, (T0 - 60_000) / 1000);
    expect(refusal(earlier)).toBeInstanceOf(UsageError);
    expect(refusal(plant(pid, 60_000, { pidStart: '' }))).toBeInstanceOf(UsageError);
    expect(refusal(plant(pid, 60_000, { pidStart: '1' }), reader({ life: () => ({ running: true, start: '' }) }))).toBeInstanceOf(UsageError);
  });

  it('a run records its own process and start in its lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-live-'));
    const held = lockAccount(dir, ACCOUNT, reader());
    const record = parseRecord(readFileSync(accountLockFile(dir, ACCOUNT), 'utf8')) as LockRecord;
    expect(record).toMatchObject({ pid: process.pid, pidStart: startOf(process.pid), host: hostname(), pidNs: pidNamespace() });
    if (linux) expect(record.pidStart).toMatch(/^\d+$/);
    held.release();
  });
});
