import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/context/context.js';
import type { CliError } from '../../src/core/errors.js';
import { EXIT } from '../../src/core/exit-codes.js';
import { Results } from '../../src/jobs/batch/results.js';
import { StringArena } from '../../src/jobs/batch/string-arena.js';
import { batchOutcome, batchResults, markNotAttempted } from '../../src/jobs/batch/summary.js';
import { printJobResults } from '../../src/terminal/job-results.js';

/** The outcome thrown, as the command throws it (src/commands/jobs/print-run.ts). */
function finish(...args: Parameters<typeof batchOutcome>): void {
  const error = batchOutcome(...args);
  if (error) throw error;
}

function results(n: number): Results {
  const titles = new StringArena();
  for (let i = 0; i < n; i++) titles.push(`Job "${i}"\n`);
  const r = new Results(titles);
  for (let i = 0; i < n; i++) {
    if (i % 3 === 0) r.failed(i, 'refused', { code: 'validation_failed', message: 'no', status: 400 }, EXIT.API_FAILED);
    else r.created(i, 'created', { jobId: 100 + i, status: 5, statusLabel: 'In Progress', approvalStatus: null, approvalStatusLabel: null });
  }
  return r;
}

async function written(r: Results): Promise<{ text: string; writes: number }> {
  const parts: string[] = [];
  const ctx = { io: { stdout: { write: (s: string) => parts.push(s) } }, color: { stdout: false }, globals: { json: true } } as unknown as Context;
  // As `jobs create --file --json` prints them (commands/jobs/print-run.ts).
  await printJobResults(ctx, batchResults(r, undefined));
  return { text: parts.join(''), writes: parts.length };
}

describe('batch results as JSON', () => {
  it.each([0, 1, 2, 499, 500, 501, 1000, 1234])('writes %i results as one indented JSON array, in groups', async (n) => {
    const r = results(n);
    const { text, writes } = await written(r);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    const items = JSON.parse(text) as { index: number; ok: boolean; jobId: number | null; title: string }[];
    expect(items.map((i) => i.index)).toEqual([...Array(n).keys()]);
    if (n > 1) expect(items[1]).toMatchObject({ ok: true, jobId: 101, title: 'Job "1"\n' });
    expect(writes).toBe(n === 0 ? 1 : 1 + Math.ceil(n / 500));
  });
});

describe('the end of a run (finish)', () => {
  function run(kinds: ('created' | 'unknown' | 'refused' | 'not_attempted')[]): Results {
    const titles = new StringArena();
    for (let i = 0; i < kinds.length; i++) titles.push(`Job ${i}`);
    const r = new Results(titles);
    kinds.forEach((kind, i) => {
      if (kind === 'created') r.created(i, 'created', { jobId: i + 1, status: 5, statusLabel: null, approvalStatus: null, approvalStatusLabel: null });
      else if (kind === 'unknown') r.failed(i, 'unknown', { code: 'network', message: 'socket hang up', status: null }, EXIT.GAVE_UP);
      else if (kind === 'refused') r.failed(i, 'refused', { code: 'validation_failed', message: 'no', status: 400 }, EXIT.API_FAILED);
    });
    return r;
  }

  it('returns when every job is created', () => {
    expect(() => finish(run(['created', 'created']), undefined)).not.toThrow();
  });

  it('says how many were not confirmed when outcomes are unknown, in the right number', () => {
    const one = (() => {
      try {
        finish(run(['created', 'unknown']), undefined);
      } catch (error) {
        return error as CliError;
      }
      throw new Error('finish did not throw');
    })();
    expect(one).toMatchObject({ exitCode: EXIT.GAVE_UP, code: 'batch_incomplete', message: '1 of 2 jobs was not created, or not confirmed' });
    expect(one.details[0]!.message).toBe(
      '1 job got no usable answer: whether it was created is not known; a re-run sends it again with the same Idempotency-Key, so none is created twice',
    );
    let two: CliError | undefined;
    try {
      finish(run(['unknown', 'unknown', 'refused']), undefined);
    } catch (error) {
      two = error as CliError;
    }
    expect(two).toMatchObject({ exitCode: EXIT.GAVE_UP, message: '3 of 3 jobs were not created, or not confirmed' });
    expect(two!.details[0]!.message).toMatch(/^2 jobs got no usable answer: whether they were created is not known; a re-run sends them again/);
  });

  it('names what stopped the run, with the disk problem first, and exits 6 when the journal could not be written', () => {
    const r = run(['created', 'not_attempted', 'not_attempted']);
    markNotAttempted(r, 'local_state');
    let error: CliError | undefined;
    try {
      finish(r, 'local_state', new Error('could not write the batch journal /s/j.ndjson: the disk is full (ENOSPC); nothing unsaved was sent'));
    } catch (e) {
      error = e as CliError;
    }
    expect(error).toMatchObject({
      exitCode: EXIT.LOCAL_STATE,
      code: 'local_state',
      message: '2 of 3 jobs were not created; the run stopped because the batch journal could not be written',
    });
    expect(error!.details.map((d) => d.message)).toEqual(['could not write the batch journal /s/j.ndjson: the disk is full (ENOSPC); nothing unsaved was sent']);
    expect(error!.hint).toMatch(/^free space or fix the permissions of the state directory, then run the same command again/);
    expect(r.get(1).error).toMatchObject({ code: 'not_attempted', message: 'not attempted: the batch journal could not be written' });
  });

  it('exits 143 for SIGTERM and 130 for Ctrl-C, whatever else failed', () => {
    for (const [reason, exit] of [
      ['terminated', EXIT.TERMINATED],
      ['interrupted', EXIT.INTERRUPTED],
    ] as const) {
      const r = run(['refused', 'not_attempted']);
      markNotAttempted(r, reason);
      expect(() => finish(r, reason)).toThrow(expect.objectContaining({ exitCode: exit }));
    }
  });
});
