// The batch's results on a terminal: one row per item that needs attention, named by number, title
// and jobCode; items that share a cause on one line with their numbers as ranges; every line cut to
// the terminal's width. The full text stays in --json and in the piped rows.
import { describe, expect, it } from 'vitest';
import { fitTable } from '../../src/terminal/fit-table.js';
import { compactItems } from '../../src/jobs/batch/report.js';
import { SandboxStore } from '../../src/sandbox/store.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { batch, jobs, parseJson, tempFile, writeJobs } from './helpers.js';

const SEEDED_ACTIVE = new SandboxStore().activeJobCount('direct');
// Room for three more active jobs: items 0, 4 and 5 below.
const sandbox = useSandbox({ activeJobLimit: SEEDED_ACTIVE + 3 });

const width = (line: string) => [...line].length;

/** 40 jobs with job codes: item 1 names a job function that does not exist, items 2 and 3 another. */
function reportJobs(prefix: string): Record<string, unknown>[] {
  return jobs(prefix, 40).map((job, i) => ({
    ...job,
    jobCode: `RPT-${i}`,
    ...(i === 1 ? { jobFunctionId: 998 } : {}),
    ...(i === 2 || i === 3 ? { jobFunctionId: 999 } : {}),
  }));
}

describe('the batch report on a terminal', () => {
  it('lists each item that needs attention once, groups shared causes, and fits the width', async () => {
    const file = writeJobs('report.ndjson', reportJobs('Report Job'));
    const res = await batch(sandbox.current.baseUrl, file, ['--concurrency', '1'], { tty: true, columns: 90, env: { NO_COLOR: '1' } });
    expect(res.code, res.stderr).toBe(4);
    const lines = res.stdout.trimEnd().split('\n');
    for (const line of lines) expect(width(line), line).toBeLessThanOrEqual(90);

    // The jobs created first, then what needs attention.
    expect(lines[0]).toMatch(/^ITEM +JOB ID +STATUS +RESULT +TITLE$/); // no job has an approval: no APPROVAL column
    expect(lines.slice(1, 4).map((l) => l.split(/ {2,}/)[0])).toEqual(['#0', '#4', '#5']);
    expect(lines[4]).toBe('');
    expect(lines[5]).toBe('37 of 40 items need attention:');
    expect(lines[6]).toMatch(/^ITEM +TITLE +JOB CODE +RESULT +ERROR$/);
    // One item alone with its cause: a row naming it by number, title and job code, the error cut.
    expect(lines[7]).toMatch(/^#1 +Report Job 1 +RPT-1 +refused +400 The request has invalid fields: .*…$/);
    expect(width(lines[7]!)).toBe(90);
    // Two items with the same cause: one line, then their numbers.
    expect(lines[8]).toMatch(/^2 items refused: 400 The request has invalid fields: jobFunctionId .*…$/);
    expect(lines[9]).toBe('  #2, #3');
    // The item the limit refused and the 33 it left unsent share one cause: no free active-job slot.
    expect(lines[10]).toBe('34 items not created: no free active-job slot — close a job or raise the limit');
    expect(lines[11]).toBe('  #6–#39');
    expect(lines).toHaveLength(12);
    expect(res.stdout).not.toMatch(/not attempted.*not attempted/);
    expect(res.stderr).toMatch(/^40 jobs: 3 created, 4 refused, 33 not attempted \(\d+\.\d s\)$/m);
  });

  it('names the rows of a CSV file as a spreadsheet numbers them, not the items', async () => {
    expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200); // free active-job slots
    // The header is row 1; a blank row 3 is skipped, so item 1 is row 4.
    const header = 'title,description,location,jobFunctionId,employerTypeId,jobCode';
    const row = (title: string, fn: number, code: string) => `${title},${'word '.repeat(120).trim()},"Austin, TX, USA",${fn},501,${code}`;
    const rows = [row('Csv Report 0', 101, 'CR-0'), '', row('Csv Report 1', 998, 'CR-1'), row('Csv Report 2', 999, 'CR-2'), row('Csv Report 3', 999, 'CR-3')];
    for (let i = 4; i < 9; i++) rows.push(row(`Csv Report ${i}`, 999, `CR-${i}`));
    const file = tempFile('report.csv', `${header}\n${rows.join('\n')}\n`);
    const res = await batch(sandbox.current.baseUrl, file, ['--concurrency', '1'], { tty: true, columns: 90, env: { NO_COLOR: '1' } });
    expect(res.code, res.stderr).toBe(1);
    const lines = res.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ROW +JOB ID +STATUS +RESULT +TITLE$/);
    expect(lines[1]).toMatch(/^2 +\d+ +In Progress +created +Csv Report 0$/);
    expect(lines[3]).toBe('8 of 9 items need attention:');
    expect(lines[4]).toMatch(/^ROW +TITLE +JOB CODE +RESULT +ERROR$/);
    expect(lines[5]).toMatch(/^4 +Csv Report 1 +CR-1 +refused +400 /);
    expect(lines[6]).toMatch(/^7 items refused: 400 /);
    expect(lines[7]).toBe('  rows 5–11');
  });

  it('keeps the full error in --json and in the piped rows', async () => {
    const full = 'The request has invalid fields: jobFunctionId (jobFunctionId: no job function has id 998)';
    const json = await batch(sandbox.current.baseUrl, writeJobs('report-json.ndjson', [reportJobs('Json Text Job')[1]]), ['--json'], { tty: true, columns: 40 });
    expect(parseJson(json.stdout)[0].error.message).toBe(full);

    const piped = await batch(sandbox.current.baseUrl, writeJobs('report-piped.ndjson', [reportJobs('Piped Text Job')[1]]), [], { columns: 40 });
    expect(piped.stdout.trim().split('\t')[6]).toBe(`400 ${full}`);
  });
});

