/* eslint-disable @typescript-eslint/no-explicit-any -- plans are read as parsed JSON */
// `--xlsx` over real HTTP against the sandbox: an export edited in a workbook library plans exactly
// the edit, a code `00042` survives, an untouched export of hostile texts plans nothing (property
// tested), text that looks like a formula is a string cell, and the flags that go together.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { HOSTILE_PIECES } from '../helpers/hostile-text.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'recruit-xlsx-out-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recruit(args: string[], options: { tty?: boolean } = {}): Promise<CliResult> {
  return runCli([...args, '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' }, ...options });
}

async function reset(): Promise<void> {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
}

let keys = 0;
async function create(body: Record<string, unknown>): Promise<number> {
  const res = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob(body), idempotencyKey: `xlsx-test-${process.pid}-${keys++}`, validate: false });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

async function exportTo(name: string): Promise<string> {
  const file = join(dir, name);
  const res = await recruit(['jobs', 'list', '--all', '--xlsx', '--output', file]);
  expect(res.code, res.stderr).toBe(0);
  expect(res.stdout).toBe('');
  return file;
}

async function plan(file: string): Promise<any> {
  const res = await recruit(['jobs', 'apply', '--file', file, '--dry-run', '--json']);
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout);
}

async function load(file: string): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  return book.worksheets[0]!;
}

function columnOf(sheet: ExcelJS.Worksheet, name: string): number {
  const values = sheet.getRow(1).values as unknown[];
  const k = values.findIndex((v) => (v as any)?.richText?.[0]?.text === name || v === name);
  expect(k, name).toBeGreaterThan(0);
  return k;
}

const textOf = (value: unknown) => ((value as any)?.richText ? (value as any).richText.map((r: any) => r.text).join('') : value);

beforeEach(reset);

