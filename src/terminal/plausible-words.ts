// Whether a word, decoded in some encoding, looks like text or like the mojibake of a wrong
// encoding (encoding-detect.ts weighs the readings of a file with it). Only the shape of the word
// counts, never a dictionary: characters no text holds (controls, unassigned, U+FFFD), letters of
// two alphabets in one word, a symbol glued to the front of a letter (`£ódŸ`) or to another symbol, a capital inside a
// small word (`MŸller`), a word all of accented letters (`Ìîñêâà`). And whether a Latin word fits
// one Western European alphabet, which is what lets Windows-1252 be read without a rival reading
// being ruled out: `Vývojáø` (Czech read as Windows-1252) fits none.

export type WordVerdict = 'impossible' | 'odd' | undefined;

type Kind = 'ascii-letter' | 'ascii' | 'impossible' | 'upper' | 'lower' | 'letter' | 'glue' | 'symbol' | 'format' | 'other';

interface CharClass {
  kind: Kind;
  /** The alphabet of a letter beyond ASCII: Latin, Greek, Cyrillic, ..., or `cjk` for Han, kana and Hangul. */
  script?: string;
}

const SCRIPTS: Array<[string, RegExp]> = [
  ['latin', /\p{Script=Latin}/u],
  ['greek', /\p{Script=Greek}/u],
  ['cyrillic', /\p{Script=Cyrillic}/u],
  ['armenian', /\p{Script=Armenian}/u],
  ['hebrew', /\p{Script=Hebrew}/u],
  ['arabic', /\p{Script=Arabic}/u],
  ['thai', /\p{Script=Thai}/u],
  ['cjk', /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u],
];
/** Marks that sit beside letters in any text: quotes, brackets, dashes, the degree, Spanish's ¡ ¿. */
const GLUE = /[“”„‚‘’«»‹›()[\]°¡¿·–—…•]/u;

function classOf(char: string): CharClass {
  const code = char.codePointAt(0)!;
  if (code < 0x80) return { kind: /[A-Za-z]/.test(char) ? 'ascii-letter' : 'ascii' };
  if (char === '\ufffd' || /[\p{Cc}\p{Cn}\p{Co}\p{Cs}]/u.test(char)) return { kind: 'impossible' };
  if (/\p{L}/u.test(char)) {
    const script = SCRIPTS.find(([, pattern]) => pattern.test(char))?.[0] ?? 'other';
    return { kind: /\p{Lu}/u.test(char) ? 'upper' : /\p{Ll}/u.test(char) ? 'lower' : 'letter', script };
  }
  if (GLUE.test(char)) return { kind: 'glue' };
  // The soft hyphen is invisible: typed by no one into a spreadsheet, it is a byte read in the wrong code page.
  if (char === '\u00ad') return { kind: 'symbol' };
  // Joiners and direction marks (Windows-1256 has them for Arabic and Persian): never inside a Latin word.
  if (/\p{Cf}/u.test(char)) return { kind: 'format' };
  // Symbols, punctuation and the numbers that are no digits (½ ² ¹), which stand beside letters only after them (m²).
  return { kind: /[\p{S}\p{P}\p{No}]/u.test(char) ? 'symbol' : 'other' };
}

const cased = (c: CharClass | undefined) => c?.kind === 'upper' || c?.kind === 'lower' || c?.kind === 'ascii-letter';

/** Whether one decoded word is text, mojibake, or no text at all. */
export function judgeWord(word: string): WordVerdict {
  const chars = [...word];
  const kinds = chars.map(classOf);
  if (kinds.some((c) => c.kind === 'impossible')) return 'impossible';
  // ISO-8859-1's currency sign, where ISO-8859-15 has the euro: no one types it.
  if (word.includes('¤')) return 'odd';
  const scripts = new Set(kinds.flatMap((c) => (c.script ? [c.script] : [])));
  if (scripts.size > 1) return 'odd';
  for (let i = 0; i < chars.length; i++) {
    const c = kinds[i]!;
    const before = kinds[i - 1];
    const after = kinds[i + 1];
    if (c.kind === 'symbol' && (cased(after) || after?.kind === 'symbol')) return 'odd';
    if (c.kind === 'format' && (before?.kind === 'ascii-letter' || after?.kind === 'ascii-letter')) return 'odd';
    if (c.kind === 'upper' && i > 0 && (isLower(chars[i - 1]) || isLower(chars[i + 1]))) return 'odd';
    if (c.script !== undefined && c.script !== 'latin' && c.script !== 'cjk' && (before?.kind === 'ascii-letter' || after?.kind === 'ascii-letter')) return 'odd';
    if (c.script === 'cjk' && lonelyCjk(kinds, i)) return 'odd';
  }
  const letters = kinds.filter((c) => c.kind === 'ascii-letter' || c.script !== undefined);
  if (letters.length >= 4 && letters.every((c) => c.script === 'latin')) return 'odd';
  return undefined;
}

function isLower(char: string | undefined): boolean {
  return char !== undefined && /\p{Ll}/u.test(char);
}

/** One Han, kana or Hangul character glued to ASCII letters with no other beside it: a pair of bytes of a Latin word read as CJK. */
function lonelyCjk(kinds: CharClass[], i: number): boolean {
  const before = kinds[i - 1];
  const after = kinds[i + 1];
  const ascii = before?.kind === 'ascii-letter' || after?.kind === 'ascii-letter';
  return ascii && before?.script !== 'cjk' && after?.script !== 'cjk';
}

/**
 * The letters beyond ASCII of Western European languages written in Windows-1252, one alphabet a
 * set (German, French, Spanish, Portuguese, Italian, Dutch, Danish, Norwegian and Swedish, Finnish,
 * Catalan, Estonian), `é` in each for the loanwords every one of them has (Café). Icelandic's ð þ ý
 * are left out on purpose: they are where Windows-1254 has Turkish ğ ş ı.
 */
const WESTERN = ['äöüß', 'àâæçèêëîïôœùûüÿ', 'áíñóúü', 'áâãàçêíóôõú', 'àèìíîòóùú', 'áëïóöüèàêîôû', 'æøåáóôüöä', 'äöåšž', 'àçèíïòóúü', 'äõöüšž'].map(
  (letters) => new Set([...letters, 'é']),
);

/** Whether the letters beyond ASCII of a word all belong to one Western European alphabet. */
export function westernWord(word: string): boolean {
  const letters = [...word.toLowerCase()].filter((c) => c.codePointAt(0)! >= 0x80 && /\p{L}/u.test(c));
  return WESTERN.some((alphabet) => letters.every((c) => alphabet.has(c)));
}
