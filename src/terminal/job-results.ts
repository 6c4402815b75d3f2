// The one renderer of multi-job results: a batch (`jobs create --file`), a bulk change (`jobs
// status|update <ids...>`), `jobs apply`'s plan and its changes. The features return plain values
// (what became of each item, the groups of items that share a cause, the counts and the words for
// them) and print nothing; this module prints them: a JSON array with --json, a table for
// spreadsheets with --csv or --xlsx (on stdout or to --output: table-format.ts), tab-separated rows
// in a pipe, and on a terminal a report whose every line fits the width.
import { sanitizeCell } from '../core/sanitize.js';
import { cut, displayWidth } from '../core/text-width.js';
import type { CsvColumn } from './csv.js';
import type { TableTarget } from './table-format.js';
import { fitTable, type FitColumn } from './fit-table.js';
import { writeOut, type Output, type Stream } from './io.js';
import { wrapWords } from './wrap.js';
import { JsonArrayWriter, stdoutChalk } from './output.js';

export type Cell = string | number | boolean | null | undefined;

/** How a result is coloured on a terminal: done (green), planned (cyan), refused or failed (red), uncertain (yellow), plain. */
export type Tone = 'good' | 'planned' | 'bad' | 'unsure' | 'plain';

/**
 * A text of a report: a string, or pieces of which `{ value }` shows a value of a job (a string
 * quoted, anything else as JSON), cut short on a terminal and whole elsewhere.
 */
export type Text = string | ReadonlyArray<string | { value: unknown }>;

export interface ReportColumn {
  header: string;
  /** On a terminal, at most this many columns. */
  max?: number;
  /** On a terminal, this column takes the width the others leave. */
  fit?: boolean;
  /** On a terminal, cut below its `max` too when the `fit` column alone cannot make the line fit. */
  squeeze?: boolean;
  /** The column of the result: coloured by its row's tone. */
  result?: boolean;
}

export interface ReportRow {
  cells: readonly Text[];
  tone?: Tone;
}

/** Items that share a cause, on two lines: `<label> <cause>`, then the items' numbers. */
export interface ReportGroup {
  /** "34 items not created:" */
  label: string;
  tone: Tone;
  cause: string;
  /** Item numbers (`#4–#7`), a CSV file's rows (`rows 5–11`), or job ids (`12, 14`). */
  members: { numbers: readonly number[]; as: 'items' | 'rows' | 'ids' };
}

/** A report is a list of blocks, printed one after the other. */
export type ReportBlock = { line: Text; tone?: Tone } | { table: { columns: readonly ReportColumn[]; rows: readonly ReportRow[] } } | { group: ReportGroup };

/** Every form of a multi-job result. The iterables are read once, for the one form printed. */
export interface JobResults {
  /** --json: one object per item, in order. */
  json: Iterable<unknown>;
  /** In a pipe: one row per item, in order, every column and the full error. */
  rows: Iterable<readonly Cell[]>;
  /** --csv or --xlsx: its header and rows; in a workbook, the columns kept as text (ids, codes) and the sheet's name. */
  table?: { header: readonly string[]; rows: Iterable<readonly Cell[]>; text?: ReadonlySet<string>; sheet?: string };
  /** On a terminal. */
  report: () => readonly ReportBlock[];
}

/** `items` mapped one at a time as they are read: the forms of a result are made only for the one printed. */
export function* mapped<T, U>(items: Iterable<T>, f: (item: T) => U): Generator<U> {
  for (const item of items) yield f(item);
}

const GROUP = 500;
const CHUNK = 64 * 1024;
const MAX_VALUE = 40;

/**
 * A table (CSV or a workbook) with `table` (when the result has a table form), JSON with --json,
 * tab-separated rows in a pipe, the report on a terminal.
 */
export async function printJobResults(ctx: Output, results: JobResults, { table }: { table?: TableTarget | undefined } = {}): Promise<void> {
  if (table && results.table) await writeTableRows(ctx, table, results.table);
  else if (ctx.globals.json) await writeJsonItems(ctx.io.stdout, results.json);
  else if (!ctx.io.stdout.isTTY) await writeRows(ctx.io.stdout, results.rows);
  else await printReport(ctx, results.report(), 'stdout', { colour: ctx.color.stdout });
}

/** A JSON array of the items, written a group of items at a time: a batch of 100,000 never becomes one string. */
export async function writeJsonItems(out: Stream, items: Iterable<unknown>): Promise<void> {
  const writer = new JsonArrayWriter(out);
  let group: unknown[] = [];
  for (const item of items) {
    group.push(item);
    if (group.length === GROUP) {
      await writer.add(group);
      group = [];
    }
  }
  await writer.add(group);
  await writer.end();
}

function cell(value: Cell): string {
  return value === null || value === undefined ? '' : sanitizeCell(String(value));
}

/** Tab-separated rows as printTable writes them, in large writes and without holding them all. */
async function writeRows(out: Stream, rows: Iterable<readonly Cell[]>): Promise<void> {
  let chunk = '';
  for (const row of rows) {
    chunk += `${row.map(cell).join('\t')}\n`;
    if (chunk.length > CHUNK) {
      await writeOut(out, chunk);
      chunk = '';
    }
  }
  await writeOut(out, chunk);
}

/** The table's rows handed to its writer a group at a time: a workbook's writer holds what it is given. */
async function writeTableRows(ctx: Output, target: TableTarget, table: NonNullable<JobResults['table']>): Promise<void> {
  const { withTable } = await import('./table-format.js');
  const columns: CsvColumn<readonly Cell[]>[] = table.header.map((header, i) => ({ header, value: (row) => row[i] }));
  const shape = { columns, ...(table.text ? { text: table.text } : {}), ...(table.sheet !== undefined ? { sheet: table.sheet } : {}) };
  await withTable(ctx, target, shape, async (writer) => {
    let group: Array<readonly Cell[]> = [];
    for (const row of table.rows) {
      group.push(row);
      if (group.length === GROUP) {
        await writer.rows(group);
        group = [];
      }
    }
    await writer.rows(group);
  });
}

