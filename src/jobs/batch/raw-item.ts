// One item of a batch file as read, before it is checked: its place in the file and its value.
import type { Problem } from '../job-input.js';

export interface RawItem {
  /** 0-based position among the file's items. */
  index: number;
  /** 1-based line, for NDJSON. */
  line?: number;
  /** The row as a spreadsheet numbers it (the header is row 1), for CSV. */
  row?: number;
  value?: unknown;
  /** The line (NDJSON) or the row's cells (CSV), to prove the item unchanged when it is read again. */
  text?: string;
  /** Why the item could not be read (a line that is not JSON, a broken quote). */
  error?: string;
  /** What `error` is about: `line N` unless told (a CSV column). */
  errorField?: string;
  /** Problems found while reading the item (a CSV cell that is not a number). */
  problems?: Problem[];
}
