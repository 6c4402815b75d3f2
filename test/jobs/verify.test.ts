// The checks of a change against the account as it is now, one by one (src/exactly-once/verify.ts,
// src/exactly-once/created-ids.ts, src/commands/jobs/update-contradictions.ts).
import { describe, expect, it } from 'vitest';
import type { Job } from '../../src/api/types.js';
import { compareJobs } from '../../src/commands/jobs/update-report.js';
import { contradictedFields } from '../../src/commands/jobs/update-contradictions.js';
import { CreatedIds, takenIdError } from '../../src/exactly-once/created-ids.js';
import { changedSince, replayDiffers } from '../../src/exactly-once/verify.js';

const job = (extra: Record<string, unknown> = {}): Job => ({ id: 1, status: 5, title: 'A', publishToFreeJobBoards: false, ...extra }) as Job;

describe('changedSince', () => {
  it('names the fields of the body and the status that differ, whatever the updatedAt', () => {
    expect(changedSince(job(), job({ publishToFreeJobBoards: true }), { title: 'B', publishToFreeJobBoards: false })).toEqual(['publishToFreeJobBoards']);
    expect(changedSince(job(), job({ status: 1 }), { title: 'B' })).toEqual(['status']);
    expect(changedSince(job({ updatedAt: 'x' }), job({ updatedAt: 'x', title: 'C' }), { title: 'B' })).toEqual(['title']);
  });

  it('a field that appeared or vanished is a change; values compared deeply', () => {
    expect(changedSince(job(), job({ skills: ['a'] }), { skills: ['a'] })).toEqual(['skills']);
    expect(changedSince(job({ skills: ['a', 'b'] }), job({ skills: ['a', 'b'] }), { skills: ['c'] })).toEqual([]);
  });

  it('only another updatedAt: changed, when both reads carry one', () => {
    expect(changedSince(job({ updatedAt: 'x' }), job({ updatedAt: 'y', description: 'new' }), { title: 'B' })).toEqual(['updatedAt (now y)']);
    expect(changedSince(job({ updatedAt: 'x' }), job({ updatedAt: 'x' }), { title: 'B' })).toEqual([]);
    expect(changedSince(job(), job({ updatedAt: 'y' }), { title: 'B' })).toEqual([]);
    expect(changedSince(job({ updatedAt: 'x' }), job(), { title: 'B' })).toEqual([]);
  });
});

describe('replayDiffers', () => {
  it('names the fields of the body whose value now is not the replayed one', () => {
    expect(replayDiffers({ status: 1 }, job({ status: 1 }), job({ status: 5 }))).toEqual(['status']);
    expect(replayDiffers({ status: 1 }, job({ status: 1 }), job({ status: 1, title: 'other' }))).toEqual([]);
  });
});

describe('contradictedFields', () => {
  const check = (before: Job, after: Job, sent: Record<string, unknown>) => contradictedFields(compareJobs(before, after, sent, Object.keys(sent)));

  it('a boolean or an integer answered with another value that is not the old one', () => {
    expect(check(job({ experience: 2 }), job({ experience: 9 }), { experience: 6 })).toBe('sent experience 6, the answer says 9');
    expect(check(job({ a: 1, b: 2 }), job({ a: 3, b: 4 }), { a: 5, b: 6 })).toBe('sent a 5, the answer says 3; sent b 6, the answer says 4');
  });

  it('not: the value sent, the old value kept (ignored), a string or a fraction normalised, another type', () => {
    expect(check(job({ experience: 2 }), job({ experience: 6 }), { experience: 6 })).toBeUndefined();
    expect(check(job({ experience: 2 }), job({ experience: 2 }), { experience: 6 })).toBeUndefined();
    expect(check(job(), job({ title: 'B' }), { title: ' b ' })).toBeUndefined();
    expect(check(job({ salaryMin: 1 }), job({ salaryMin: 50_000 }), { salaryMin: 49_999.5 })).toBeUndefined();
    expect(check(job({ salaryMin: 1 }), job({ salaryMin: 49_999.5 }), { salaryMin: 50_000 })).toBeUndefined();
    expect(check(job({ experience: 2 }), job({ experience: '6' }), { experience: 6 })).toBeUndefined();
  });
});

describe('CreatedIds', () => {
  it('the first owner of an id keeps it; another owner is told who had it; the same owner again is no clash', () => {
    const ids = new CreatedIds();
    expect(ids.claim(7, 'item 0')).toBeUndefined();
    expect(ids.claim(7, 'item 0')).toBeUndefined();
    expect(ids.claim(7, 'item 2')).toBe('item 0');
    expect(ids.claim(8, 'item 2')).toBeUndefined();
  });

  it('the error names the id and who got it, with an unknown outcome', () => {
    const error = takenIdError(7, 'item 0');
    expect(error.kind).toBe('contradicting_answer');
    expect(error.outcomeUnknown).toBe(true);
    expect(error.neverSent).toBe(false);
    expect(error.message).toBe('POST /jobs failed: the answer names job 7, which item 0 of this run already got; whether this item was created is not known');
  });
});