describe('item numbers as ranges', () => {
  it('writes runs of three or more as a range and the rest one by one', () => {
    expect(compactItems([4, 5, 6, 7])).toBe('#4–#7');
    expect(compactItems([1, 2, 4, 5, 6, 9])).toBe('#1, #2, #4–#6, #9');
    expect(compactItems([0])).toBe('#0');
    expect(compactItems([2, 3, 5, 6, 7, 9], Infinity, 'row')).toBe('rows 2, 3, 5–7, 9');
    expect(compactItems([14], Infinity, 'row')).toBe('row 14');
  });

  it('counts what does not fit the width', () => {
    const every = Array.from({ length: 100 }, (_, i) => i * 2);
    const text = compactItems(every, 30);
    expect(text).toBe('#0, #2, #4, #6, … and 96 more');
    expect(width(text)).toBeLessThanOrEqual(30);
    expect(compactItems([1, 2, 3], 3)).toBe('#1–#3'); // the first run is shown whatever the width
  });
});

describe('a table that fits the terminal', () => {
  const columns = [{ header: 'ITEM' }, { header: 'TITLE', max: 10 }, { header: 'ERROR', fit: true }];

  it('cuts long cells with an ellipsis: titles at their maximum, the last column at the width', () => {
    const lines = fitTable(columns, [['#1', 'A rather long title', 'x'.repeat(80)]], 40);
    expect(lines).toEqual(['ITEM  TITLE       ERROR\n', `#1    A rather …  ${'x'.repeat(21)}…\n`]);
    expect(width(lines[1]!.trimEnd())).toBe(40);
  });

  it('leaves a short table as it is, and never cuts the fitted column below 16 characters', () => {
    expect(fitTable(columns, [['#1', 'Short', 'ok']], 40)).toEqual(['ITEM  TITLE  ERROR\n', '#1    Short  ok\n']);
    const narrow = fitTable(columns, [['#1', 'Short', 'y'.repeat(30)]], 10);
    expect(narrow[1]).toBe(`#1    Short  ${'y'.repeat(15)}…\n`);
  });
});
