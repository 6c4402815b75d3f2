// What a table for spreadsheets is (its columns, which of them are text) and what writes one:
// shared by the CSV and workbook writers and table-format.ts, which picks between them.
import type { CsvColumn } from './csv.js';

/** What a table is written through: the header once, rows in groups, then the end. */
export interface TableWriter<T> {
  header(): Promise<void>;
  rows(rows: Iterable<T>): Promise<void>;
  end(): Promise<void>;
}

export interface TableShape<T> {
  columns: readonly CsvColumn<T>[];
  /** Columns kept as text in a workbook (ids, codes: `00042` stays `00042`); by header. */
  text?: ReadonlySet<string>;
  /** The workbook's sheet. */
  sheet?: string;
}
