import { describe, expect, it } from 'vitest';
import type { Context } from '../../src/cli/context.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { Results } from '../../src/jobs/batch/results.js';
import { StringArena } from '../../src/jobs/batch/string-arena.js';
import { writeJsonResults } from '../../src/jobs/batch/summary.js';

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

function written(r: Results): { text: string; writes: number } {
  const parts: string[] = [];
  const ctx = { io: { stdout: { write: (s: string) => parts.push(s) } } } as unknown as Context;
  writeJsonResults(ctx, r);
  return { text: parts.join(''), writes: parts.length };
}

describe('batch results as JSON', () => {
  it.each([0, 1, 2, 499, 500, 501, 1000, 1234])('writes %i results as one indented JSON array, in groups', (n) => {
    const r = results(n);
    const { text, writes } = written(r);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    const items = JSON.parse(text) as { index: number; ok: boolean; jobId: number | null; title: string }[];
    expect(items.map((i) => i.index)).toEqual([...Array(n).keys()]);
    if (n > 1) expect(items[1]).toMatchObject({ ok: true, jobId: 101, title: 'Job "1"\n' });
    expect(writes).toBe(n === 0 ? 1 : 1 + Math.ceil(n / 500));
  });
});
