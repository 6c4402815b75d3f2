// The items of a CSV batch file, streamed: csv-parse reads the file as it is consumed (its stream's
// backpressure stops the file's reads while the batch waits), so 100,000 rows cost no more memory
// than 1,000. Rows are numbered as a spreadsheet shows them: the header is row 1, a blank line is
// a row too, and a cell with line breaks does not make more rows.
import { createReadStream } from 'node:fs';
import type { CsvError } from 'csv-parse';
import { CsvHeader, readRow } from './csv-row.js';
import { MAX_LINE_CHARS } from '../../exactly-once/lines.js';
import type { RawItem } from './raw-item.js';

const BATCH = 256;

/** What a pass over the file saw besides its items. */
export interface CsvPass {
  header?: CsvHeader;
  /** Rows with an id: jobs that exist (a `jobs list --csv` row), not created. */
  existing: number;
  /** Read those rows too, their id and the service's columns kept in the item (`jobs apply`). */
  readExisting?: boolean;
}

/**
 * The most characters one row's cells hold together, as one NDJSON line (lines.ts): a cell is at
 * most that too. csv-parse stops there, so a damaged file's endless cell costs no more memory.
 */
export const MAX_ROW_CHARS = MAX_LINE_CHARS;

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

/** The file's items in groups, in file order; `pass` learns the header and the rows skipped. */
export async function* csvItemBatches(path: string, display: string, pass: CsvPass): AsyncGenerator<RawItem[]> {
  const { parse, CsvError } = await import('csv-parse');
  const input = createReadStream(path);
  // A parse error drops the records of its chunk that the loop has not taken yet: the header row
  // is kept aside as it is parsed, so that the error can name its column even then.
  let firstRecord: string[] | undefined;
  const parser = parse({
    bom: true,
    relax_column_count: true,
    max_record_size: MAX_ROW_CHARS,
    skip_empty_lines: false,
    on_record: (record: string[]) => (firstRecord ??= record, record),
  });
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  let row = 0;
  let index = 0;
  let batch: RawItem[] = [];
  try {
    try {
      for await (const cells of parser as AsyncIterable<string[]>) {
        row++;
        if (!pass.header) {
          pass.header = new CsvHeader(cells, display);
          continue;
        }
        const read = readRow(pass.header, cells, index, pass.readExisting === true);
        if (read.kind === 'blank') continue;
        if (read.kind === 'existing') {
          pass.existing++;
          continue;
        }
        batch.push({ index, row, value: read.value, problems: read.problems, text: JSON.stringify(cells) });
        index++;
        // The records parsed so far, at most BATCH: no more is read ahead than the stream holds.
        if (batch.length === BATCH || parser.readableLength === 0) {
          yield batch;
          batch = [];
        }
      }
    } catch (error) {
      if (!(error instanceof CsvError)) throw error;
      // Nothing after a broken quote can be read: the failure is the last item, which fails the check.
      pass.header ??= headerOf(firstRecord, display);
      batch.push(parseFailure(error, pass.header, index));
    }
    if (batch.length > 0) yield batch;
  } finally {
    input.destroy();
    parser.destroy();
  }
}
