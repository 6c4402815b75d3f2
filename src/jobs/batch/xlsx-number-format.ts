// What a cell's number format says about its text (ECMA-376 Part 1, 18.8.30 and 18.8.31): a date
// (or time), text (`@`), digits padded with zeros (`00000` shows 42 as `00042`), or a number as
// such. Other formats (`#,##0.00`, `0%`) only decorate a number, which is read as its digits.
export type NumberFormat = { kind: 'number' } | { kind: 'date' } | { kind: 'text' } | { kind: 'padded'; width: number };

const NUMBER: NumberFormat = { kind: 'number' };
const DATE: NumberFormat = { kind: 'date' };
const TEXT: NumberFormat = { kind: 'text' };

/** The built-in formats of dates and times (14-22, 45-47), and text (49). */
const BUILT_IN = new Map<number, NumberFormat>([
  ...[14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47].map((id) => [id, DATE] as const),
  [49, TEXT],
]);

/** A format code's first section without what it shows literally: quoted text, `\x`, `_x`, `*x` and `[...]` (colours, locales, conditions). */
function bare(code: string): string {
  return code.replace(/"[^"]*"|\\.|_.|\*.|\[[^\]]*\]/g, '').split(';')[0]!;
}

export function numberFormat(id: number, code: string | undefined): NumberFormat {
  if (code === undefined) return BUILT_IN.get(id) ?? NUMBER;
  const kept = bare(code);
  if (/^general$/i.test(kept.trim())) return NUMBER;
  if (kept.trim() === '@') return TEXT;
  if (/[dmyhs]/i.test(kept.replace(/E[+-]/gi, ''))) return DATE;
  if (/^0{2,}$/.test(kept)) return { kind: 'padded', width: kept.length };
  return NUMBER;
}
