// The lock file's record (src/exactly-once/lock-record.ts): one line of JSON as a run writes it, and
// what a reader makes of it, including the locks of earlier versions.
import { describe, expect, it } from 'vitest';
import { formatRecord, parseRecord, type LockRecord } from '../../src/exactly-once/lock-record.js';

const record: LockRecord = { run: 'r1', pid: 42, pidStart: '987654', host: 'ci-3', pidNs: 'pid:[4026531836]', command: 'recruit jobs apply', what: 'a.json', started: '2030-01-01T00:00:00.000Z' };

describe('the lock record', () => {
  it('is one line of JSON, read back whole', () => {
    const line = formatRecord(record);
    expect(line).toBe('{"recruitLock":2,"run":"r1","pid":42,"pidStart":"987654","host":"ci-3","pidNs":"pid:[4026531836]","command":"recruit jobs apply","what":"a.json","started":"2030-01-01T00:00:00.000Z"}\n');
    expect(parseRecord(line)).toEqual(record);
  });

  it("a record without the process's start (written before it was recorded), or with one that is not text, is read with ''", () => {
    const { pidStart: _, ...earlier } = record;
    expect(parseRecord(JSON.stringify({ recruitLock: 2, ...earlier }))).toEqual({ ...record, pidStart: '' });
    expect(parseRecord(JSON.stringify({ recruitLock: 2, ...record, pidStart: 987654 }))).toEqual({ ...record, pidStart: '' });
  });

  it.each([
    ['another version', { ...record, recruitLock: 3 }],
    ['no run id', { recruitLock: 2, ...record, run: '' }],
    ['a pid that is no process id', { recruitLock: 2, ...record, pid: 0 }],
    ['a pid that is not an integer', { recruitLock: 2, ...record, pid: 4.2 }],
    ['a host that is not text', { recruitLock: 2, ...record, host: 1 }],
    ['a namespace that is not text', { recruitLock: 2, ...record, pidNs: null }],
    ['a command that is not text', { recruitLock: 2, ...record, command: [] }],
    ['an input that is not text', { recruitLock: 2, ...record, what: {} }],
    ['a start time that is not text', { recruitLock: 2, ...record, started: 0 }],
  ])('%s: not a record recruit wrote', (_what, value) => {
    expect(parseRecord(JSON.stringify(value))).toBeUndefined();
  });

  it('empty, cut short or not an object: none', () => {
    for (const content of ['', '{"recruitLock":2,"run":"x"', 'null', '"text"', '[]']) expect(parseRecord(content), content).toBeUndefined();
  });

  it('an earlier version\'s "<pid>@<host>" or bare pid', () => {
    expect(parseRecord('4242@ci-3\n')).toEqual({ legacy: true, pid: 4242, host: 'ci-3' });
    expect(parseRecord('4242\n')).toEqual({ legacy: true, pid: 4242, host: undefined });
  });
});
