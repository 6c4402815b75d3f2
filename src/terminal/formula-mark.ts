// The one rule of the `'` that keeps a text from being run as a formula (OWASP's rule for CSV
// injection): recruit's CSV writer puts one before text that starts with = + - @, a tab, a CR or
// `'` itself; other programs add one (LibreOffice keeps it as text when it saves such a CSV as a
// workbook) or drop one (Gnumeric reads it as its own mark for text). A `'` before one of those
// characters is a writer's mark, not the text (docs/decisions.md, "A leading `'`, whoever wrote it").
// So is the formula `="00042"` that recruit's Excel-ready CSV writes for text Excel would convert:
// Excel shows its text, and a program that reads it as text (LibreOffice opening a workbook) writes it
// as it is.

/** What OWASP lists as the start of a formula, and the `'` that neutralises it: such text gets a `'` before it. */
export const FORMULA_START = /^[=+\-@\t\r']/;
const MARKED = /^'[=+\-@\t\r']/;
const EXCEL_TEXT = /^="((?:[^"]|"")*)"$/;

/** The text of a cell `="…"` (`""` inside it one quote), or undefined for any other cell. */
export function excelTextOf(cell: string): string | undefined {
  return EXCEL_TEXT.exec(cell)?.[1]!.replace(/""/g, '"');
}

/**
 * A cell's text with the one mark a writer added taken off: `'=1+1` is `=1+1`, `''x` is `'x`;
 * `'Twas` (no formula start after the `'`) is left as it is. The inverse of the CSV writer for every
 * string; the CSV reader calls it on each cell, and the workbook reader on each text cell.
 */
export function withoutFormulaMark(text: string): string {
  return MARKED.test(text) ? text.slice(1) : text;
}

/**
 * The text as recruit's workbook writer stores it: with a `'` more where the text starts as a marked
 * text does (`'=1+1`, `''x`), since the workbook reader takes one off as the CSV reader does; any
 * other text as it is (a string cell is never a formula, so `=1+1` needs no mark there).
 */
export function withWorkbookMark(text: string): string {
  return MARKED.test(text) ? `'${text}` : text;
}

/**
 * The text as a person sees it, whatever marks writers added or dropped on the way: every such
 * mark taken off (`''=1+1`, `'=1+1` and `=1+1` are one text; `'Twas` keeps its `'`), and `="00042"`
 * the `00042` a spreadsheet shows. What
 * `jobs apply` compares, since a re-saved file may carry one `'` more or less than was written.
 */
export function formulaMarksOff(text: string): string {
  let at = 0;
  while (MARKED.test(text.slice(at, at + 2))) at++;
  const unmarked = at === 0 ? text : text.slice(at);
  return excelTextOf(unmarked) ?? unmarked;
}
