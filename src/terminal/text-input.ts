// The one decoder of every input file (batch files in CSV, JSON and NDJSON, stdin, --description-file
// and the other files a flag names). How an encoding is chosen (docs/decisions.md, "Spreadsheets:
// encodings ..."; docs/guides/spreadsheets.md): a BOM says UTF-8 or UTF-16 (as do two ASCII
// characters with NULs between them); valid UTF-8 is UTF-8. The whole input is scanned once in
// chunks for that (bounded memory); a UTF-8 input goes no further, and pays for no detection.
// Input that is not valid UTF-8 is surveyed (byte-survey.ts): as many valid characters beyond ASCII
// as bad bytes or more is UTF-8 with damage, and so is a NUL byte; anything else is another
// encoding, told by the detector (encoding-detect.ts, loaded only then) or refused when it is not
// clear. `--encoding` (or the `encoding` setting) names it instead; a UTF-8 input that it would
// misread is refused. Every encoding other than UTF-8 and UTF-16 is decoded by iconv-lite, loaded
// only then (Node 20's TextDecoder maps Windows-1252's 0x80-0x9F to C1 controls, not to `€ – “ ”`).
// Bytes that are no text in the encoding are kept readable: each becomes a lone surrogate (U+DC80 +
// the byte, Python's "surrogateescape"; U+DC00 for a bad sequence of a double-byte code page),
// which no valid input decodes to, and the reader that meets one names its row and column (or
// line) in an error: U+FFFD is never sent.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { isAscii, isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';
import { UsageError } from '../core/errors.js';
import type { ByteSurvey, Survey } from './byte-survey.js';
import { openTail, sequenceAt } from './utf8-sequences.js';
import type { Reading } from './encoding-detect.js';

/** `auto`, or the name (any iconv-lite knows) that --encoding, RECRUIT_ENCODING or the profile gave. */
export interface EncodingChoice {
  name: string;
  /** Where a name was given, for messages: `--encoding`, `RECRUIT_ENCODING`, `encoding in profile "work"`. */
  where: string;
}

export const AUTO: EncodingChoice = { name: 'auto', where: 'default' };

export interface Sniff {
  /** `utf-8`, `utf-16le`, `utf-16be`, or the iconv-lite name of another encoding. */
  encoding: string;
  /** Bytes of the byte order mark at the start, skipped. */
  bom: number;
  /** UTF-8 that is not valid: its bad bytes decode to lone surrogates. */
  damaged?: boolean;
  /** How an encoding the bytes do not say was chosen: `detected`, or where it was given (`--encoding`). Said in a note. */
  chosen?: string;
  /** A cell of the input holding text beyond ASCII, as read: shown in the note. */
  sample?: string;
}

const CHUNK = 64 * 1024;

/** The note said once when an input was read in an encoding its bytes do not say outright. */
export function encodingNote(sniff: Sniff, display: string): string | undefined {
  if (sniff.chosen === undefined) return undefined;
  // ASCII read as RECRUIT_ENCODING or the profile says: the same text in any of them, nothing to see.
  if (!sniff.sample && sniff.chosen !== '--encoding') return undefined;
  const sample = sniff.sample ? `: "${sniff.sample}"` : '';
  if (sniff.chosen !== 'detected') return `note: ${display} read as ${sniff.encoding} (${sniff.chosen})${sample}`;
  const excel = sniff.encoding === 'windows-1252' ? "; Excel's 'CSV (Comma delimited)'" : '';
  return `note: ${display} read as ${sniff.encoding} (detected${excel})${sample}; if it reads wrong, pass --encoding <name>; save the file as UTF-8 to skip this note`;
}

function bomOf(head: Uint8Array): Sniff | undefined {
  const [a, b, c, d] = head;
  if (a === 0xef && b === 0xbb && c === 0xbf) return { encoding: 'utf-8', bom: 3 };
  if (a === 0xff && b === 0xfe) return { encoding: 'utf-16le', bom: 2 };
  if (a === 0xfe && b === 0xff) return { encoding: 'utf-16be', bom: 2 };
  // Two ASCII characters in UTF-16 without a BOM (no text file starts with NULs between letters).
  const ascii = (x: number | undefined) => x !== undefined && x > 0 && x < 0x80;
  if (ascii(a) && b === 0 && ascii(c) && d === 0) return { encoding: 'utf-16le', bom: 0 };
  if (a === 0 && ascii(b) && c === 0 && ascii(d)) return { encoding: 'utf-16be', bom: 0 };
  return undefined;
}

