// CSV on stdout (`--csv`): RFC 4180 (a header row, CRLF between records, a cell quoted when it
// holds a comma, a quote, a line break or spaces at either end, quotes doubled), values never cut.
// Text that a spreadsheet would run as a formula is neutralised with a leading `'` (OWASP's rule
// for CSV injection: a cell starting with = + - @, a tab or a carriage return); the batch reader
// takes that `'` off again, so a file written here reads back as it was (csv-cell.ts).
import { UsageError } from '../core/errors.js';
import { writeOut, type Output, type Stream } from './io.js';
import { sanitize } from '../core/sanitize.js';

export type CsvValue = string | number | boolean | null | undefined;

/** What OWASP lists as the start of a formula; the batch reader undoes the `'` it gets (csv-cell.ts). */
export const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One cell. A number is written as a number, never prefixed: `-5` is a value in every spreadsheet,
 * not a formula, and a `'` would turn it into text (docs/decisions.md). Text is stripped of
 * terminal controls (sanitize: the output may be a terminal) but keeps its line breaks (CRLF as LF).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = sanitize(value.includes('\r\n') ? value.replace(/\r\n/g, '\n') : value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

const CHUNK = 64 * 1024;

/** Records written in chunks of some 64 KiB, honouring the stream's backpressure; rows are not kept. */
export class CsvWriter<T> {
  private chunk = '';

  constructor(
    private readonly out: Stream,
    private readonly columns: readonly CsvColumn<T>[],
  ) {}

  async header(): Promise<void> {
    this.chunk += csvRecord(this.columns.map((c) => c.header));
    await this.flush(false);
  }

  async rows(rows: Iterable<T>): Promise<void> {
    for (const row of rows) {
      this.chunk += csvRecord(this.columns.map((c) => c.value(row)));
      if (this.chunk.length >= CHUNK) await this.flush(true);
    }
  }

  async end(): Promise<void> {
    await this.flush(true);
  }

  private async flush(always: boolean): Promise<void> {
    if (this.chunk === '' || (!always && this.chunk.length < CHUNK)) return;
    const text = this.chunk;
    this.chunk = '';
    await writeOut(this.out, text);
  }
}

/** A whole table at once: the header and every row. */
export async function writeCsv<T>(ctx: Output, columns: readonly CsvColumn<T>[], rows: Iterable<T>): Promise<void> {
  const writer = new CsvWriter(ctx.io.stdout, columns);
  await writer.header();
  await writer.rows(rows);
  await writer.end();
}

/** `--csv` asked for: a usage error beside `--json`, which is another format for the same output. */
export function wantsCsv(ctx: Output, csv: boolean | undefined): boolean {
  if (csv && ctx.globals.json) throw new UsageError('--csv and --json cannot be combined: choose one output format');
  return csv === true;
}
