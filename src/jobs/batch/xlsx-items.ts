// The items of a workbook (.xlsx) batch file: its first visible sheet (or the one --sheet names;
// xlsx-visibility.ts), read as a CSV file is: the first row that holds anything names the columns,
// each later row is a job, and rows are numbered as the spreadsheet numbers them. The workbook is
// checked against its caps first (xlsx-zip.ts), then read whole by exceljs, loaded only here.
import { readFile } from 'node:fs/promises';
import type { Workbook, Worksheet } from 'exceljs';
import { UsageError } from '../../core/errors.js';
import { CsvHeader, readRow } from './csv-row.js';
import type { CsvPass } from './csv-items.js';
import { MAX_ROW_CHARS, noteExisting } from './csv-items.js';
import type { RawItem } from './raw-item.js';
import { cellText } from './xlsx-cell.js';
import { chooseSheet, HiddenCells } from './xlsx-visibility.js';
import { checkWorkbook, XLSX_CAPS } from './xlsx-zip.js';
import type { Problem } from '../job-input.js';

const BATCH = 256;
/** The text of every cell together: a shared string repeated in many cells costs its length each time it is read. */
export const MAX_TEXT_CHARS = XLSX_CAPS.totalBytes;

/** Its cells are kept as they are: a workbook's text carries no mark to take off (csv-row.ts, readRow). */
const asIs = (text: string) => text;

async function load(path: string, display: string): Promise<Workbook> {
  await checkWorkbook(path, display);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load((await readFile(path)) as unknown as Parameters<Workbook['xlsx']['load']>[0]);
  } catch (error) {
    throw new UsageError(`--file ${display} is not a workbook that can be read: ${(error as Error).message}`, [], 'save it again from the spreadsheet as "Excel Workbook (.xlsx)"; nothing was sent');
  }
  return workbook;
}

interface Row {
  cells: string[];
  problems: Array<{ column: number; message: string }>;
  chars: number;
  hidden: boolean;
  /** The columns of its cells that hold something (a text, or a problem). */
  filled: number[];
}

/** A row's cells as texts, from column 1 to its last cell. */
function rowCells(sheet: Worksheet, number: number): Row {
  const row = sheet.findRow(number);
  const cells: string[] = [];
  const problems: Row['problems'] = [];
  const filled: number[] = [];
  let chars = 0;
  if (!row) return { cells, problems, chars, hidden: false, filled };
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    if (cell.isMerged && cell.master !== cell) return; // a merged area's value is its first cell's
    const read = cellText(cell.value);
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
  });
  return { cells, problems, chars, hidden: row.hidden, filled };
}

export interface XlsxReadOptions {
  /** --sheet: the sheet to read; its first visible sheet unless told. */
  sheet?: string | undefined;
  /** Told a hidden sheet read or passed over as soon as the sheet is chosen, and the hidden rows and columns read once they all are. */
  note?: (text: string) => void;
}

/** The workbook's items in groups, in row order; `pass` learns the header and the rows skipped. */
export async function* xlsxItemBatches(path: string, display: string, pass: CsvPass, options: XlsxReadOptions = {}): AsyncGenerator<RawItem[]> {
  const { sheet, note } = chooseSheet(await load(path, display), display, options.sheet);
  if (note !== undefined) options.note?.(note);
  const hidden = new HiddenCells(sheet);
  const noteHidden = () => {
    const said = hidden.note(display);
    if (said !== undefined) options.note?.(said);
  };
  let index = 0;
  let batch: RawItem[] = [];
  let total = 0;
  for (let number = 1; number <= sheet.rowCount; number++) {
    const { cells, problems, chars, hidden: rowHidden, filled } = rowCells(sheet, number);
    hidden.see(number, rowHidden, filled, pass.header !== undefined);
    if (!pass.header) {
      if (cells.every((c) => c.trim() === '')) continue;
      pass.header = new CsvHeader(cells, display);
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
