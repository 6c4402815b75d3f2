// The one table printer: an aligned table that fits the terminal, one line per row, whatever its
// cells hold. Columns are as wide as their widest cell (up to their `max`), and the `fit` column
// gets what the terminal has left, its cells cut with an ellipsis: a long error never wraps into
// the next row mid-word. When even that is too wide, the columns with a `squeeze` order give way. Lists
// (printTable in output.ts) and the reports of multi-job results (job-results.ts) print with it.
import { cut, displayWidth as width } from '../core/text-width.js';

export interface FitColumn {
  header: string;
  /** At most this many columns; longer cells are cut. */
  max?: number;
  /** This column takes the width left over (the last one that has it). */
  fit?: boolean;
  /**
   * When the `fit` column at MIN_FIT is not enough: the order in which this column gives way, the
   * lowest first, down to its header's width and no less than MIN_SQUEEZE (MIN_SQUEEZED_FIT for the
   * `fit` column itself).
   */
  squeeze?: number;
  /** Colours a cell once it is padded (so that escape codes do not count as width); `row` counts from 0. */
  paint?: (padded: string, raw: string, row: number) => string;
}

/** Below this, the `fit` column is cut no further: the line wraps instead. */
const MIN_FIT = 16;
const MIN_SQUEEZE = 8;
/** A `fit` column with a `squeeze` order gives way below MIN_FIT, down to this. */
const MIN_SQUEEZED_FIT = 10;
const GAP = '  ';

/**
 * The table's lines (header first), each ending in a newline. `cells` are one-line texts already
 * made safe for a terminal (sanitizeCell). `bold` styles the header.
 */
export function fitTable(columns: FitColumn[], rows: readonly string[][], terminalWidth: number, bold: (s: string) => string = (s) => s): string[] {
  const widths = columns.map((c) => width(c.header));
  for (const row of rows) for (let i = 0; i < columns.length; i++) widths[i] = Math.max(widths[i]!, width(row[i] ?? ''));
  columns.forEach((c, i) => (widths[i] = Math.min(widths[i]!, c.max ?? Infinity)));
  const fit = columns.findLastIndex((c) => c.fit);
  if (fit >= 0) {
    const others = widths.reduce((sum, w, i) => (i === fit ? sum : sum + w), 0) + GAP.length * (columns.length - 1);
    widths[fit] = Math.max(Math.min(widths[fit]!, terminalWidth - others), Math.min(widths[fit]!, MIN_FIT));
  }
  squeeze(columns, widths, terminalWidth);
  const line = (cells: readonly string[], header: boolean, row = -1) =>
    `${columns
      .map((c, i) => {
        const raw = cut(cells[i] ?? '', widths[i]!);
        const padded = i === columns.length - 1 ? raw : raw.padEnd(widths[i]! + raw.length - width(raw));
        if (header) return bold(padded);
        return c.paint ? c.paint(padded, raw, row) : padded;
      })
      .join(GAP)
      .trimEnd()}\n`;
  return [line(columns.map((c) => c.header), true), ...rows.map((r, i) => line(r, false, i))];
}

/**
 * Once the `fit` column is down to MIN_FIT and the line is still too wide, narrows the columns that
 * have a `squeeze` order, the lowest order first (the widest first within one), each down to its
 * floor, until the line fits or none can give more. A table without them is left as it is.
 */
function squeeze(columns: readonly FitColumn[], widths: number[], terminalWidth: number): void {
  const orders = [...new Set(columns.flatMap((c) => (c.squeeze === undefined ? [] : [c.squeeze])))].sort((a, b) => a - b);
  let over = widths.reduce((sum, w) => sum + w, 0) + GAP.length * (columns.length - 1) - terminalWidth;
  for (const order of orders) {
    const floors = columns.map((c) => (c.squeeze === order ? Math.max(width(c.header), c.fit ? MIN_SQUEEZED_FIT : MIN_SQUEEZE) : Infinity));
    while (over > 0) {
      let widest = -1;
      widths.forEach((w, i) => {
        if (w > floors[i]! && (widest < 0 || w > widths[widest]!)) widest = i;
      });
      if (widest < 0) break;
      widths[widest] = widths[widest]! - 1;
      over--;
    }
  }
}
