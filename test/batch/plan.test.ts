// What a re-run does with what earlier runs left (plan.ts): unanswered items keep their original
// key; refusals other than 409 are reported again without sending; a 409 is tried again.
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/core/exit-codes.js';
import { EARLIER, type EarlierState } from '../../src/exactly-once/records.js';
import { planItems } from '../../src/jobs/batch/plan.js';
import { Results } from '../../src/jobs/batch/results.js';
import { StringArena } from '../../src/jobs/batch/string-arena.js';

function results(n: number): Results {
  const titles = new StringArena();
  for (let i = 0; i < n; i++) titles.push(`Job ${i}`);
  return new Results(titles);
}

describe('planItems', () => {
  it('re-sends the unanswered with their keys, reports 400/422 refusals again, and tries a 409 again', () => {
    const earlier: EarlierState = {
      kinds: Uint8Array.from([EARLIER.UNKNOWN, EARLIER.UNANSWERED, EARLIER.REFUSED, EARLIER.REFUSED, EARLIER.UNANSWERED, EARLIER.REFUSED]),
      keys: new Map([
        [1, 'key-1'],
        [4, 'key-4'],
      ]),
      refused: new Map([
        [2, { status: 400, code: 'validation_failed', message: 'jobFunctionId: no such id' }],
        [3, { status: 409, code: 'active_job_limit_reached', message: 'full' }],
        [5, { status: 422, code: 'idempotency_key_reused', message: 'another body' }],
      ]),
    };
    const r = results(6);
    const resend = planItems(r, earlier);
    expect([...resend]).toEqual([
      [1, 'key-1'],
      [4, 'key-4'],
    ]);
    expect([0, 1, 2, 3, 4, 5].map((i) => r.kind(i))).toEqual(['not_attempted', 'not_attempted', 'already_refused', 'not_attempted', 'not_attempted', 'already_refused']);
    expect(r.get(2).error).toEqual({ status: 400, code: 'validation_failed', message: 'refused in an earlier run: jobFunctionId: no such id' });
    expect(r.get(5).error).toMatchObject({ status: 422, message: 'refused in an earlier run: another body' });
    expect([r.exit(2), r.exit(5)]).toEqual([EXIT.API_FAILED, EXIT.API_FAILED]);
  });
});
