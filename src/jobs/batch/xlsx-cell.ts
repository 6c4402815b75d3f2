// A workbook cell as the text a CSV export of the sheet would hold, so that a workbook's rows go
// through the same reading as a CSV file's (csv-row.ts): a number as its digits (to 15 significant
// digits, as a spreadsheet shows it, never in exponent form), or as its format shows it where the
// format fixes the text (`00000`: xlsx-number-format.ts); a date as ISO 8601 by the workbook's date
// system (xlsx-dates.ts); a boolean as true/false; a string with its `_xHHHH_` escapes undone
// (xlsx-text.ts) and a writer's `'` before a formula start taken off, as the CSV reader takes it off
// (formula-mark.ts: LibreOffice and Excel keep the `'` of recruit's CSV as text when they save it as
// a workbook); a formula as its cached result, of whatever type. The rules are in
// docs/decisions.md, "Workbooks (.xlsx)".
import { withoutFormulaMark } from '../../terminal/formula-mark.js';
import { decodeXlsxText } from '../../terminal/xlsx-text.js';
import { serialDateText } from './xlsx-dates.js';
import type { NumberFormat } from './xlsx-number-format.js';
import { columnLetters } from './xlsx-zip.js';

export type CellText = { text: string } | { problem: string };

/** A cell as its `<c>` element holds it. */
export interface RawCell {
  /** Its row and column (from 1), which name it (`H5`) in a problem. */
  row: number;
  column: number;
  /** `t`: s, inlineStr, str, b, e, d or n (the default). */
  type: string | undefined;
  /** `s`: its cell style. */
  style: number;
  /** The text of `<v>`; undefined when the cell has none. */
  value: string | undefined;
  formula: boolean;
  /** The text of an inline string (`<is>`), escapes undone. */
  inline: string | undefined;
}

export interface CellContext {
  sharedString(index: number): string | undefined;
  formats: readonly NumberFormat[];
  date1904: boolean;
}

const EXACT = 2 ** 53;

const refOf = (cell: RawCell) => `${columnLetters(cell.column)}${cell.row}`;

/** A decimal literal (`1e-7`, `-1.5E+20`, `007.50`) in plain notation, exactly: `0.0000001`, `-150000000000000000000`, `7.5`. */
export function plainDecimal(literal: string): string {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(literal.trim());
  if (!match) return literal;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const digits = whole + fraction;
  const point = whole.length + Number(exponent);
  const padded = point <= 0 ? '0'.repeat(1 - point) + digits : point > digits.length ? digits + '0'.repeat(point - digits.length) : digits;
  const at = Math.max(point, 1);
  const int = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const frac = padded.slice(at).replace(/0+$/, '');
  const text = frac ? `${int}.${frac}` : int;
  return sign === '-' && /[1-9]/.test(text) ? `-${text}` : text;
}

/** A number as a spreadsheet shows it: to 15 significant digits, in plain notation. */
export function numberText(n: number): string {
  if (!Number.isFinite(n)) return '';
  if (Number.isInteger(n) && Math.abs(n) < 1e15) return String(n); // the common case, made without the rounding's strings
  const text = String(Number(n.toPrecision(15)));
  return text.includes('e') ? plainDecimal(text) : text;
}

function numberCell(cell: RawCell, context: CellContext): CellText {
  const literal = cell.value!.trim();
  const n = Number(literal);
  if (literal === '' || !Number.isFinite(n)) return { problem: `cell ${refOf(cell)} holds "${literal}" as a number, which it is not: the file is damaged` };
  if (Math.abs(n) >= EXACT) {
    const exact = plainDecimal(literal);
    if (exact.includes('.')) return { problem: `cell ${refOf(cell)} holds the number ${exact}, which cannot be read exactly (a fraction beyond 2^53): store it as text in the spreadsheet` };
    return { text: exact }; // the file's own digits, never rounded
  }
  const format = context.formats[cell.style];
  if (format?.kind === 'date') return { text: serialDateText(n, context.date1904) ?? numberText(n) };
  if (format?.kind === 'padded' && Number.isInteger(n)) return { text: `${n < 0 ? '-' : ''}${String(Math.abs(n)).padStart(format.width, '0')}` };
  return { text: numberText(n) };
}

function dateCell(value: string): string {
  const text = value.trim().replace(/Z$/, '');
  return text.replace(/T00:00(:00(\.0+)?)?$/, '');
}

export function cellText(cell: RawCell, context: CellContext): CellText {
  const { type, value } = cell;
  if (type === 'inlineStr') return { text: withoutFormulaMark(cell.inline ?? '') };
  // A formula's result is its `<v>`: none, or an empty one where no text result is (openpyxl writes `<v></v>`), is none saved.
  if (value === undefined || (cell.formula && type !== 'str' && value.trim() === '')) {
    if (cell.formula) {
      return { problem: `cell ${refOf(cell)} is a formula with no saved result (the file was not saved by a spreadsheet, which computes it): open and save it in the spreadsheet, or type the value` };
    }
    return { text: '' };
  }
  switch (type) {
    case 's': {
      const text = context.sharedString(Number(value));
      return text === undefined ? { problem: `cell ${refOf(cell)} names shared string ${value}, which the workbook does not have: the file is damaged` } : { text: withoutFormulaMark(text) };
    }
    case 'str':
      return { text: decodeXlsxText(value) };
    case 'b':
      return { text: value.trim() === '1' || value.trim() === 'true' ? 'true' : 'false' };
    case 'e':
      return { problem: `cell ${refOf(cell)} holds the error ${value.trim()}${cell.formula ? ' (its formula failed)' : ''}, not a value` };
    case 'd':
      return { text: dateCell(value) };
    default:
      return value.trim() === '' ? { text: '' } : numberCell(cell, context);
  }
}