/** A value of a job in a report: a string quoted, anything else as JSON, `(none)` for nothing; cut to `max` characters. */
function shown(value: unknown, max: number): string {
  if (value === undefined || value === null) return '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return typeof value === 'string' ? JSON.stringify(short) : short;
}

function textOf(text: Text, fits: boolean): string {
  if (typeof text === 'string') return sanitizeCell(text);
  return sanitizeCell(text.map((piece) => (typeof piece === 'string' ? piece : shown(piece.value, fits ? MAX_VALUE : Infinity))).join(''));
}

/**
 * Item numbers as ranges ("#2, #4–#36, #40"), or a CSV file's rows ("rows 2, 4–36, 40"), within
 * `width` characters; what does not fit is counted ("… and 12 more").
 */
export function compactItems(indices: readonly number[], width = Infinity, kind: 'item' | 'row' = 'item'): string {
  const mark = kind === 'item' ? '#' : '';
  const runs: string[] = [];
  const counts: number[] = [];
  for (let i = 0; i < indices.length; ) {
    let j = i;
    while (j + 1 < indices.length && indices[j + 1] === indices[j]! + 1) j++;
    const n = j - i + 1;
    if (n >= 3) {
      runs.push(`${mark}${indices[i]}–${mark}${indices[j]}`);
      counts.push(n);
    } else {
      for (let k = i; k <= j; k++) {
        runs.push(`${mark}${indices[k]}`);
        counts.push(1);
      }
    }
    i = j + 1;
  }
  if (kind === 'row') runs[0] = `${indices.length === 1 ? 'row' : 'rows'} ${runs[0]}`;
  let text = '';
  let shownCount = 0;
  for (let i = 0; i < runs.length; i++) {
    const next = text ? `${text}, ${runs[i]}` : runs[i]!;
    const rest = indices.length - shownCount - counts[i]!;
    const tail = rest > 0 && i < runs.length - 1 ? `, … and ${rest} more` : '';
    if (text && [...next].length + tail.length > width) return `${text}, … and ${indices.length - shownCount} more`;
    text = next;
    shownCount += counts[i]!;
  }
  return text;
}

/** Job ids one by one within `width`; what does not fit is counted. */
function idList(ids: readonly number[], width: number): string {
  let text = '';
  for (let i = 0; i < ids.length; i++) {
    const next = text ? `${text}, ${ids[i]}` : String(ids[i]);
    const tail = i < ids.length - 1 ? `, … and ${ids.length - i - 1} more` : '';
    if (text && next.length + tail.length > width) return `${text}, … and ${ids.length - i} more`;
    text = next;
  }
  return text;
}

function members({ numbers, as }: ReportGroup['members'], width: number): string {
  return as === 'ids' ? idList(numbers, width) : compactItems(numbers, width, as === 'rows' ? 'row' : 'item');
}

/**
 * A report on `stream`. On a terminal every line fits its width: cells, causes and values are cut
 * with an ellipsis. Anywhere else (a pipe, a file, a CI log) nothing is cut: every value is whole.
 * `colour`: result words and headers coloured (never on a stream that takes none).
 */
export async function printReport(ctx: Output, blocks: readonly ReportBlock[], stream: 'stdout' | 'stderr', { colour = false }: { colour?: boolean } = {}): Promise<void> {
  const out = ctx.io[stream];
  const fits = out.isTTY === true;
  const width = fits ? out.columns || 80 : Infinity;
  const chalk = colour ? await stdoutChalk(ctx) : undefined;
  const bold = (s: string) => (chalk ? chalk.bold(s) : s);
  const tones: Partial<Record<Tone, (s: string) => string>> = chalk ? { good: chalk.green, planned: chalk.cyan, bad: chalk.red, unsure: chalk.yellow } : {};
  const paint = (tone: Tone | undefined, s: string) => (tone && tones[tone] ? tones[tone](s) : s);

  let text = '';
  const flush = async (force = false) => {
    if (text.length < CHUNK && !force) return;
    await writeOut(out, text);
    text = '';
  };
  for (const block of blocks) {
    if ('line' in block) {
      // Broken between words where it is wider than the terminal, continued a little further in.
      const line = textOf(block.line, fits);
      const lines = fits ? wrapWords(line, width, `${/^ */.exec(line)![0]}  `) : [line];
      text += `${lines.map((l) => paint(block.tone, l)).join('\n')}\n`;
    } else if ('table' in block) {
      const { columns, rows } = block.table;
      const fitColumns: FitColumn[] = columns.map((c) => ({
        header: c.header,
        ...(fits && c.max !== undefined ? { max: c.max } : {}),
        ...(fits && c.fit ? { fit: true } : {}),
        ...(fits && c.squeeze ? { squeeze: 1 } : {}),
        ...(c.result ? { paint: (padded: string, _raw: string, row: number) => paint(rows[row]!.tone, padded) } : {}),
      }));
      for (const line of fitTable(fitColumns, rows.map((r) => r.cells.map((c) => textOf(c, fits))), width, bold)) {
        text += line;
        await flush();
      }
    } else {
      const { label, tone, cause } = block.group;
      text += `${paint(tone, label)} ${cut(sanitizeCell(cause), Math.max(16, width - displayWidth(label) - 1))}\n`;
      text += `  ${members(block.group.members, width - 2)}\n`;
    }
    await flush();
  }
  await flush(true);
}
