// The items of a CSV batch file, streamed: csv-parse reads the file as it is consumed (its stream's
// backpressure stops the file's reads while the batch waits), so 100,000 rows cost no more memory
// than 1,000. Rows are numbered as a spreadsheet shows them: the header is row 1, a blank line is
// a row too, and a cell with line breaks does not make more rows. The text comes decoded
// (terminal/text-input.ts); the separator is told from the header row unless given (delimiter.ts).
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import type { CsvError } from 'csv-parse';
import { CsvHeader, readRow } from './csv-row.js';
import { decimalMarkOf, detectDelimiter, type Delimiter } from './delimiter.js';
import { MAX_LINE_CHARS } from '../../exactly-once/lines.js';
import { canonicalText } from '../../exactly-once/canonical-json.js';
import { UsageError } from '../../core/errors.js';
import { unreadableAt, unreadableHint, unreadableWhat, type Sniff } from '../../terminal/text-input.js';
import type { RawItem } from './raw-item.js';

const BATCH = 256;

/** What a pass over the file saw besides its items. */
export interface CsvPass {
  header?: CsvHeader;
  /** Rows with an id: jobs that exist (a `jobs list --csv` row), not created. */
  existing: number;
  /** The jobCode of each of those rows that has one (canonical text) -> its row, the first of a code. */
  existingCodes?: Map<string, number>;
  /** Read those rows too, their id and the service's columns kept in the item (`jobs apply`). */
  readExisting?: boolean;
  /** The separator used: given, or told from the header row. */
  delimiter?: Delimiter;
}

/** A row of a job that exists, counted, and its code kept: a copy of the row that keeps it is refused (validate.ts). */
export function noteExisting(pass: CsvPass, code: string, row: number): void {
  pass.existing++;
  if (code === '') return;
  const codes = (pass.existingCodes ??= new Map());
  const canonical = canonicalText(code);
  if (!codes.has(canonical)) codes.set(canonical, row);
}

/**
 * The most characters one row's cells hold together, as one NDJSON line (lines.ts): a cell is at
 * most that too. csv-parse stops there, so a damaged file's endless cell costs no more memory.
 */
export const MAX_ROW_CHARS = MAX_LINE_CHARS;

/**
 * The most characters one row may take in the file, its separators and quotes counted: csv-parse
 * caps what cells hold (MAX_ROW_CHARS), not how many there are, and a row of millions of empty
 * cells (`,,,,…`) would become an array of millions of strings. Twice the cells' cap: a row of
 * full cells, each quoted with every quote doubled, still fits.
 */
export const MAX_ROW_FILE_CHARS = 2 * MAX_ROW_CHARS;

/** A row longer in the file than MAX_ROW_FILE_CHARS, told before the parser has made its cells. */
class RowTooLong extends Error {
  constructor(readonly row: number) {
    super(`row ${row} is too long`);
  }
}

/**
 * Measures each row as the text streams by, outside the parser: where a row starts (a line end
 * outside quotes; a quote toggles, so a doubled one changes nothing) and how long it is so far.
 */
class RowMeter {
  row = 1;
  private length = 0;
  private quoted = false;
  private afterCr = false;

