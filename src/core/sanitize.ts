// Server strings are printed with terminal control characters escaped, so a job title cannot
// move the cursor, change colours or set the window title (cf. cli/cli#6916), nor reorder or hide
// the text around it: the bidirectional controls (U+202A-U+202E, U+2066-U+2069) and every other
// invisible formatting character (general category Cf: zero-width space, soft hyphen, BOM, ...),
// the line and paragraph separators and the tag block (U+E0000-U+E007F) are escaped as `\u{202e}`.
// C0 and C1 controls keep their short forms (`\e`, `\x07`); tab and newline are left to
// sanitizeCell. Why this set and form: docs/decisions.md, "CLI: terminal safety and input depth".
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\p{Cf}\u{e0000}-\u{e007f}]/gu;
// U+200D ZERO WIDTH JOINER is Cf but stays: it joins emoji sequences (a family emoji is three
// emoji and two joiners), which an escape would break apart, and it cannot reorder anything. It is
// matched and handed back as it is, which keeps the pattern one character class (a lookahead to
// exclude it made every cell slower).
const ZWJ = '\u200d';
// Tested before replacing: a replace with a function copies the whole text even when nothing
// matches, a copy too many for a large answer (up to --max-response-size) under the 300 MB bound.
const HAS_UNSAFE = new RegExp(UNSAFE.source, 'u');

function escape(c: string): string {
  if (c === ZWJ) return c;
  const code = c.codePointAt(0)!;
  if (code === 0x1b) return '\\e';
  return code < 0xa0 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
}

export function sanitize(text: string): string {
  return HAS_UNSAFE.test(text) ? text.replace(UNSAFE, escape) : text;
}

/** For one-line cells: newlines and tabs too. */
export function sanitizeCell(text: string): string {
  return sanitize(text).replace(/\n/g, '\\n').replace(/\t/g, '\\t');
}

/** One character as JSON's \u escapes (two for a character beyond the BMP): the same string to a parser. */
function jsonEscape(c: string): string {
  if (c === ZWJ) return c;
  let out = '';
  for (let i = 0; i < c.length; i++) out += `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/**
 * JSON text with the characters `sanitize` escapes written as \u escapes: to a JSON parser it is
 * the same data, and on a terminal it cannot reorder or hide anything. (JSON.stringify escapes C0
 * controls itself, but not C1 controls nor the invisible formatting characters.)
 */
export function escapeJson(json: string): string {
  return HAS_UNSAFE.test(json) ? json.replace(UNSAFE, jsonEscape) : json;
}
