// The items of a workbook (.xlsx) batch file: its first visible sheet (or the one --sheet names;
// xlsx-visibility.ts), read as a CSV file is: the first row that holds anything names the columns,
// each later row is a job, and rows are numbered as the spreadsheet numbers them. The workbook is
// checked against its caps first (xlsx-zip.ts); then its structure, shared strings and styles are
// read, and the sheet streams row by row (xlsx-sheet-rows.ts) into batches, so that memory stays
// flat in the number of rows.
import { UsageError } from '../../core/errors.js';
import { CsvHeader, readRow, REQUIRED_COLUMNS } from './csv-row.js';
import type { CsvPass } from './csv-items.js';
import { MAX_ROW_CHARS, noteExisting } from './csv-items.js';
import type { RawItem } from './raw-item.js';
import { readBook, type Book } from './xlsx-book.js';
import { cellText, type CellContext } from './xlsx-cell.js';
import { MergedAreas } from './xlsx-merges.js';
import { readSharedStrings } from './xlsx-shared-strings.js';
import { sheetRows, type SheetRow } from './xlsx-sheet-rows.js';
import { readStyles } from './xlsx-styles.js';
import { chooseSheet, HiddenCells } from './xlsx-visibility.js';
import { checkWorkbook } from './xlsx-zip.js';
import type { Problem } from '../job-input.js';

// Smaller than CSV's 256: a workbook row costs the XML parser more short-lived objects, and a batch
// that waits to be sent outlives young-generation collections (docs/performance.md, "Workbooks").
const BATCH = 64;
/** The text of every cell together: a shared string repeated in many cells costs its length each time it is read. */
export const MAX_TEXT_CHARS = 512 * 1024 * 1024;

/** Its cells are kept as they are: a workbook's text carries no mark to take off (csv-row.ts, readRow). */
const asIs = (text: string) => text;

interface Row {
  cells: string[];
  problems: Array<{ column: number; message: string }>;
  chars: number;
  /** The columns of its cells that hold something (a text, or a problem). */
  filled: number[];
}

/** A row's cells as texts, from column 1 to its last cell; the cells a merged area covers are left empty. */
function rowCells(row: SheetRow, context: CellContext, merges: MergedAreas): Row {
  const cells: string[] = [];
  const problems: Row['problems'] = [];
  const filled: number[] = [];
  let chars = 0;
  for (const cell of row.cells) {
    const { column } = cell;
    if (column <= cells.length || merges.covered(row.number, column)) continue; // a merged area's value is its first cell's
    const read = cellText(cell, context);
    while (cells.length < column - 1) cells.push('');
    if ('problem' in read) {
      cells.push('');
      problems.push({ column, message: read.problem });
      filled.push(column);
    } else {
      cells.push(read.text);
      chars += read.text.length;
      if (read.text.trim() !== '') filled.push(column);
    }
  }
  return { cells, problems, chars, filled };
}

/**
 * The header, or a refusal: a first sheet read without --sheet whose header has none of the
 * columns every job needs, in a workbook of several sheets, is most likely not the table (a notes
 * or cover sheet): the error names the sheets and --sheet.
 */
function header(cells: string[], display: string, book: Book, sheet: string, named: boolean): CsvHeader {
  try {
    return new CsvHeader(cells, display);
  } catch (error) {
    const names = new Set(cells.map((c) => c.trim()));
    const table = REQUIRED_COLUMNS.some((group) => group.some((c) => names.has(c)));
    if (named || table || book.sheets.length < 2 || !(error instanceof UsageError)) throw error;
    throw new UsageError(
      `--file ${display}: its sheet "${sheet}" is not a table of jobs (its first row that holds anything names none of the columns every job needs); the workbook's sheets are:`,
      book.sheets.map((s) => ({ message: `${s.name}${s.state === 'visible' ? '' : ` (${s.state === 'veryHidden' ? 'very hidden' : 'hidden'})`}` })),
      `name the sheet of jobs with --sheet, e.g. --sheet "${book.sheets.find((s) => s.name !== sheet)!.name}"; nothing was sent`,
    );
  }
}

export interface XlsxReadOptions {
  /** --sheet: the sheet to read; its first visible sheet unless told. */
  sheet?: string | undefined;
  /** Told a hidden sheet read or passed over as soon as the sheet is chosen, and the hidden rows and columns read once they all are. */
  note?: (text: string) => void;
}

/** The workbook's items in groups, in row order; `pass` learns the header and the rows skipped. */
export async function* xlsxItemBatches(path: string, display: string, pass: CsvPass, options: XlsxReadOptions = {}): AsyncGenerator<RawItem[]> {
  const zip = await checkWorkbook(path, display);
  const book = await readBook(zip, display);
  const { sheet, note } = chooseSheet(book.sheets, display, options.sheet);
  if (note !== undefined) options.note?.(note);
  const strings = await readSharedStrings(zip, book.sharedStrings, display);
  const context: CellContext = { sharedString: (k) => strings.get(k), formats: await readStyles(zip, book.styles, display), date1904: book.date1904 };
  const merges = new MergedAreas(sheet.part === undefined ? [] : zip.merges.get(sheet.part));
  const hiddenColumns = new Set<number>();
  const hidden = new HiddenCells(sheet.name, hiddenColumns);
  const noteHidden = () => {
    const said = hidden.note(display);
    if (said !== undefined) options.note?.(said);
  };
  let index = 0;
  let batch: RawItem[] = [];
  let total = 0;
  const rows = sheet.part === undefined ? [] : sheetRows(zip, sheet.part, display, hiddenColumns);
  for await (const sheetRow of rows) {
    const number = sheetRow.number;
    const { cells, problems, chars, filled } = rowCells(sheetRow, context, merges);
    hidden.see(number, sheetRow.hidden, filled, pass.header !== undefined);
    if (!pass.header) {
      if (cells.every((c) => c.trim() === '')) continue;
      pass.header = header(cells, display, book, sheet.name, options.sheet !== undefined);
      continue;
    }
    const { columns } = pass.header;
    total += chars;
    const over = chars > MAX_ROW_CHARS
      ? `the row holds more than ${MAX_ROW_CHARS.toLocaleString('en-US')} characters (1 MiB, its cells together), more than any job needs: not read`
      : total > MAX_TEXT_CHARS
        ? `the workbook's cells hold more than ${MAX_TEXT_CHARS.toLocaleString('en-US')} characters together by this row: not read (split the workbook)`
        : undefined;
    if (over) {
      batch.push({ index, row: number, error: over, errorField: '(row)' });
      noteHidden();
      yield batch;
      return; // nothing after it is read
    }
    // Cells past the header's last column that hold nothing are no cells.
    while (cells.length < columns.length) cells.push('');
    const read = readRow(pass.header, cells, index, pass.readExisting === true, '.', asIs);
    if (read.kind === 'blank' && problems.length === 0) continue;
    if (read.kind === 'existing' && problems.length === 0) {
      noteExisting(pass, read.code, number);
      continue;
    }
    const own: Problem[] = problems.map((p) => ({ item: index, field: columns[p.column - 1] || `column ${p.column}`, message: p.message }));
    const value = read.kind === 'job' ? read.value : {};
    batch.push({ index, row: number, value, problems: [...own, ...(read.kind === 'job' ? read.problems : [])], text: JSON.stringify(cells) });
    index++;
    if (batch.length === BATCH) {
      yield batch;
      batch = [];
    }
  }
  if (!pass.header) throw new UsageError(`--file ${display} has no jobs: its sheet "${sheet.name}" is empty`);
  noteHidden();
  if (batch.length > 0) yield batch;
}