  /** Throws RowTooLong once the current row passes the cap. */
  add(text: string): void {
    let start = 0;
    // Where a CR outside quotes just was (-1: the last character of the chunk before), so that the LF of a CRLF ends no second row.
    let cr = this.afterCr ? -1 : -2;
    for (const match of text.matchAll(/["\r\n]/g)) {
      const at = match.index;
      if (match[0] === '"') this.quoted = !this.quoted;
      if (match[0] === '"' || this.quoted) continue;
      if (match[0] === '\n' && cr === at - 1) {
        start = at + 1;
        cr = -2;
        continue;
      }
      this.check(at - start);
      this.row++;
      this.length = 0;
      start = at + 1;
      cr = match[0] === '\r' ? at : -2;
    }
    this.check(text.length - start);
    this.afterCr = cr === text.length - 1;
  }

  private check(more: number): void {
    this.length += more;
    if (this.length > MAX_ROW_FILE_CHARS) throw new RowTooLong(this.row);
  }
}

const WHY: Record<string, string> = {
  CSV_MAX_RECORD_SIZE: `the row is longer than ${MAX_ROW_CHARS.toLocaleString('en-US')} characters (1 MiB, its cells together) at this column, more than any job needs: not read (is the file damaged, or a quote not closed?)`,
  CSV_QUOTE_NOT_CLOSED: 'a quoted cell is not closed: a `"` opens it and none closes it before the end of the file',
  INVALID_OPENING_QUOTE: 'a `"` inside a cell that is not quoted: put the whole cell in quotes and double the quote (`""`)',
  CSV_INVALID_CLOSING_QUOTE: 'text after the closing quote of a cell: double a quote that belongs to the text (`""`)',
};

function parseFailure(error: CsvError, header: CsvHeader | undefined, index: number): RawItem {
  const row = (typeof error.records === 'number' ? error.records : 0) + 1;
  const column = header && typeof error.column === 'number' ? header.columns[error.column] : undefined;
  const why = WHY[error.code] ?? error.message;
  return {
    index,
    row,
    error: `not valid CSV: ${why}${typeof error.lines === 'number' ? ` (line ${error.lines} of the file)` : ''}`,
    errorField: column || '(row)',
  };
}

function headerOf(cells: string[] | undefined, display: string): CsvHeader | undefined {
  try {
    return cells && new CsvHeader(cells, display);
  } catch {
    return undefined; // the parse error is the one to tell
  }
}

/**
 * The text's chunks, the first ones held until the header row has ended (or the row cap is
 * reached): `found` is told the separator the header row uses before any chunk is handed on.
 */
async function* tellingDelimiter(chunks: AsyncIterable<string>, found: (d: Delimiter) => void): AsyncGenerator<string> {
  const held: string[] = [];
  let length = 0;
  let told = false;
  for await (const chunk of chunks) {
    if (!told) {
      held.push(chunk);
      length += chunk.length;
      if (!/[\r\n]/.test(chunk) && length <= MAX_ROW_CHARS) continue;
      found(detectDelimiter(held.join('').slice(0, MAX_ROW_CHARS)));
      told = true;
      yield* held;
      continue;
    }
    yield chunk;
  }
  if (!told) {
    found(detectDelimiter(held.join('')));
    yield* held;
  }
}

/** What cannot be read in a row's cells: the first such cell's column and what it holds, or undefined. */
function unreadableCell(cells: readonly string[], header: CsvHeader | undefined, sniff: Sniff): { column: string; why: string } | undefined {
  for (let k = 0; k < cells.length; k++) {
    const at = unreadableAt(cells[k]!);
    if (at === -1) continue;
    const column = header?.columns[k] || String(k + 1); // "row 1, column 3" where the header names none
    return { column, why: `character ${at + 1} of the cell: ${unreadableWhat(cells[k]!, at, sniff)}` };
  }
  return undefined;
}

export interface CsvReadOptions {
  /** --delimiter (or a `.tsv` name); unset, told from the header row. */
  delimiter?: Delimiter;
  /**
   * The text may hold what could not be decoded (lone surrogates: text-input.ts), the file being
   * read as this: it is handed to the parser as UTF-16, which keeps them for the row's check,
   * rather than as UTF-8, which would make them U+FFFD. Only then: UTF-16 is twice the bytes of most text.
   */
  exact?: Sniff;
}

/** The file's items in groups, in file order; `pass` learns the header and the rows skipped. */
export async function* csvItemBatches(chunks: AsyncIterable<string>, display: string, pass: CsvPass, options: CsvReadOptions = {}): AsyncGenerator<RawItem[]> {
  const { parse, CsvError } = await import('csv-parse');
  let delimiter = options.delimiter;
  const text = (delimiter ? chunks : tellingDelimiter(chunks, (d) => (delimiter = d)))[Symbol.asyncIterator]();
  // The first chunk is taken before the parser is made: it tells the separator.
  const first = await text.next();
  pass.delimiter = delimiter ?? ',';
  const encoding = options.exact ? 'utf16le' : 'utf8';
  // A parse error drops the records of its chunk that the loop has not taken yet: the header row
  // is kept aside as it is parsed, so that the error can name its column even then.
  let firstRecord: string[] | undefined;
  const parser = parse({
    delimiter: pass.delimiter,
    encoding,
    relax_column_count: true,
    // In UTF-16 a cell being read counts two bytes a character: the same cap in characters.
    max_record_size: options.exact ? 2 * MAX_ROW_CHARS : MAX_ROW_CHARS,
    skip_empty_lines: false,
    on_record: (record: string[]) => (firstRecord ??= record, record),
  });
  const pumped = pump(text, first, parser, encoding);
  const decimal = decimalMarkOf(pass.delimiter);
  let row = 0;
  let index = 0;
  let batch: RawItem[] = [];
  try {
    try {
      for await (const cells of parser as AsyncIterable<string[]>) {
        row++;
        // Only text that may hold them is searched (valid UTF-8 and Windows-1252 never do): 100,000 rows cost no more.
        const unreadable = options.exact ? unreadableCell(cells, pass.header, options.exact) : undefined;
        if (!pass.header) {
          if (unreadable) {
            throw new UsageError(`the header row of ${display} cannot be read; nothing was sent`, [{ row: 1, column: unreadable.column, message: unreadable.why }], unreadableHint(options.exact));
          }
          pass.header = new CsvHeader(cells, display, pass.delimiter);
          continue;
        }
        if (unreadable) {
          batch.push({ index, row, error: `cannot be read: ${unreadable.why}`, errorField: unreadable.column, text: JSON.stringify(cells) });
        } else {
          const read = readRow(pass.header, cells, index, pass.readExisting === true, decimal);
          if (read.kind === 'blank') continue;
          if (read.kind === 'existing') {
            noteExisting(pass, read.code, row);
            continue;
          }
          batch.push({ index, row, value: read.value, problems: read.problems, text: JSON.stringify(cells) });
        }
        index++;
        // The records parsed so far, at most BATCH: no more is read ahead than the stream holds.
        if (batch.length === BATCH || parser.readableLength === 0) {
          yield batch;
          batch = [];
        }
      }
    } catch (error) {
      if (error instanceof RowTooLong) {
        batch.push({
          index,
          row: error.row,
          error: `not valid CSV: the row is longer than ${MAX_ROW_FILE_CHARS.toLocaleString('en-US')} characters in the file (2 MiB, its separators and quotes counted), more than any job needs: not read (is the file damaged, or a quote not closed?)`,
          errorField: '(row)',
        });
        if (batch.length > 0) yield batch;
        return;
      }
      if (!(error instanceof CsvError)) throw error;
      // Nothing after a broken quote can be read: the failure is the last item, which fails the check.
      pass.header ??= headerOf(firstRecord, display);
      batch.push(parseFailure(error, pass.header, index));
    }
    if (batch.length > 0) yield batch;
  } finally {
    parser.destroy();
    await pumped;
  }
}

/**
 * Writes the text into the parser as it takes it (a full parser waits for its drain): no more is
 * read ahead than the parser holds. Stops, closing the file, when the parser is closed.
 */
async function pump(text: AsyncIterator<string>, first: IteratorResult<string>, parser: Writable, encoding: 'utf8' | 'utf16le'): Promise<void> {
  const closed = new Promise<void>((resolve) => parser.once('close', resolve));
  const meter = new RowMeter();
  try {
    for (let next = first; next.done !== true; next = await text.next()) {
      if (parser.destroyed) return;
      meter.add(next.value);
      if (!parser.write(Buffer.from(next.value, encoding))) await Promise.race([once(parser, 'drain'), closed]);
    }
    if (!parser.destroyed) parser.end();
  } catch (error) {
    parser.destroy(error as Error);
  } finally {
    await text.return?.();
  }
}