/** What the first pass over an input found. */
interface Scanned {
  /** A BOM, or UTF-16's pattern of NULs, at the start. */
  found: Sniff | undefined;
  /** The bytes after a UTF-8 BOM are valid UTF-8. */
  valid: boolean;
  /** They hold a byte of 0x80 or above. */
  beyondAscii: boolean;
}

/** The chunks of an input, scanned in order: whether they are UTF-8 (natively: no cost per byte in JavaScript). */
class Scan {
  private valid = true;
  private beyondAscii = false;
  private tail: Uint8Array = new Uint8Array(0);
  private first = true;
  private found: Sniff | undefined;

  push(chunk: Uint8Array): void {
    if (this.first) {
      this.first = false;
      this.found = bomOf(chunk);
      if (this.found?.encoding === 'utf-8') chunk = chunk.subarray(3);
    }
    if (this.decided || !this.valid) return;
    this.beyondAscii ||= !isAscii(chunk);
    const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    const open = openTail(bytes);
    this.valid = isUtf8(bytes.subarray(0, bytes.length - open));
    this.tail = Buffer.from(bytes.subarray(bytes.length - open)); // a copy: the chunk's buffer is read into again
  }

  result(): Scanned {
    if (this.valid && this.tail.length > 0) this.valid = false; // a sequence the input never finished
    return { found: this.found, valid: this.valid, beyondAscii: this.beyondAscii };
  }

  /** A UTF-16 BOM decides at once; UTF-8 (with a BOM or not) is known only at the end. */
  get decided(): boolean {
    return this.found !== undefined && this.found.encoding !== 'utf-8';
  }
}

/** Where an input's bytes come from: a first pass, and a second from after the BOM when one is needed. */
interface Source {
  scan(): Promise<Scanned>;
  survey(from: number): Promise<Survey>;
}

/**
 * The encoding of an input and how it was chosen. `what` names the input in a refusal (exit 2):
 * an encoding that cannot be told, or a forced one that contradicts the bytes.
 */
async function decide(source: Source, choice: EncodingChoice, what: string): Promise<Sniff> {
  const scanned = await source.scan();
  if (choice.name.toLowerCase() !== 'auto') return forced(source, scanned, choice, what);
  const { found, valid } = scanned;
  // A UTF-8 BOM says UTF-8: bad bytes after it are damage, not another encoding.
  if (found?.encoding === 'utf-8') return valid ? found : { ...found, damaged: true };
  if (found) return found;
  if (valid) return { encoding: 'utf-8', bom: 0 };
  const survey = await source.survey(0);
  const { mostlyUtf8 } = await import('./byte-survey.js');
  if (survey.nul || mostlyUtf8(survey)) return { encoding: 'utf-8', bom: 0, damaged: true };
  const { guessEncoding } = await import('./encoding-detect.js');
  const guess = await guessEncoding(survey);
  if (!guess.clear) throw unclear(what, guess.readings);
  return { encoding: guess.reading.encoding, bom: 0, chosen: 'detected', ...(guess.reading.cell ? { sample: guess.reading.cell } : {}) };
}

/** The refusal of an input whose encoding cannot be told: its plausible readings, for the user to pick one. */
function unclear(what: string, readings: Reading[]): UsageError {
  const named = (r: Reading) => (r.language ? `${r.encoding} (${r.language})` : r.encoding);
  if (readings.length === 0) {
    return new UsageError(
      `${what} is not UTF-8, and no common encoding reads it as text`,
      [],
      'pass its encoding with --encoding <name> (e.g. --encoding windows-1252), or save the file as UTF-8; nothing was sent',
    );
  }
  const likely = readings.map(named);
  return new UsageError(
    `${what} is not UTF-8, and its encoding is not clear; it looks like ${likely.length === 1 ? likely[0] : `${likely.slice(0, -1).join(', ')} or ${likely.at(-1)}`}`,
    readings.map((r) => ({ message: `as ${r.encoding}: "${r.cell}"` })),
    `pass the one that reads right with --encoding (--encoding ${readings[0]!.encoding}, say), or save the file as UTF-8; nothing was sent`,
  );
}

