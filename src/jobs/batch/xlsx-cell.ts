// A workbook cell's value as the text a CSV export of the sheet would hold, so that a workbook's
// rows go through the same reading as a CSV file's (csv-row.ts): a number as its digits (to 15
// significant digits, as a spreadsheet shows it), a date as ISO 8601, a boolean as true/false, rich
// text as its plain text, a formula as its cached result (what the spreadsheet last computed).
// OOXML's `_xHHHH_` escapes are undone by exceljs as it reads (xlsx-text.ts).
import type { CellValue } from 'exceljs';

export type CellText = { text: string } | { problem: string };

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A date as the workbook holds it: a day (2026-11-26), or a day and a time (2026-11-26T09:30:00). */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
  const [h, m, s, ms] = [date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds()];
  if (h === 0 && m === 0 && s === 0 && ms === 0) return day;
  return `${day}T${pad(h)}:${pad(m)}:${pad(s)}${ms ? `.${pad(ms, 3)}` : ''}`;
}

export function numberText(n: number): string {
  return Number.isFinite(n) ? String(Number(n.toPrecision(15))) : '';
}

export function cellText(value: CellValue, formula = false): CellText {
  if (value === null || value === undefined) return { text: '' };
  if (typeof value === 'string') return { text: value };
  if (typeof value === 'number') return { text: numberText(value) };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false' };
  if (value instanceof Date) return { text: dateText(value) };
  if ('richText' in value) return { text: value.richText.map((run) => run.text ?? '').join('') };
  if ('error' in value) return { problem: `holds the error ${value.error}${formula ? ' (its formula failed)' : ''}, not a value` };
  if ('formula' in value || 'sharedFormula' in value) {
    const { result } = value as { result?: unknown };
    if (result === undefined || result === null) {
      return { problem: 'is a formula with no saved result (the file was not saved by a spreadsheet, which computes it): open and save it in the spreadsheet, or type the value' };
    }
    return cellText(result as CellValue, true);
  }
  if ('text' in value) return { text: String((value as { text: unknown }).text ?? '') }; // a hyperlink: its text
  return { problem: 'holds a value that is not text, a number, a date or a boolean' };
}
