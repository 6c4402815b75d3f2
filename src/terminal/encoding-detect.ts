// Which encoding an input that is not UTF-8 is in, or that it cannot be told for sure
// (docs/decisions.md, "Spreadsheets: encodings ..."). Loaded only for such an input (text-input.ts),
// with chardet (ICU's detector: the byte statistics of each code page's languages) and iconv-lite.
//
// The survey's words (byte-survey.ts) are decoded in every common code page and in those chardet
// names; readings that give the same text are one; a reading with a character no text holds is out,
// and one with more than one word in fifty that looks like mojibake (plausible-words.ts) is not
// plausible. Then:
// - Windows-1252 (Excel's "CSV (Comma delimited)" on Western Windows) is read when its reading is
//   plausible, every word fits a Western European alphabet, and no other reading has clearly more
//   of chardet's confidence: a file with a few accents gives chardet too little to go on, and it
//   is by far the most common encoding besides UTF-8.
// - Any other reading needs chardet's confidence: at least MIN_CONFIDENCE, MARGIN more than the
//   next plausible reading, and at least DIFFERING_WORDS words that the two read differently.
// - Otherwise the encoding is not clear, and the plausible readings are listed for the user to pick.
// Mac Roman has no statistics in chardet: its confidence is 0, so it is only ever offered.
import type IconvLite from 'iconv-lite';
import type { SampleWord, Survey } from './byte-survey.js';
import { judgeWord, westernWord } from './plausible-words.js';

/** The code pages tried whatever chardet says; a tie of confidence keeps this order (Windows-1252 first). */
const COMMON = [
  'windows-1252',
  'windows-1250',
  'windows-1251',
  'windows-1253',
  'windows-1254',
  'windows-1255',
  'windows-1256',
  'windows-1257',
  'koi8-r',
  'iso-8859-15',
  'shift_jis',
  'euc-jp',
  'gb18030',
  'big5',
  'euc-kr',
];
/**
 * Mac Roman (Excel for Mac), tried last: chardet has no statistics of it, so its confidence is 0
 * and it is never read unasked (MIN_CONFIDENCE), only offered.
 */
const MAC_ROMAN = 'macintosh';
/** Code pages of one language each: chardet's language for them is the code page's, however short the sample. */
const ONE_LANGUAGE = new Set(['shift_jis', 'euc-jp', 'gb18030', 'big5', 'euc-kr']);
/** chardet names an ISO-8859 part when a file has no byte in 0x80-0x9F; the Windows code page of its languages reads the same there. */
const ALSO = new Map<string, string[]>([
  ['iso-8859-1', ['windows-1252', 'iso-8859-15']],
  ['iso-8859-2', ['windows-1250']],
  ['iso-8859-7', ['windows-1253']],
  ['iso-8859-8', ['windows-1255']],
  ['iso-8859-9', ['windows-1254']],
]);

export const MIN_CONFIDENCE = 25;
export const MARGIN = 15;
export const DIFFERING_WORDS = 2;
/** Words a single-byte reading needs before chardet's language for it means anything. */
const LANGUAGE_WORDS = 5;
/** Words in a plausible reading that may look like mojibake: one in fifty (a long file has odd words of its own). */
const ODD_SHARE = 50;
/** Readings offered when the encoding is not clear. */
const OFFERED = 5;

export interface Reading {
  /** The name iconv-lite decodes it with. */
  encoding: string;
  /** The language chardet's statistics found, in English ("Czech"), if they found one. */
  language?: string;
  confidence: number;
  /** A cell of the input as this reading decodes it, for the user to judge. */
  cell: string;
}

export type Guess = { clear: true; reading: Reading } | { clear: false; readings: Reading[] };

/** What chardet says of a sample: an encoding, how sure it is (0-100), the language of its statistics. */
export interface Match {
  name: string;
  confidence: number;
  lang?: string;
}

export interface Score {
  confidence: number;
  lang?: string;
}

/** A reading of the sample: the code pages that give it, their best score, the words as read. */
export interface Candidate {
  names: string[];
  confidence: number;
  lang?: string;
  /** The sample's words as read, one a line. */
  text: string;
  words: string[];
  plausible: boolean;
  /** Every word fits a Western European alphabet. */
  western: boolean;
}

type Iconv = typeof IconvLite;

/** The guess for an input from its survey; its cells are decoded for the user to see. */
export async function guessEncoding(survey: Survey): Promise<Guess> {
  // chardet's default export: its named exports do not survive the bundle's CommonJS interop.
  const [{ default: chardet }, { default: iconv }] = await Promise.all([import('chardet'), import('iconv-lite')]);
  const joined = Buffer.concat(survey.words.flatMap((w, k) => (k === 0 ? [w.bytes] : [NEWLINE, w.bytes])));
  const scores = scoresOf(iconv, chardet.analyse(joined));
  const names = [...new Set([...COMMON, ...scores.keys(), MAC_ROMAN])];
  const plausible = candidatesOf(iconv, joined, survey.words, names, scores).filter((c) => c.plausible);
  const cellsIn = (c: Candidate) => survey.cells.map((cell) => decodeCell(iconv, cell, c.names[0]!));
  const chosen = choose(plausible);
  if (chosen) {
    const rival = plausible.find((c) => c !== chosen);
    return { clear: true, reading: readingOf(chosen, pickCell(cellsIn(chosen), rival && cellsIn(rival))) };
  }
  const offered = offer(plausible);
  const shown = offered.map(cellsIn);
  const at = differingCell(shown);
  return { clear: false, readings: offered.map((c, k) => readingOf(c, shown[k]![at] ?? '')) };
}