/** The family of a name iconv-lite knows: UTF-8 and UTF-16 are decoded here, the rest by iconv-lite. */
async function familyOf(choice: EncodingChoice): Promise<string> {
  const name = choice.name.trim().toLowerCase();
  if (/^utf-?8$/.test(name)) return 'utf-8';
  const { default: iconv } = await import('iconv-lite');
  let codec: { enc?: unknown; encodingName?: unknown; constructor: { name: string } };
  try {
    codec = iconv.getCodec(name) as typeof codec;
  } catch {
    throw unknownEncoding(choice);
  }
  if (codec.enc === 'utf8') return 'utf-8';
  if (codec.enc === 'ucs2') return 'utf-16le';
  if (codec.constructor.name === 'Utf16BECodec') return 'utf-16be';
  return name;
}

function unknownEncoding(choice: EncodingChoice): UsageError {
  return new UsageError(
    `${choice.where} "${choice.name}" is not an encoding recruit knows`,
    [],
    'give auto (the default), utf-8, or a name such as windows-1250, windows-1251, iso-8859-15, macintosh, shift_jis, gbk, euc-kr (any name iconv-lite knows)',
  );
}

/** An encoding name (or `auto`) checked: exit 2 naming where it was given if iconv-lite does not know it. */
export async function checkEncoding(choice: EncodingChoice): Promise<EncodingChoice> {
  if (choice.name.trim().toLowerCase() !== 'auto') await familyOf(choice);
  return choice;
}

/** An encoding given by --encoding or the setting: used as it is, unless the bytes say outright that it is wrong. */
async function forced(source: Source, scanned: Scanned, choice: EncodingChoice, what: string): Promise<Sniff> {
  const family = await familyOf(choice);
  const chosen = { chosen: choice.where };
  const { found, valid, beyondAscii } = scanned;
  if (found && found.encoding !== family) {
    throw new UsageError(
      `${what} starts with a ${found.bom > 0 ? `${found.encoding.toUpperCase()} byte order mark` : `${found.encoding.toUpperCase()} character`}, but ${choice.where} says ${choice.name}`,
      [],
      `pass --encoding auto (the file says its encoding) or --encoding ${found.encoding}; nothing was sent`,
    );
  }
  const bom = found?.bom ?? 0;
  if (family === 'utf-16le' || family === 'utf-16be') return { encoding: family, bom, ...chosen };
  const survey = await source.survey(bom);
  const { default: iconv } = await import('iconv-lite');
  const { decodeCell } = await import('./encoding-detect.js');
  const cell = survey.cells[0];
  if (family === 'utf-8') {
    const sample = cell ? { sample: decodeCell(iconv, cell, 'utf-8').replace(/�/g, '?') } : {};
    return { encoding: 'utf-8', bom, ...chosen, ...sample, ...(valid ? {} : { damaged: true }) };
  }
  if (valid && beyondAscii && cell) {
    throw new UsageError(
      `${what} is UTF-8 ("${decodeCell(iconv, cell, 'utf-8')}"), but ${choice.where} says ${choice.name}, which would read it as "${decodeCell(iconv, cell, family)}"`,
      [],
      `pass --encoding auto or --encoding utf-8${choice.where === '--encoding' ? '' : ` (${choice.where} set it)`}; nothing was sent`,
    );
  }
  return { encoding: family, bom, ...chosen, ...(cell ? { sample: decodeCell(iconv, cell, family) } : {}) };
}

/** The survey of an input that is not valid UTF-8 (loaded only for one: a UTF-8 input pays for none of it). */
async function newSurvey(): Promise<ByteSurvey> {
  const { ByteSurvey } = await import('./byte-survey.js');
  return new ByteSurvey();
}

/** The encoding of a whole input held in memory. */
export async function sniffBytes(bytes: Uint8Array, choice: EncodingChoice = AUTO, what = 'the input'): Promise<Sniff> {
  return decide(
    {
      scan: async () => {
        const scan = new Scan();
        scan.push(bytes);
        return scan.result();
      },
      survey: async (from) => {
        const survey = await newSurvey();
        survey.push(bytes.subarray(from));
        return survey.result();
      },
    },
    choice,
    what,
  );
}

