// An aligned table that fits the terminal: one line per row, whatever its cells hold. Columns are
// as wide as their widest cell (up to their `max`), and the `fit` column gets what the terminal
// has left, its cells cut with an ellipsis: a long error never wraps into the next row mid-word.
import { cut, displayWidth as width } from '../core/text-width.js';

export interface FitColumn {
  header: string;
  /** At most this many columns; longer cells are cut. */
  max?: number;
  /** This column takes the width left over (the last one that has it). */
  fit?: boolean;
  /** Colours a cell once it is padded (so that escape codes do not count as width). */
  paint?: (padded: string, raw: string) => string;
}

/** Below this, the `fit` column is cut no further: the line wraps instead. */
const MIN_FIT = 16;
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
  const line = (cells: readonly string[], header: boolean) =>
    `${columns
      .map((c, i) => {
        const raw = cut(cells[i] ?? '', widths[i]!);
        const padded = i === columns.length - 1 ? raw : raw.padEnd(widths[i]! + raw.length - width(raw));
        if (header) return bold(padded);
        return c.paint ? c.paint(padded, raw) : padded;
      })
      .join(GAP)
      .trimEnd()}\n`;
  return [line(columns.map((c) => c.header), true), ...rows.map((r) => line(r, false))];
}
