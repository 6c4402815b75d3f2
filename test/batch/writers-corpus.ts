// The writers corpus (test/fixtures/writers/README.md): its manifest, the cells of a file as recruit
// reads them (through ItemSource, the reading `jobs create --file` and `jobs apply` share, with the
// rows of existing jobs kept as `jobs apply` keeps them), the differences between a workbook and its
// writer's own CSV export, and the jobs of the corpus created in a sandbox as the generator made them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { ItemSource, fileFormat } from '../../src/jobs/batch/read-items.js';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { keptCrUndone } from '../../src/terminal/kept-cr.js';
import { call } from '../helpers/sandbox.js';
import { runCli } from '../helpers/cli.js';

export const CORPUS = fileURLToPath(new URL('../fixtures/writers/', import.meta.url));

export interface CorpusFile {
  /** Its path under the corpus directory. */
  file: string;
  writer: string;
  locale?: string;
  from?: string;
  command: string;
  /** A workbook's: its writer's own CSV export of it. */
  csv?: string;
  /** A CSV file's: the workbook it is the writer's own export of. */
  ownExportOf?: string;
}

export interface Manifest {
  generated: string;
  writers: Record<string, string>;
  files: CorpusFile[];
}

export const manifestOf = (dir: string): Manifest => JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;

/** Each row's fields as read (a problem in place of the value where the cell is refused), or the whole file's refusal. */
export async function readCells(path: string): Promise<{ rows: Array<Record<string, unknown>>; refused?: string }> {
  const rows: Array<Record<string, unknown>> = [];
  try {
    const source = await ItemSource.open(path, path, fileFormat(path, undefined), { readExisting: true });
    for await (const item of source.items()) {
      const row: Record<string, unknown> = { ...(item.value as Record<string, unknown> | undefined) };
      for (const p of item.problems ?? []) row[p.field ?? '(row)'] = `refused: ${p.message}`;
      if (item.error !== undefined) row[item.errorField ?? '(row)'] = `refused: ${item.error}`;
      rows.push(row);
    }
    return { rows };
  } catch (error) {
    return { rows, refused: (error as Error).message };
  }
}

const shown = (value: unknown) => (value === undefined ? '(empty)' : JSON.stringify(value));

const DATE_TIME = /^(\d{4})[-/](\d{2})[-/](\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,3}))?Z?$/;

/**
 * A date and time as one text, however the writer's CSV shows it: a date cell is read as ISO 8601
 * (docs/guides/spreadsheets.md, "Reading a workbook"), where the writer's CSV shows the cell's own
 * format (Gnumeric's `2026/12/04 18:16:51.449`). Only the service's columns hold one here.
 */
function sameText(value: unknown): unknown {
  const date = typeof value === 'string' ? DATE_TIME.exec(value) : null;
  return date ? `${date[1]}-${date[2]}-${date[3]}T${date[4]}.${(date[5] ?? '').padEnd(3, '0')}` : value;
}

/**
 * Writers that keep the `_x000D_` of a CR in an inline string as those seven characters when they
 * read a workbook (Excel writes a CR so, and so does `--xlsx`), so their own CSV export shows it:
 * recruit reads the CR, and `jobs apply` compares the two as one (docs/decisions.md, "CR in a cell").
 */
export const KEEP_CR_ESCAPE: ReadonlySet<string> = new Set(['openpyxl/resave.xlsx', 'gnumeric/xlsx-xlsx.xlsx']);

/**
 * Every cell where the workbook, read by recruit, differs from its writer's CSV export, read by
 * recruit: `row N (code), column: workbook X, CSV Y`. With `keptCr`, a `_x000D_` before a line
 * break in the CSV is the CR it stood for: the writer kept the workbook's escape as text.
 */
export async function cellDifferences(dir: string, book: string, csv: string, options: { keptCr?: boolean } = {}): Promise<string[]> {
  const [a, b] = [await readCells(join(dir, book)), await readCells(join(dir, csv))];
  const found: string[] = [];
  if (a.refused !== undefined) found.push(`${book} refused: ${a.refused}`);
  if (b.refused !== undefined) found.push(`${csv} refused: ${b.refused}`);
  if (a.rows.length !== b.rows.length) found.push(`${a.rows.length} rows in the workbook, ${b.rows.length} in the CSV`);
  a.rows.forEach((row, k) => {
    const other = Object.fromEntries(Object.entries(b.rows[k] ?? {}).map(([c, v]) => [c, options.keptCr && typeof v === 'string' ? keptCrUndone(v) : v]));
    const code = (other.jobCode ?? row.jobCode) as string | undefined;
    for (const column of new Set([...Object.keys(row), ...Object.keys(other)])) {
      if (JSON.stringify(sameText(row[column])) === JSON.stringify(sameText(other[column]))) continue;
      found.push(`row ${k + 2} (${code}), ${column}: workbook ${shown(row[column])}, CSV ${shown(other[column])}`);
    }
  });
  return found;
}

/** The jobs of jobs.json created in the sandbox after a reset, as generate.mjs creates them (plain POSTs, text as it is); their ids those of the exports. */
export async function createCorpusJobs(sandbox: RunningSandbox): Promise<void> {
  expect((await call(sandbox, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  const jobs = JSON.parse(readFileSync(join(CORPUS, 'jobs.json'), 'utf8')) as Array<Record<string, unknown>>;
  const exported = JSON.parse(readFileSync(join(CORPUS, 'source/export.json'), 'utf8')) as Array<{ id: number; jobCode: string }>;
  for (const job of jobs) {
    const res = await call<{ id: number }>(sandbox, 'POST', '/v1/jobs', { body: job });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.id, `the id of ${String(job.jobCode)} in the committed export`).toBe(exported.find((e) => e.jobCode === job.jobCode)?.id);
  }
}

/** The changes `jobs apply --dry-run` plans for a file, each as `code: field old → new` (or its action), or the refusal. */
export async function plannedChanges(baseUrl: string, path: string): Promise<string[]> {
  const res = await runCli(['jobs', 'apply', '--file', path, '--dry-run', '--json', '--base-url', baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
  if (res.code !== 0) return [`exit ${res.code}: ${res.stderr.trim()}`];
  const plan = JSON.parse(res.stdout) as { actions: Array<{ jobCode: string; action: string; changes?: Record<string, unknown> }> };
  return plan.actions.flatMap((a) =>
    a.changes && Object.keys(a.changes).length > 0
      ? Object.entries(a.changes).map(([field, change]) => `${a.jobCode}: ${a.action} ${field} ${JSON.stringify(change)}`)
      : [`${a.jobCode}: ${a.action}`],
  );
}