/** Each chunk of a file in order, from `from`; stops early when `enough` says so. */
async function eachChunk(path: string, from: number, take: (chunk: Uint8Array) => void, enough = () => false): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK);
    let position = from;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, position);
      if (bytesRead === 0) break;
      position += bytesRead;
      take(buffer.subarray(0, bytesRead));
      if (enough()) break;
    }
  } finally {
    await handle.close();
  }
}

/** The encoding of a file, read once in chunks (a UTF-16 BOM decides at the first chunk), and again only when it is not UTF-8. */
export async function sniffFile(path: string, choice: EncodingChoice = AUTO, what = path): Promise<Sniff> {
  return decide(
    {
      scan: async () => {
        const scan = new Scan();
        await eachChunk(path, 0, (chunk) => scan.push(chunk), () => scan.decided);
        return scan.result();
      },
      survey: async (from) => {
        const survey = await newSurvey();
        await eachChunk(path, from, (chunk) => survey.push(chunk));
        return survey.result();
      },
    },
    choice,
    what,
  );
}

/** Turns the bytes of one input, chunk by chunk, into text. */
export interface ChunkDecoder {
  write(chunk: Uint8Array): string;
  end(): string;
}

/** UTF-8 whose bad bytes become U+DC80 + the byte; a sequence cut by a chunk's end waits for the next. */
class EscapingUtf8 implements ChunkDecoder {
  private tail: Uint8Array = new Uint8Array(0);

  write(chunk: Uint8Array): string {
    const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const open = openTail(bytes);
    this.tail = Buffer.from(bytes.subarray(bytes.length - open)); // a copy: the chunk's buffer is read into again
    return escapeBytes(bytes.subarray(0, bytes.length - open));
  }

  end(): string {
    const rest = escapeBytes(Buffer.from(this.tail));
    this.tail = new Uint8Array(0);
    return rest;
  }
}

function escapeBytes(bytes: Buffer): string {
  let out = '';
  let start = 0;
  for (let i = 0; i < bytes.length; ) {
    const length = sequenceAt(bytes, i);
    if (length > 0) {
      i += length;
      continue;
    }
    out += bytes.toString('utf8', start, i) + String.fromCharCode(0xdc00 + bytes[i]!);
    i++;
    start = i;
  }
  return out + bytes.toString('utf8', start);
}

/** UTF-16BE: the bytes of each pair swapped, then read as UTF-16LE. */
class Utf16Be implements ChunkDecoder {
  private readonly inner = new StringDecoder('utf16le');
  private odd: number | undefined;

  write(chunk: Uint8Array): string {
    let bytes = Buffer.from(chunk);
    if (this.odd !== undefined) bytes = Buffer.concat([Buffer.from([this.odd]), bytes]);
    this.odd = bytes.length % 2 === 1 ? bytes[bytes.length - 1] : undefined;
    if (this.odd !== undefined) bytes = bytes.subarray(0, bytes.length - 1);
    return this.inner.write(bytes.swap16());
  }

  end(): string {
    // A last odd byte cannot be text: an escaped byte, which the reader reports.
    const odd = this.odd === undefined ? '' : String.fromCharCode(0xdc00 + this.odd);
    return this.inner.end() + odd;
  }
}

/**
 * iconv-lite's decoder of an encoding, its bad bytes kept as lone surrogates: in a single-byte code
 * page each byte is one character, so the byte behind each U+FFFD is known (U+DC80 + the byte); in
 * a double-byte one it is not, and a bad sequence becomes U+DC00. No input of these encodings holds
 * a U+FFFD of its own (GB18030 could encode one; no one writes it).
 */
