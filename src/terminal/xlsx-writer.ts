// A table as a workbook (`--xlsx`), streamed by exceljs's streaming writer: each row is committed
// as it comes, so a list of any length is never held. The header row is bold and frozen, the
// columns sized from the header and the first rows (a streamed sheet's widths come before its
// rows), and the columns of ids and codes are text, formatted as text (`@`) so that a code typed
// into them later stays text too: `00042` stays `00042`.
//
// Text is written as text, never as a formula: a workbook cell says what it holds (its type), so
// `=1+1` or `@SUM(A1)` in a title is a string cell, shown and read back as it is, with no `'`
// added (the CSV writer's guard is for CSV, whose cells carry no type). Only a text that already
// starts as a marked one (`'=1+1`, `''x`) gets a `'` more, which the reader takes off
// (formula-mark.ts). Characters XML cannot carry are escaped as OOXML's `_xHHHH_` (xlsx-text.ts).
import { PassThrough } from 'node:stream';
import type { stream, Worksheet } from 'exceljs';
import type { CsvColumn, CsvValue } from './csv.js';
import { writeOut, type Stream } from './io.js';
import type { TableShape, TableWriter } from './table-shape.js';
import { withWorkbookMark } from './formula-mark.js';
import { escapeXlsxText } from './xlsx-text.js';

type Cell = string | number | boolean | null | { richText: Array<{ text: string }> };

/** Rows that size the columns: the first of the table. */
const SIZING_ROWS = 1000;
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
/** Bytes of the zip that may wait for the output before rows() waits too. */
const WAITING_BYTES = 4 * 1024 * 1024;

function textCell(text: string): Cell {
  // Inline rich text (`<is><r><t>`), not exceljs's plain inline form (`t="str"`), which its reader decodes twice.
  return { richText: [{ text: escapeXlsxText(withWorkbookMark(text)) }] };
}

function cellOf(value: CsvValue, asText: boolean): Cell {
  if (value === null || value === undefined) return null;
  if (asText || typeof value === 'string') return textCell(String(value));
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  return value;
}

/** How wide a value shows: its longest line, in characters. */
function widthOf(value: CsvValue): number {
  if (value === null || value === undefined) return 0;
  return Math.max(...String(value).split('\n').map((line) => [...line].length));
}

export class XlsxWriter<T> implements TableWriter<T> {
  private sheet: Worksheet | undefined;
  private readonly text: boolean[];

  private readonly pump: Promise<void>;
  /** rows() waiting for the output to take what waits in `bytes`. */
  private waiting: Array<() => void> = [];

  private constructor(
    private readonly workbook: stream.xlsx.WorkbookWriter,
    private readonly bytes: PassThrough,
    out: Stream,
    private readonly shape: TableShape<T>,
  ) {
    this.text = shape.columns.map((c) => shape.text?.has(c.header) === true);
    // The workbook's bytes go out as they are made, at the pace the output takes them.
    this.pump = (async () => {
      try {
        for await (const chunk of bytes) {
          await writeOut(out, chunk as Buffer);
          if (bytes.readableLength < WAITING_BYTES) this.release();
        }
      } finally {
        this.release();
      }
    })();
    this.pump.catch(() => undefined); // awaited in end(); a failure before that is not unhandled
  }

  static async open<T>(out: Stream, shape: TableShape<T>): Promise<XlsxWriter<T>> {
    const { default: ExcelJS } = await import('exceljs');
    const bytes = new PassThrough();
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: bytes, useStyles: true, useSharedStrings: false });
    workbook.creator = 'recruit';
    return new XlsxWriter(workbook, bytes, out, shape);
  }

  private release(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** The header is written with the first rows, which size the columns. */
  header(): Promise<void> {
    return Promise.resolve();
  }

  async rows(rows: Iterable<T>): Promise<void> {
    const list = [...rows];
    const sheet = this.sheet ?? this.begin(list.slice(0, SIZING_ROWS));
    for (const row of list) sheet.addRow(this.shape.columns.map((c, k) => cellOf(c.value(row), this.text[k]!))).commit();
    // A slow reader (a pipe) holds the next rows back, rather than the workbook piling up here.
    if (this.bytes.readableLength >= WAITING_BYTES) await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  async end(): Promise<void> {
    (this.sheet ?? this.begin([])).commit();
    await this.workbook.commit();
    await this.pump;
  }

  private begin(first: readonly T[]): Worksheet {
    const { columns } = this.shape;
    const sheet = this.workbook.addWorksheet(this.shape.sheet ?? 'Sheet1', { views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }] });
    sheet.columns = columns.map((c: CsvColumn<T>, k) => {
      const widest = Math.max(c.header.length, ...first.map((row) => widthOf(c.value(row))));
      return { width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, widest + 2)), ...(this.text[k] ? { style: { numFmt: '@' } } : {}) };
    });
    const header = sheet.addRow(columns.map((c) => textCell(c.header)));
    header.font = { bold: true };
    header.commit();
    this.sheet = sheet;
    return sheet;
  }
}
