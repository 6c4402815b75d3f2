// What a workbook hides from its user, as the reader treats it (docs/decisions.md, "Workbooks
// (.xlsx)"): without --sheet the sheet read is the first one the user sees, never a hidden one; a
// hidden sheet is read only when --sheet names it. Hidden rows and columns hold data and are read.
// Each is said in a note.
import { UsageError } from '../../core/errors.js';
import { listed } from '../../core/listed.js';
import type { BookSheet } from './xlsx-book.js';
import { columnLetters } from './xlsx-zip.js';

/** How many rows or columns a note names; the rest are counted. */
const NAMED = 5;


const hidden = (sheet: BookSheet) => sheet.state === 'hidden' || sheet.state === 'veryHidden';
const stateOf = (sheet: BookSheet) => (sheet.state === 'veryHidden' ? 'very hidden' : 'hidden');

export interface ChosenSheet {
  sheet: BookSheet;
  /** Said when the sheet read is not what the user would expect at a glance: a hidden one named, or the first skipped. */
  note?: string;
}

/** The sheet --sheet names (exact, then case-insensitive), or the first visible one. */
export function chooseSheet(sheets: readonly BookSheet[], display: string, name: string | undefined): ChosenSheet {
  if (name !== undefined) {
    const sheet = sheets.find((s) => s.name === name) ?? sheets.find((s) => s.name.toLowerCase() === name.toLowerCase());
    if (!sheet) throw new UsageError(`--sheet: ${display} has no sheet "${name}"; its sheets are:`, sheets.map((s) => ({ message: s.name })), 'name one of them (case does not matter)');
    return hidden(sheet) ? { sheet, note: `note: sheet "${sheet.name}" is ${stateOf(sheet)} in ${display}; reading it because --sheet names it` } : { sheet };
  }
  if (sheets.length === 0) throw new UsageError(`--file ${display} has no sheet`);
  const first = sheets.findIndex((s) => !hidden(s));
  if (first === -1) {
    throw new UsageError(
      `--file ${display} has no visible sheet: every sheet is hidden in the workbook; its sheets are:`,
      sheets.map((s) => ({ message: `${s.name} (${stateOf(s)})` })),
      `name the sheet to read with --sheet, e.g. --sheet "${sheets[0]!.name}"; nothing was sent`,
    );
  }
  const sheet = sheets[first]!;
  if (first === 0) return { sheet };
  const skipped = sheets.slice(0, first);
  const what = skipped.length === 1 ? `sheet "${skipped[0]!.name}" of ${display} is ${stateOf(skipped[0]!)}` : `sheets ${listed(skipped.map((s) => `"${s.name}"`), NAMED)} of ${display} are hidden`;
  return { sheet, note: `note: ${what}; reading "${sheet.name}", its first visible sheet (--sheet names a hidden sheet to read it)` };
}

/** The hidden rows and columns of a sheet that hold something, as they are read. */
export class HiddenCells {
  private readonly rows: number[] = [];
  private readonly columns = new Set<number>();

  /** `hiddenColumns` is filled as the sheet is read (its `<cols>` come before its rows). */
  constructor(
    private readonly sheet: string,
    private readonly hiddenColumns: ReadonlySet<number>,
  ) {}

  /**
   * A row read: its number, whether it is hidden, the columns of its cells that hold something, and
   * whether it is a job's row. A hidden column is named for the cells of jobs it holds: with only a
   * header, it sends nothing.
   */
  see(number: number, rowHidden: boolean, filled: readonly number[], job: boolean): void {
    if (rowHidden && filled.length > 0) this.rows.push(number);
    if (job) for (const column of filled) if (this.hiddenColumns.has(column)) this.columns.add(column);
  }

  /** One note naming the hidden rows and columns read, or none. */
  note(display: string): string | undefined {
    const parts: string[] = [];
    if (this.rows.length > 0) parts.push(`${this.rows.length === 1 ? 'row' : 'rows'} ${listed(this.rows.map(String), NAMED)}`);
    const columns = [...this.columns].sort((a, b) => a - b).map(columnLetters);
    if (columns.length > 0) parts.push(`${columns.length === 1 ? 'column' : 'columns'} ${listed(columns, NAMED)}`);
    if (parts.length === 0) return undefined;
    const one = this.rows.length + columns.length === 1;
    return `note: ${display}, sheet "${this.sheet}": ${parts.join(' and ')} ${one ? 'is' : 'are'} hidden in the workbook; ${one ? 'it is' : 'they are'} read`;
  }
}