// A line feed between the words: no code page takes 0x0A as the second byte of a character, so a
// word cut in the middle of one (byte-survey.ts) spoils no other, and every reading has as many words.
const NEWLINE = Buffer.from('\n');

/** Whether iconv-lite decodes `name` as a code page, byte by byte or by pairs (not as UTF-8, UTF-16 or UTF-32). */
function codePage(iconv: Iconv, name: string): boolean {
  if (!iconv.encodingExists(name)) return false;
  const codec = iconv.getCodec(name);
  return 'decodeBuf' in codec || 'decodeTables' in codec;
}

/** chardet's matches as a score per code page (an ISO-8859 part's lent to its Windows code page); the best of each, the first on a tie. */
export function scoresOf(iconv: Iconv, matches: readonly Match[]): Map<string, Score> {
  const scores = new Map<string, Score>();
  const credit = (name: string, confidence: number, lang: string | undefined) => {
    if (!codePage(iconv, name)) return;
    const known = scores.get(name);
    if (known === undefined || known.confidence < confidence) scores.set(name, { confidence, ...(lang ? { lang } : {}) });
  };
  for (const match of matches) {
    const name = match.name.toLowerCase();
    credit(name, match.confidence, match.lang);
    for (const sibling of ALSO.get(name) ?? []) credit(sibling, match.confidence, match.lang);
  }
  return scores;
}

/**
 * The sample (its words joined by line feeds) as each of `names` reads it, those giving the same
 * text as one reading (the best score; Windows-1252's name first when it is among them), by
 * confidence, a tie in the order of `names`. A reading with a character no text holds is left out.
 */
export function candidatesOf(iconv: Iconv, joined: Buffer, sample: SampleWord[], names: string[], scores: Map<string, Score>): Candidate[] {
  const found = new Map<string, Candidate>();
  for (const name of names) {
    const text = iconv.decode(joined, name);
    const score = scores.get(name) ?? { confidence: 0 };
    const same = found.get(text);
    if (same) {
      same.names.push(name);
      if (score.confidence > same.confidence) {
        same.confidence = score.confidence;
        same.lang = score.lang;
      }
      continue;
    }
    // The last character of a word cut at its size may be cut in two: not held against the reading.
    const words = text.split('\n').map((w, k) => (sample[k]!.cut ? w.replace(/\ufffd$/, '') : w));
    const verdicts = words.map(judgeWord);
    const odd = verdicts.filter((v) => v === 'odd').length;
    found.set(text, {
      names: [name],
      ...score,
      text,
      words,
      plausible: !verdicts.includes('impossible') && odd <= Math.floor(words.length / ODD_SHARE),
      western: words.every(westernWord),
    });
  }
  const all = [...found.values()];
  for (const c of all) if (c.names.includes('windows-1252')) c.names = ['windows-1252', ...c.names.filter((n) => n !== 'windows-1252')];
  return all.sort((a, b) => b.confidence - a.confidence);
}

/** The reading to take without asking, if one is clear (the rules in this file's header). */
export function choose(plausible: Candidate[]): Candidate | undefined {
  const western = plausible.find((c) => c.names.includes('windows-1252'));
  if (western?.western && plausible.every((c) => c.confidence < western.confidence + MARGIN)) return western;
  const [best, next] = plausible;
  if (!best || best.confidence < MIN_CONFIDENCE) return undefined;
  if (!next) return best;
  return best.confidence - next.confidence >= MARGIN && differing(best, next) >= DIFFERING_WORDS ? best : undefined;
}

function differing(a: Candidate, b: Candidate): number {
  return a.words.filter((w, k) => w !== b.words[k]).length;
}

/** The readings offered when none is clear: by confidence, Windows-1252 after those as sure as it when its words fit no Western alphabet (`Vývojáø`). */
export function offer(plausible: Candidate[]): Candidate[] {
  const unwestern = (c: Candidate) => Number(c.names.includes('windows-1252') && !c.western);
  return [...plausible].sort((a, b) => b.confidence - a.confidence || unwestern(a) - unwestern(b)).slice(0, OFFERED);
}

/** A reading as the user sees it: chardet's language only where it means something (a double-byte code page, or a single-byte one sure of enough words). */
export function readingOf(c: Candidate, cell: string): Reading {
  const encoding = c.names[0]!;
  const meaningful = ONE_LANGUAGE.has(encoding) || (c.confidence >= MIN_CONFIDENCE && c.words.length >= LANGUAGE_WORDS);
  const language = c.lang && meaningful ? new Intl.DisplayNames(['en'], { type: 'language' }).of(c.lang) : undefined;
  return { encoding, confidence: c.confidence, cell, ...(language ? { language } : {}) };
}

/** A cell as `name` reads it, whitespace folded, at most 60 characters; `…` where it was cut. */
export function decodeCell(iconv: Iconv, cell: SampleWord, name: string): string {
  let text = iconv.decode(Buffer.from(cell.bytes), name);
  if (cell.cut) text = text.replace(/\ufffd$/, '');
  text = `${cell.trimmed ? '…' : ''}${text.replace(/\s+/g, ' ').trim()}`;
  const chars = [...text];
  return chars.length > 60 ? `${chars.slice(0, 59).join('')}…` : text;
}

/** The cell to show for a reading: the first that its rival reads otherwise, else the first. */
export function pickCell(cells: string[], rival: string[] | undefined): string {
  const at = rival ? cells.findIndex((cell, k) => cell !== rival[k]) : -1;
  return cells[Math.max(at, 0)] ?? '';
}

/** The index of the first cell that the readings do not all read the same, else 0. */
export function differingCell(readings: string[][]): number {
  const first = readings[0] ?? [];
  const at = first.findIndex((cell, k) => readings.some((r) => r[k] !== cell));
  return Math.max(at, 0);
}
