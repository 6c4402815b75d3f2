// CSV out (`--csv`, `--output <file>.csv`) and the one rule that reads a cell back. RFC 4180: a
// header row, CRLF between records, a cell quoted when it holds a comma, a quote, a line break or
// spaces at either end, quotes doubled, values never cut, text kept byte for byte (a CR in a cell
// stays a CR). Text that a spreadsheet would run as a formula is neutralised with a leading `'`
// (OWASP's rule for CSV injection: a cell starting with = + - @, a tab or a carriage return), and so
// is text that starts with `'` itself: `readCell` takes exactly one `'` off such a cell, so every
// string reads back as it was written (the rule is formula-mark.ts's; docs/decisions.md, "CSV: a round
// trip that changes nothing").
// Terminal escaping (sanitize) is for a terminal only: a file or a pipe is data.
import { writeOut, type Stream } from './io.js';
import { sanitize } from '../core/sanitize.js';
import { excelTextOf, FORMULA_START, withoutFormulaMark } from './formula-mark.js';

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Who reads the CSV: a terminal (controls escaped), a program (plain RFC 4180 UTF-8), or Excel
 * (`--output <file>.csv`: a BOM, and text Excel would turn into a number or a date written as
 * `="00042"`, which Excel shows as the text it is and `readCell` reads back).
 */
export type CsvFlavour = 'terminal' | 'plain' | 'excel';

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
/**
 * Text Excel takes for something else when it opens a CSV file: a number (`00042` becomes 42, a
 * long id loses digits, `1e5`, `12%`), a date or a time (`3-4`, `1/2`, `10:30`), a boolean.
 */
const EXCEL_CONVERTS = /^\s*(?:[+-]?(?:\d[\d,. ]*|\.\d+)(?:e[+-]?\d+)?%?|\d{1,4}[-/.]\d{1,2}(?:[-/.]\d{1,4})?|\d{1,2}:\d{2}(?::\d{2})?|true|false)\s*$/i;

/** The text of a cell: the neutralised or Excel-kept form as written here, undone; other text as it is. */
export function readCell(cell: string): string {
  const unmarked = withoutFormulaMark(cell);
  return unmarked !== cell ? unmarked : (excelTextOf(cell) ?? cell);
}

/**
 * One cell. A number is written as a number, never prefixed: `-5` is a value in every spreadsheet,
 * not a formula, and a `'` would turn it into text (docs/decisions.md). On a terminal, text is
 * stripped of terminal controls (sanitize) but keeps its line breaks.
 */
export function csvCell(value: CsvValue, flavour: CsvFlavour = 'plain'): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = flavour === 'terminal' ? sanitize(value) : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  else if (flavour === 'excel' && EXCEL_CONVERTS.test(text)) text = `="${text.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[], flavour: CsvFlavour = 'plain'): string {
  return `${values.map((v) => csvCell(v, flavour)).join(',')}\r\n`;
}

export interface CsvColumn<T> {
  header: string;
  value: (row: T) => CsvValue;
}

const CHUNK = 64 * 1024;

/** Records written in chunks of some 64 KiB, honouring the stream's backpressure; rows are not kept. */
export class CsvWriter<T> {
  private chunk = '';
  private readonly flavour: CsvFlavour;

  constructor(
    private readonly out: Stream,
    private readonly columns: readonly CsvColumn<T>[],
    flavour?: CsvFlavour,
  ) {
    this.flavour = flavour ?? (out.isTTY ? 'terminal' : 'plain');
  }

  async header(): Promise<void> {
    // Excel reads a file as UTF-8 only when it starts with a BOM.
    this.chunk += `${this.flavour === 'excel' ? '\ufeff' : ''}${csvRecord(this.columns.map((c) => c.header), this.flavour)}`;
    await this.flush(false);
  }

  async rows(rows: Iterable<T>): Promise<void> {
    for (const row of rows) {
      this.chunk += csvRecord(this.columns.map((c) => c.value(row)), this.flavour);
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
