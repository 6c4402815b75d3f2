// Helpers of the workbook batch tests: the columns of a job row, a row of them, a file of bytes,
// and workbooks written by exceljs with hidden sheets, rows and columns.
import { writeFileSync } from 'node:fs';
import type { CellValue, WorksheetState } from 'exceljs';
import { words } from '../helpers/sandbox.js';
import type { SheetCell } from '../helpers/xlsx.js';
import { tempFile } from './helpers.js';

export const HEADER = ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId', 'salaryMin', 'qualifications', 'publishToCareerPage'];

/** A valid job's row under `header`, its title and any cell told in `extra`. */
export const row = (title: SheetCell, extra: Partial<Record<string, SheetCell>> = {}, header: readonly string[] = HEADER): SheetCell[] =>
  header.map((h) => (h in extra ? extra[h]! : ({ title, description: words(110), location: 'Austin, TX, USA', jobFunctionId: 101, employerTypeId: 501 } as Record<string, SheetCell>)[h] ?? null));

export function bytesFile(name: string, bytes: Buffer): string {
  const path = tempFile(name, '');
  writeFileSync(path, bytes);
  return path;
}

export interface SheetSpec {
  name: string;
  state?: WorksheetState;
  /** From row 1 on; null is a blank row. */
  rows: ReadonlyArray<readonly SheetCell[] | null>;
  hiddenRows?: readonly number[];
  hiddenColumns?: readonly number[];
}

/** A workbook as exceljs writes it: its sheets in tab order, each with its state and hidden rows and columns. */
export async function exceljsWorkbook(sheets: readonly SheetSpec[]): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  for (const spec of sheets) {
    const sheet = book.addWorksheet(spec.name, { state: spec.state ?? 'visible' });
    spec.rows.forEach((cells, k) => {
      if (cells) sheet.getRow(k + 1).values = cells as CellValue[]; // a formula cell is exceljs's { formula, result } too
    });
    for (const n of spec.hiddenRows ?? []) sheet.getRow(n).hidden = true;
    for (const n of spec.hiddenColumns ?? []) sheet.getColumn(n).hidden = true;
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
