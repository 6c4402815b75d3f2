// The one decoder of every input file (batch files in CSV, JSON and NDJSON, stdin, --description-file
// and the other files a flag names): UTF-8 with or without a BOM, UTF-16LE/BE with a BOM (or
// without one when the text starts with two ASCII characters), and Windows-1252 as Excel's
// "CSV (Comma delimited)" writes it on Western Windows. The encoding is decided from the whole
// input, scanned once in chunks (bounded memory): valid UTF-8 is UTF-8; invalid UTF-8 without NUL
// bytes and without the five bytes Windows-1252 leaves undefined is Windows-1252 (decoded by
// iconv-lite, loaded only then: Node 20's TextDecoder maps 0x80-0x9F to C1 controls, not to
// `€ – “ ”`). Anything else is kept readable up to its bad bytes: each becomes a lone surrogate
// (U+DC80 + the byte, Python's "surrogateescape"), which no valid input decodes to, and the reader
// that meets one names its row and column (or line) in an error: U+FFFD is never sent.
import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { isUtf8 } from 'node:buffer';
import { StringDecoder } from 'node:string_decoder';

export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface Sniff {
  encoding: TextEncoding;
  /** Bytes of the byte order mark at the start, skipped. */
  bom: number;
  /** UTF-8 that is not valid and not Windows-1252: its bad bytes decode to lone surrogates. */
  damaged?: boolean;
}

const CHUNK = 64 * 1024;
/** The bytes Windows-1252 leaves undefined: a file with one of them is not Windows-1252. */
const UNDEFINED_1252 = [0x81, 0x8d, 0x8f, 0x90, 0x9d];

/** The note said once when an input was read as Windows-1252. */
export function encodingNote(sniff: Sniff, display: string): string | undefined {
  return sniff.encoding === 'windows-1252'
    ? `note: ${display} read as Windows-1252 (Excel's 'CSV (Comma delimited)'); save as 'CSV UTF-8' to skip this note`
    : undefined;
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

/** How many bytes at the end of `bytes` may start a UTF-8 sequence that the next chunk completes. */
function openTail(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if (byte < 0x80) return 0;
    if (byte >= 0xc0) {
      const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : 2;
      return length > back ? back : 0;
    }
  }
  return 0;
}

/** The chunks of an input, scanned in order: what they say about its encoding. */
class Scan {
  private valid = true;
  private nul = false;
  private undefined1252 = false;
  private tail: Uint8Array = new Uint8Array(0);
  private first = true;
  private found: Sniff | undefined;

  push(chunk: Uint8Array): void {
    if (this.first) {
      this.first = false;
      this.found = bomOf(chunk);
      if (this.found?.encoding === 'utf-8') chunk = chunk.subarray(3);
    }
    if (this.decided) return;
    // Every chunk, also those before the first byte that is not UTF-8: the decision is the whole input's.
    this.signs(chunk);
    if (!this.valid) return;
    const bytes = this.tail.length > 0 ? Buffer.concat([this.tail, chunk]) : chunk;
    const open = openTail(bytes);
    this.valid = isUtf8(bytes.subarray(0, bytes.length - open));
    this.tail = Buffer.from(bytes.subarray(bytes.length - open)); // a copy: the chunk's buffer is read into again
  }

  /** Notes the signs that invalid UTF-8 is not Windows-1252 either. */
  private signs(chunk: Uint8Array): void {
    const buffer = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    this.nul ||= buffer.includes(0);
    this.undefined1252 ||= UNDEFINED_1252.some((b) => buffer.includes(b));
  }

  result(): Sniff {
    if (this.valid && this.tail.length > 0) this.valid = false; // a sequence the input never finished
    const valid = this.valid;
    // A UTF-8 BOM says UTF-8: bad bytes after it are damage, not another encoding.
    if (this.found?.encoding === 'utf-8') return valid ? this.found : { ...this.found, damaged: true };
    if (this.found) return this.found;
    if (valid) return { encoding: 'utf-8', bom: 0 };
    if (!this.nul && !this.undefined1252) return { encoding: 'windows-1252', bom: 0 };
    return { encoding: 'utf-8', bom: 0, damaged: true };
  }

  /** A UTF-16 BOM decides at once; UTF-8 (with a BOM or not) is known only at the end. */
  get decided(): boolean {
    return this.found !== undefined && this.found.encoding !== 'utf-8';
  }
}

/** The encoding of a whole input held in memory. */
export function sniffBytes(bytes: Uint8Array): Sniff {
  const scan = new Scan();
  scan.push(bytes);
  return scan.result();
}

/** The encoding of a file, read once in chunks (a UTF-16 BOM decides at the first chunk). */
export async function sniffFile(path: string): Promise<Sniff> {
  const scan = new Scan();
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      scan.push(buffer.subarray(0, bytesRead));
      if (scan.decided) break;
    }
  } finally {
    await handle.close();
  }
  return scan.result();
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

/** The length of the valid UTF-8 sequence at `i`, or 0. */
function sequenceAt(bytes: Uint8Array, i: number): number {
  const lead = bytes[i]!;
  if (lead < 0x80) return 1;
  const cont = (k: number) => k < bytes.length && (bytes[k]! & 0xc0) === 0x80;
  if (lead >= 0xc2 && lead <= 0xdf) return cont(i + 1) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const second = bytes[i + 1];
    if (second === undefined || (lead === 0xe0 && second < 0xa0) || (lead === 0xed && second > 0x9f)) return 0;
    return cont(i + 1) && cont(i + 2) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const second = bytes[i + 1];
    if (second === undefined || (lead === 0xf0 && second < 0x90) || (lead === 0xf4 && second > 0x8f)) return 0;
    return cont(i + 1) && cont(i + 2) && cont(i + 3) ? 4 : 0;
  }
  return 0;
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

/** A decoder for an input of this encoding (iconv-lite is loaded only for Windows-1252). */
export async function chunkDecoder(sniff: Sniff): Promise<ChunkDecoder> {
  if (sniff.encoding === 'windows-1252') {
    const { default: iconv } = await import('iconv-lite');
    const decoder = iconv.getDecoder('windows-1252');
    return { write: (chunk) => decoder.write(Buffer.from(chunk)), end: () => decoder.end() ?? '' };
  }
  if (sniff.encoding === 'utf-16be') return new Utf16Be();
  if (sniff.encoding === 'utf-16le') return new StringDecoder('utf16le');
  if (sniff.damaged) return new EscapingUtf8();
  return new StringDecoder('utf8');
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

/** A whole input held in memory as text, its BOM left out. */
export async function decodeBytes(bytes: Uint8Array): Promise<{ text: string; sniff: Sniff }> {
  const sniff = sniffBytes(bytes);
  const decoder = await chunkDecoder(sniff);
  const text = decoder.write(bytes.subarray(sniff.bom)) + decoder.end();
  return { text, sniff };
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Where the text holds something that could not be read (a lone surrogate), or -1. */
export function unreadableAt(text: string): number {
  return LONE_SURROGATE.exec(text)?.index ?? -1;
}

/** What the unreadable character at `index` was, for a message. */
export function unreadableWhat(text: string, index: number): string {
  const code = text.charCodeAt(index);
  if (code >= 0xdc80 && code <= 0xdcff) {
    return `the byte 0x${(code - 0xdc00).toString(16).toUpperCase().padStart(2, '0')} is not text in UTF-8, UTF-16 or Windows-1252`;
  }
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

/** The advice after an input that cannot be read. */
export const UNREADABLE_HINT = "save the file as UTF-8 (Excel: 'CSV UTF-8'; an editor: 'UTF-8'); nothing was sent";
