// A CR that a program re-saving a workbook kept as OOXML's escape (xlsx-text.ts): Gnumeric and
// openpyxl keep the `_x000D_` of an inline string as those seven characters, Excel writes a CR so,
// and their CSV exports then hold it. Its own module: a CSV run's comparison needs it, and loads no
// workbook code (test/perf/lazy-loading.test.ts).
const KEPT_CR = /_x000D_(?=\n)/gi;

/**
 * Text a program re-saved from a workbook with the `_x000D_` of a CRLF line end kept as it was
 * stored (Gnumeric and openpyxl do so for inline strings), that CR given back; what `jobs apply`
 * compares, where a line end is a line end whatever the program wrote.
 */
export function keptCrUndone(text: string): string {
  return text.includes('_x') ? text.replace(KEPT_CR, '\r') : text;
}
