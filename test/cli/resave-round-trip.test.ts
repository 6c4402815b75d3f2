/* eslint-disable @typescript-eslint/no-explicit-any -- the plan is read as parsed JSON */
// An export re-saved by another program, then applied: nothing planned. Each re-save is made here
// as the program makes it (observed with LibreOffice 7.4 and Gnumeric 1.12; docs/guides/spreadsheets.md,
// "A round trip that changes nothing"): Gnumeric reads a CSV cell's leading `'` as its own mark
// for text and drops it, then writes the text as it is; LibreOffice keeps it as part of the text
// when it saves a CSV as a workbook, writes a workbook's text to CSV as it is (no `'` added), and
// writes a line break inside a cell as LF. Over real HTTP against the sandbox.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { withTable } from '../../src/terminal/table-format.js';
import type { Output } from '../../src/terminal/io.js';
import { Capture } from '../helpers/cli.js';
import { HOSTILE } from '../helpers/hostile-jobs.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'recruit-resave-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recruit(args: string[]): Promise<CliResult> {
  return runCli([...args, '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
}

/** The texts of the report in issue form: CRLF in a description, formula starts, a real leading `'`. */
const MORE = [
  { title: '=1+1' },
  { title: "'=1+1" },
  { title: "''=x" },
  { title: "'quoted" },
  { title: '+49 30' },
  { title: '-5' },
  { title: '@home' },
  { title: 'crlf description', description: `Line one\r\nLine two ${'word '.repeat(110)}` },
];

beforeAll(async () => {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  for (const [i, job] of [...HOSTILE, ...MORE].entries()) {
    const res = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ jobCode: `RS-${i}`, ...job }) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
});

async function planOf(path: string): Promise<any[]> {
  const res = await recruit(['jobs', 'apply', '--file', path, '--dry-run', '--json']);
  expect(res.code, res.stderr).toBe(0);
  return (JSON.parse(res.stdout) as any).actions.map((a: any) => ({ action: a.action, jobCode: a.jobCode, changes: a.changes }));
}

async function exportCells(): Promise<string[][]> {
  const res = await recruit(['jobs', 'list', '--all', '--csv']);
  expect(res.code, res.stderr).toBe(0);
  const { parse } = await import('csv-parse/sync');
  return parse(res.stdout) as string[][];
}

/** CSV as a program writes it that marks nothing: a cell quoted only when it must be. */
const plainCsv = (rows: readonly (readonly string[])[], lineBreak = '\n') =>
  rows.map((cells) => cells.map((c) => (/[,"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join(lineBreak) + lineBreak;

const ctx = { io: { stdout: new Capture(), stderr: new Capture() }, color: { stdout: false }, globals: {} } as unknown as Output;

describe('an export re-saved by another program, then applied: nothing planned', () => {
  it("Gnumeric CSV -> CSV: a cell's leading ' dropped on reading, the text written as it is", async () => {
    const rows = (await exportCells()).map((cells) => cells.map((c) => (c.startsWith("'") ? c.slice(1) : c)));
    const path = join(dir, 'gnumeric.csv');
    writeFileSync(path, plainCsv(rows));
    expect(readFileSync(path, 'utf8')).toMatch(/,'=1\+1,/); // "'=1+1", exported as "''=1+1", now with one '
    expect(await planOf(path)).toEqual([]);
  });

  it("LibreOffice CSV -> xlsx: the ' kept as part of each text cell", async () => {
    const [header, ...rows] = await exportCells();
    const path = join(dir, 'libreoffice.xlsx');
    const columns = header!.map((name, k) => ({ header: name, value: (r: readonly string[]) => (name === 'id' ? Number(r[k]) : r[k]) }));
    await withTable(ctx, { format: 'xlsx', output: path }, { columns, text: new Set(header!.filter((h) => h !== 'id')) }, (w) => w.rows(rows));
    expect(await planOf(path)).toEqual([]);
  });

  it('LibreOffice xlsx -> CSV: text written as it is (no mark), a line break inside a cell as LF', async () => {
    const { readCell } = await import('../../src/terminal/csv.js');
    const rows = (await exportCells()).map((cells) => cells.map((c) => readCell(c).replace(/\r\n?/g, '\n')));
    const path = join(dir, 'libreoffice-from-xlsx.csv');
    writeFileSync(path, plainCsv(rows));
    const text = readFileSync(path, 'utf8');
    expect(text).toMatch(/,'=1\+1,/);
    expect(text).toContain(',"=""00042""",'); // a title ="00042", which a spreadsheet shows as 00042
    expect(await planOf(path)).toEqual([]);
  });
});
