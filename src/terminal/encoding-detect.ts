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
import type IconvLite from 'iconv-lite';
import type { SampleWord, Survey } from './byte-survey.js';
import { judgeWord, westernWord } from './plausible-words.js';

/** The code pages tried whatever chardet says, in the order a tie is broken. */
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
/** Code pages of one language each: chardet's language for them is the code page's, however short the sample. */
const ONE_LANGUAGE = new Set(['shift_jis', 'euc-jp', 'gb18030', 'big5', 'euc-kr']);
/** Words a single-byte reading needs before chardet's language for it means anything. */
const LANGUAGE_WORDS = 5;
/** Mac Roman (Excel for Mac): chardet has no statistics of it, so it is only ever offered, never read unasked. */
const OFFERED_ONLY = 'macintosh';
/** chardet names an ISO-8859 part when a file has no byte in 0x80-0x9F; the Windows code page of its languages reads the same there. */
const ALSO = new Map<string, string[]>([
  ['iso-8859-1', ['windows-1252', 'iso-8859-15']],
  ['iso-8859-2', ['windows-1250']],
  ['iso-8859-7', ['windows-1253']],
  ['iso-8859-8', ['windows-1255']],
  ['iso-8859-9', ['windows-1254']],
]);
/** What chardet may name that is no single- or double-byte code page: never the answer for a file that is not UTF-8 or UTF-16. */
const NOT_A_CODE_PAGE = /^(utf-|ascii$|iso-2022-)/;

export const MIN_CONFIDENCE = 25;
export const MARGIN = 15;
export const DIFFERING_WORDS = 2;
/** Words in a plausible reading that may look like mojibake: one in fifty (a long file has odd words of its own). */
const ODD_SHARE = 50;

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

interface Candidate {
  names: string[];
  confidence: number;
  lang?: string;
  words: string[];
  plausible: boolean;
  western: boolean;
  offeredOnly: boolean;
}

type Iconv = typeof IconvLite;

/** The guess for an input from its survey; its cells are decoded for the user to see. */
export async function guessEncoding(survey: Survey): Promise<Guess> {
  // chardet's default export: its named exports do not survive the bundle's CommonJS interop.
  const [{ default: chardet }, { default: iconv }] = await Promise.all([import('chardet'), import('iconv-lite')]);
  const joined = Buffer.concat(survey.words.flatMap((w, k) => (k === 0 ? [w.bytes] : [NEWLINE, w.bytes])));
  const scores = new Map<string, { confidence: number; lang?: string }>();
  const credit = (name: string, confidence: number, lang: string | undefined) => {
    if (NOT_A_CODE_PAGE.test(name) || !iconv.encodingExists(name)) return;
    if ((scores.get(name)?.confidence ?? -1) < confidence) scores.set(name, { confidence, ...(lang ? { lang } : {}) });
  };
  for (const match of chardet.analyse(joined)) {
    const name = match.name.toLowerCase();
    credit(name, match.confidence, match.lang);
    for (const sibling of ALSO.get(name) ?? []) credit(sibling, match.confidence, match.lang);
  }
  const names = [...new Set([...COMMON, ...scores.keys(), OFFERED_ONLY])];
  const candidates = merge(names.flatMap((name) => candidate(iconv, name, joined, survey.words, scores.get(name))));
  const plausible = candidates.filter((c) => c.plausible && !c.offeredOnly);
  const chosen = choose(plausible);
  const cellsIn = (c: Candidate) => survey.cells.map((cell) => decodeCell(iconv, cell, c.names[0]!));
  const named = (c: Candidate, cell: string) => reading(c, cell, ONE_LANGUAGE.has(c.names[0]!) || (c.confidence >= MIN_CONFIDENCE && c.words.length >= LANGUAGE_WORDS));
  if (chosen) {
    const rival = plausible.find((c) => c !== chosen);
    return { clear: true, reading: named(chosen, pickCell(cellsIn(chosen), rival ? cellsIn(rival) : undefined)) };
  }
  // Windows-1252 goes after the readings as sure as it when its words fit no Western alphabet (`Vývojáø`).
  const ordered = [...plausible].sort((a, b) => b.confidence - a.confidence || Number(unwestern(a)) - Number(unwestern(b)));
  const offered = [...ordered.slice(0, 5), ...candidates.filter((c) => c.plausible && c.offeredOnly)];
  const shown = offered.map(cellsIn);
  const at = differingCell(shown);
  return { clear: false, readings: offered.map((c, k) => named(c, shown[k]![at] ?? '')) };
}