describe('--xlsx exports', () => {
  it('an export edited in a workbook library plans exactly that edit; a code 00042 stays text and unchanged', async () => {
    await create({ jobCode: '00042', title: 'Leading Zeros' });
    await create({ jobCode: 'XL-2', title: 'Second' });
    const file = await exportTo('jobs.xlsx');
    const sheet = await load(file);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const code = columnOf(sheet, 'jobCode');
    const title = columnOf(sheet, 'title');
    const rowOf = (c: string) => sheet.getColumn(code).values.findIndex((v) => textOf(v) === c);
    const zeros = rowOf('00042');
    expect(zeros, 'the code is text, not the number 42').toBeGreaterThan(1);
    expect(sheet.getColumn(code).numFmt).toBe('@');
    expect(sheet.getColumn(title).width).toBeGreaterThan(8);

    sheet.getRow(rowOf('XL-2')).getCell(title).value = 'Second (edited in a workbook)';
    const edited = join(dir, 'edited.xlsx');
    await sheet.workbook.xlsx.writeFile(edited);

    const p = await plan(edited);
    const total = sandbox.current.store.jobs.size;
    expect(p.counts).toMatchObject({ create: 0, update: 1, close: 0, unchanged: [...sandbox.current.store.jobs.values()].filter((j) => j.account === 'direct').length - 1 });
    expect(total).toBeGreaterThan(2);
    const update = p.actions.find((a: any) => a.action === 'update');
    expect(update.jobCode).toBe('XL-2');
    expect(update.changes).toEqual([{ field: 'title', from: 'Second', to: 'Second (edited in a workbook)' }]);
  });

  it("text that a spreadsheet would take for a formula is a string cell, as it is: no formula, no added quote; a text that starts with ' and a formula start gets one more, which the reader takes off", async () => {
    const titles = ['=1+1 literal', '+SUM(A1:A3)', '-5 degrees job', '@SUM(1)', "'=1+1 apostrophe"];
    for (const [k, t] of titles.entries()) await create({ jobCode: `F-${k}`, title: t });
    const file = await exportTo('formulas.xlsx');
    const sheet = await load(file);
    const title = columnOf(sheet, 'title');
    const cells = sheet.getColumn(title).values.slice(2).map((v) => v as ExcelJS.CellValue);
    for (const t of titles.slice(0, 4)) expect(cells.map(textOf)).toContain(t);
    expect(cells.map(textOf)).toContain("''=1+1 apostrophe");
    expect(cells.some((v) => typeof v === 'object' && v !== null && 'formula' in v)).toBe(false);
    const p = await plan(file);
    expect(p.counts).toMatchObject({ create: 0, update: 0, close: 0 });
  });

  it('the round trip of an untouched export plans nothing, whatever the texts (property over hostile strings)', { timeout: 120_000 }, async () => {
    const text = fc.array(fc.constantFrom(...HOSTILE_PIECES), { minLength: 1, maxLength: 8 }).map((pieces) => pieces.join(''));
    // The service's title must hold something; the CLI trims titles (job-fields.ts), so one with space at an end is another title.
    const title = text.filter((t) => t.trim() === t && t !== '');
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(title, text), { minLength: 1, maxLength: 4 }), async (jobs) => {
        await reset();
        for (const [k, [t, q]] of jobs.entries()) await create({ jobCode: `RT-${k}`, title: t, qualifications: q });
        const p = await plan(await exportTo(`round-${run++}.xlsx`));
        expect(p.counts).toMatchObject({ create: 0, update: 0, close: 0 });
        expect(p.actions.filter((a: any) => a.action !== 'unchanged')).toEqual([]);
      }),
      { numRuns: 12 },
    );
  });

  it('lookups, job options and batch results as workbooks; ids and codes as text', async () => {
    const industries = join(dir, 'industries.xlsx');
    expect((await recruit(['lookup', 'industries', '--all', '--xlsx', '--output', industries])).code).toBe(0);
    const sheet = await load(industries);
    expect(sheet.name).toBe('industries');
    expect(textOf(sheet.getRow(2).getCell(1).value)).toBe('1');
    expect(textOf(sheet.getRow(2).getCell(2).value)).toBe('Information Technology');

    const options = join(dir, 'options.xlsx');
    expect((await recruit(['lookup', 'job-options', '--xlsx', '--output', options])).code).toBe(0);
    expect(textOf((await load(options)).getRow(1).getCell(1).value)).toBe('section');

    const batchFile = join(dir, 'batch.json');
    const { writeFileSync } = await import('node:fs');
    writeFileSync(batchFile, JSON.stringify([validJob({ title: 'Results Job', jobCode: '000123' })]));
    const results = join(dir, 'results.xlsx');
    const res = await recruit(['jobs', 'create', '--file', batchFile, '--xlsx', '--output', results]);
    expect(res.code, res.stderr).toBe(0);
    const rows = await load(results);
    const header = (rows.getRow(1).values as unknown[]).map(textOf);
    expect(header).toContain('jobCode');
    expect(textOf(rows.getRow(2).getCell(header.indexOf('jobCode')).value)).toBe('000123');
    expect(textOf(rows.getRow(2).getCell(header.indexOf('result')).value)).toBe('created');
  });

  it('refuses a terminal, two formats at once, and --output without a format; a failed export leaves no file', async () => {
    const tty = await recruit(['jobs', 'list', '--xlsx'], { tty: true });
    expect(tty.code).toBe(2);
    expect(tty.stderr).toContain('--xlsx writes a workbook, which is not for a terminal');
    expect(tty.stderr).toContain('--output jobs.xlsx');
    const both = await recruit(['jobs', 'get', '1', '--xlsx', '--csv']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('--csv and --xlsx cannot be combined');
    const bare = await recruit(['lookup', 'industries', '--output', join(dir, 'x.xlsx')]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('--output goes with --csv or --xlsx');
    const nowhere = await recruit(['jobs', 'list', '--xlsx', '--output', join(dir, 'no-such-dir', 'x.xlsx')]);
    expect(nowhere.code).toBe(2);
    expect(nowhere.stderr).toContain('--output: cannot write');
    const missing = await recruit(['jobs', 'get', '999999', '--xlsx', '--output', join(dir, 'missing.xlsx')]);
    expect(missing.code).toBe(1);
    expect(() => readFileSync(join(dir, 'missing.xlsx'))).toThrow();
  });

  it('--csv --output writes the CSV to the file', async () => {
    const file = join(dir, 'jobs.csv');
    const res = await recruit(['jobs', 'list', '--csv', '--output', file]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toMatch(/^\ufeffid,jobCode,title/); // for Excel: a BOM first
  });

  it('--output goes with --limit and the filters, and a CSV file of any command is for Excel', async () => {
    await reset();
    const limited = join(dir, 'limited.csv');
    const res = await recruit(['jobs', 'list', '--limit', '2', '--csv', '--output', limited]);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('');
    expect(res.stderr).toContain(`wrote 2 jobs to ${limited}`);
    const lines = readFileSync(limited, 'utf8').split('\r\n');
    expect(lines[0]).toMatch(/^\ufeffid,jobCode,title/);
    expect(lines.filter(Boolean)).toHaveLength(3);
    const filtered = join(dir, 'filtered.xlsx');
    expect((await recruit(['jobs', 'list', '--industry', 'Information Technology', '--xlsx', '--output', filtered])).code).toBe(0);
    expect((await load(filtered)).rowCount).toBeGreaterThan(1);

    const one = join(dir, 'one.csv');
    expect((await recruit(['jobs', 'get', '1', '--csv', '--output', one])).code).toBe(0);
    expect(readFileSync(one, 'utf8')).toMatch(/^\ufeffid,jobCode,title/);
  });

  it('jobs get --output says which file holds the job, as jobs list does (stdout holds nothing)', async () => {
    const file = join(dir, 'job-3.xlsx');
    const res = await recruit(['jobs', 'get', '3', '--xlsx', '--output', file]);
    expect(res).toMatchObject({ code: 0, stdout: '', stderr: `wrote 1 job to ${file}\n` });
    expect((await load(file)).rowCount).toBe(2);
  });
});