async function iconvDecoder(encoding: string): Promise<ChunkDecoder> {
  const { default: iconv } = await import('iconv-lite');
  const decoder = iconv.getDecoder(encoding);
  const singleByte = 'decodeBuf' in iconv.getCodec(encoding);
  const escaped = (text: string, bytes: Uint8Array | undefined): string => {
    if (!text.includes('\ufffd')) return text;
    if (singleByte && bytes && text.length === bytes.length) return text.replace(/\ufffd/g, (_, at: number) => String.fromCharCode(0xdc00 + bytes[at]!));
    return text.replace(/\ufffd/g, '\udc00');
  };
  return {
    write: (chunk) => escaped(decoder.write(Buffer.from(chunk)), chunk),
    end: () => escaped(decoder.end() ?? '', undefined),
  };
}

/** A decoder for an input of this encoding (iconv-lite is loaded only for an encoding that is not UTF-8 or UTF-16). */
export async function chunkDecoder(sniff: Sniff): Promise<ChunkDecoder> {
  if (sniff.encoding === 'utf-16be') return new Utf16Be();
  if (sniff.encoding === 'utf-16le') return new StringDecoder('utf16le');
  if (sniff.encoding !== 'utf-8') return iconvDecoder(sniff.encoding);
  if (sniff.damaged) return new EscapingUtf8();
  return new StringDecoder('utf8');
}

/** Whether the decoded text may hold what could not be read (lone surrogates): only then is it searched for them. */
export function mayHoldUnreadable(sniff: Sniff): boolean {
  return sniff.damaged === true || sniff.encoding !== 'utf-8';
}

/** The text of a file in chunks of about 64 KiB, read only as fast as it is consumed, its BOM left out. */
export async function* readTextChunks(path: string, sniff: Sniff): AsyncGenerator<string> {
  const decoder = await chunkDecoder(sniff);
  const stream = createReadStream(path, { start: sniff.bom, highWaterMark: CHUNK });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const text = decoder.write(chunk);
      if (text !== '') yield text;
    }
    const rest = decoder.end();
    if (rest !== '') yield rest;
  } finally {
    stream.destroy();
  }
}

/** A whole input held in memory as text, its BOM left out; its encoding told (or given) unless `known`. */
export async function decodeBytes(bytes: Uint8Array, choice: EncodingChoice = AUTO, what = 'the input', known?: Sniff): Promise<{ text: string; sniff: Sniff }> {
  const sniff = known ?? (await sniffBytes(bytes, choice, what));
  const decoder = await chunkDecoder(sniff);
  const text = decoder.write(bytes.subarray(sniff.bom)) + decoder.end();
  return { text, sniff };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Where the text holds something that could not be read (a lone surrogate), or -1. */
export function unreadableAt(text: string): number {
  return LONE_SURROGATE.exec(text)?.index ?? -1;
}

/** The encoding of an input as messages name it. */
function label(sniff: Sniff | undefined): string {
  const encoding = sniff?.encoding ?? 'utf-8';
  return encoding.startsWith('utf-') ? encoding.toUpperCase() : encoding;
}

/** What the unreadable character at `index` was, for a message. */
export function unreadableWhat(text: string, index: number, sniff?: Sniff): string {
  const code = text.charCodeAt(index);
  const utf16 = sniff?.encoding.startsWith('utf-16') === true;
  if (code >= 0xdc80 && code <= 0xdcff) return `the byte 0x${(code - 0xdc00).toString(16).toUpperCase().padStart(2, '0')} is not text in ${label(sniff)}`;
  if (code === 0xdc00 && !utf16 && sniff !== undefined) return `bytes that are not text in ${label(sniff)}`;
  return 'half of a UTF-16 character (an unpaired surrogate) is not text';
}

/** The 1-based line and column of `index` in `text`. */
export function lineAndColumn(text: string, index: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: index - start + 1 };
}

/** The advice after an input that cannot be read, by what it was read as. */
export function unreadableHint(sniff: Sniff | undefined): string {
  if (sniff?.encoding === 'utf-8' && sniff.chosen === undefined) {
    return 'the rest of the file is UTF-8: retype the text there (pasted from a file in another encoding?), or pass --encoding <name> if the whole file is in another encoding; nothing was sent';
  }
  if (sniff?.chosen !== undefined) return `the file is not ${label(sniff)} there: pass the right --encoding, or save the file as UTF-8; nothing was sent`;
  return "save the file as UTF-8 (Excel: 'CSV UTF-8'; an editor: 'UTF-8'); nothing was sent";
}