const unwestern = (c: Candidate) => c.names.includes('windows-1252') && !c.western;

const NEWLINE = Buffer.from('\n');

/** The words as `name` reads them, or nothing when it cannot read them (a character no text holds). */
function candidate(iconv: Iconv, name: string, joined: Buffer, sample: SampleWord[], score: { confidence: number; lang?: string } | undefined): Candidate[] {
  const words = iconv.decode(joined, name).split('\n');
  if (words.length !== sample.length) return [];
  for (let k = 0; k < words.length; k++) if (sample[k]!.cut) words[k] = words[k]!.replace(/\ufffd$/, '');
  const verdicts = words.map(judgeWord);
  if (verdicts.includes('impossible')) return [];
  const odd = verdicts.filter((v) => v === 'odd').length;
  return [
    {
      names: [name],
      confidence: score?.confidence ?? 0,
      ...(score?.lang ? { lang: score.lang } : {}),
      words,
      plausible: odd <= Math.floor(words.length / ODD_SHARE),
      western: words.every(westernWord),
      offeredOnly: name === OFFERED_ONLY,
    },
  ];
}

/** Readings that give the same text are one; it takes the best confidence, and Windows-1252's name when it is among them. */
function merge(candidates: Candidate[]): Candidate[] {
  const merged = new Map<string, Candidate>();
  for (const c of candidates) {
    const key = c.words.join('\n');
    const same = merged.get(key);
    if (!same) {
      merged.set(key, c);
      continue;
    }
    same.names.push(...c.names);
    if (c.confidence > same.confidence) Object.assign(same, { confidence: c.confidence, lang: c.lang });
    same.offeredOnly &&= c.offeredOnly;
  }
  const all = [...merged.values()];
  for (const c of all) if (c.names.includes('windows-1252')) c.names = ['windows-1252', ...c.names.filter((n) => n !== 'windows-1252')];
  // By confidence; a tie goes to the common code pages in their order (Windows-1252 first).
  return all.sort((a, b) => b.confidence - a.confidence || rank(a) - rank(b));
}

function rank(c: Candidate): number {
  const at = COMMON.indexOf(c.names[0]!);
  return at === -1 ? COMMON.length : at;
}

/** The reading to take without asking, if one is clear (the rules in this file's header). */
function choose(plausible: Candidate[]): Candidate | undefined {
  const western = plausible.find((c) => c.names.includes('windows-1252'));
  if (western?.western && plausible.every((c) => c === western || c.confidence < western.confidence + MARGIN)) return western;
  const [best, next] = plausible;
  if (!best || best.confidence < MIN_CONFIDENCE) return undefined;
  if (!next) return best;
  return best.confidence - next.confidence >= MARGIN && differing(best, next) >= DIFFERING_WORDS ? best : undefined;
}

function differing(a: Candidate, b: Candidate): number {
  return a.words.filter((w, k) => w !== b.words[k]).length;
}

let languageNames: Intl.DisplayNames | undefined;

/** `withLanguage`: whether chardet's language for it means anything (a short sample of a single-byte code page gives it none). */
function reading(c: Candidate, cell: string, withLanguage: boolean): Reading {
  let language: string | undefined;
  try {
    if (c.lang && withLanguage) language = (languageNames ??= new Intl.DisplayNames(['en'], { type: 'language' })).of(c.lang);
  } catch {
    language = undefined; // a Node without ICU's names: the code page is named alone
  }
  return { encoding: c.names[0]!, confidence: c.confidence, cell, ...(language ? { language } : {}) };
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
function pickCell(cells: string[], rival: string[] | undefined): string {
  const at = rival ? cells.findIndex((cell, k) => cell !== rival[k]) : -1;
  return cells[Math.max(at, 0)] ?? '';
}

/** The index of the first cell that the readings do not all read the same, else 0. */
function differingCell(readings: string[][]): number {
  const first = readings[0] ?? [];
  const at = first.findIndex((cell, k) => readings.some((r) => r[k] !== cell));
  return Math.max(at, 0);
}
