// Text measured in terminal columns, for tables and lines cut to the terminal: a CJK character or
// an emoji takes two columns, a combining accent none (string-width: the Unicode width tables are
// not ours to keep). Loaded with the tables and reports only, never at start-up.
import stringWidth from 'string-width';

const graphemes = new Intl.Segmenter();

/** Columns the text takes on a terminal. */
export function displayWidth(text: string): number {
  return stringWidth(text);
}

/** The text cut to at most `width` columns, ending in "…" when cut; never through a character. */
export function cut(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  let out = '';
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    const w = displayWidth(segment);
    if (used + w > width - 1) break;
    out += segment;
    used += w;
  }
  return `${out}…`;
}
