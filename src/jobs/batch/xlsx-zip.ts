// A workbook (.xlsx, a zip of XML parts) checked before it is read, in bounded memory: its size, the
// number of its parts, and what each part really inflates to (counted as it streams, not taken from
// the zip's own word), with the rows and cells of its sheets and their merged areas. A zip bomb or a
// sheet of millions of rows is refused here, naming the cap; the reader then streams the parts it
// needs (partChunks; xlsx-items.ts). An encrypted workbook or a legacy .xls (both OLE compound
// files, not zips) is refused by name. The caps are documented in docs/reference/limits.md.
import { open } from 'node:fs/promises';
import { createInflateRaw } from 'node:zlib';
import { createReadStream } from 'node:fs';
import { pipeline } from 'node:stream';
import { UsageError } from '../../core/errors.js';

const MiB = 1024 * 1024;

export const XLSX_CAPS = {
  /** The workbook file itself. */
  fileBytes: 64 * MiB,
  /** Parts (files) in the zip. */
  parts: 1000,
  /** What one part inflates to: a bound on the time a zip bomb costs (parts are streamed, never held). */
  partBytes: 256 * MiB,
  /** What every part inflates to, together. */
  totalBytes: 512 * MiB,
  /** What the shared strings inflate to: they are held (as UTF-8) while the sheet is read. */
  sharedStringsBytes: 32 * MiB,
  /** Rows of every sheet together, empty rows that are stored counted. */
  rows: 200_000,
  /** Cells of every sheet together. */
  cells: 4_000_000,
  /** Merged areas of every sheet together (held while the sheet is read). */
  merges: 10_000,
  /**
   * The columns a cell may stand in (A to SF), as many as a batch file's header may name: a row
   * is as wide as its rightmost cell, so one cell in column XFD would make a row 16,384 wide.
   */
  columns: 500,
} as const;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

export interface Part {
  name: string;
  method: number;
  compressed: number;
  size: number;
  offset: number;
}

/** The signature of an OLE compound file: a legacy .xls, or an encrypted workbook (ECMA-376 Part 2 holds an encrypted OOXML file in one). */
const OLE = Buffer.from('d0cf11e0a1b11ae1', 'hex');
const ENCRYPTED_PACKAGE = Buffer.from('EncryptedPackage', 'utf16le');

/** Why a compound file is not read: encrypted (it holds an `EncryptedPackage` stream) or a legacy .xls. */
async function compoundFile(file: Awaited<ReturnType<typeof open>>, size: number, display: string): Promise<UsageError> {
  const chunk = Buffer.alloc(MiB + ENCRYPTED_PACKAGE.length);
  for (let at = 0; at < size; at += MiB) {
    const { bytesRead } = await file.read(chunk, 0, chunk.length, at);
    if (chunk.subarray(0, bytesRead).includes(ENCRYPTED_PACKAGE)) {
      return new UsageError(`--file ${display} is not read: the workbook is protected with a password`, [], 'save an unprotected copy (in Excel: File, Info, Protect Workbook, Encrypt with Password, clear the password; in LibreOffice: Save As without "Save with password"); nothing was sent');
    }
  }
  return new UsageError(`--file ${display} is not read: it is a legacy Excel 97-2003 workbook (.xls), not an .xlsx workbook`, [], 'save it from the spreadsheet as "Excel Workbook (.xlsx)", or as CSV; nothing was sent');
}

const mib = (bytes: number) => `${(bytes / MiB).toLocaleString('en-US', { maximumFractionDigits: 1 })} MiB`;
const count = (n: number) => n.toLocaleString('en-US');

class Refusal extends UsageError {
  constructor(display: string, why: string, hint = 'save the jobs as several smaller workbooks, or as CSV (which has no such caps); nothing was sent') {
    super(`--file ${display} is not read: ${why}`, [], hint);
  }
}

/** The zip's table of contents (its central directory). */
async function partsOf(path: string, display: string): Promise<Part[]> {
  const file = await open(path, 'r');
  try {
    const { size } = await file.stat();
    const magic = Buffer.alloc(8);
    await file.read(magic, 0, 8, 0);
    if (magic.equals(OLE)) throw await compoundFile(file, size, display);
    if (size > XLSX_CAPS.fileBytes) throw new Refusal(display, `it is ${mib(size)}; a workbook may be at most ${mib(XLSX_CAPS.fileBytes)}`);
    const tailLength = Math.min(size, 22 + 0xffff);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    let end = -1;
    for (let at = tailLength - 22; at >= 0; at--) {
      if (tail.readUInt32LE(at) === EOCD) {
        end = at;
        break;
      }
    }
    const notZip = () => new Refusal(display, 'it is not a workbook (an .xlsx file is a zip archive, and this is not one)', 'save it from the spreadsheet as "Excel Workbook (.xlsx)"; nothing was sent');
    if (end < 0) throw notZip();
    const entries = tail.readUInt16LE(end + 10);
    const directorySize = tail.readUInt32LE(end + 12);
    const directoryOffset = tail.readUInt32LE(end + 16);
    if (entries === 0xffff || directoryOffset === 0xffffffff) throw new Refusal(display, 'it is a ZIP64 archive, which no workbook of this size needs');
    if (entries > XLSX_CAPS.parts) throw new Refusal(display, `it has ${count(entries)} parts; a workbook may have at most ${count(XLSX_CAPS.parts)}`);
    if (directoryOffset + directorySize > size) throw notZip();
    const directory = Buffer.alloc(directorySize);
    await file.read(directory, 0, directorySize, directoryOffset);
    const parts: Part[] = [];
    let at = 0;
    for (let k = 0; k < entries; k++) {
      if (at + 46 > directorySize || directory.readUInt32LE(at) !== CENTRAL) throw notZip();
      const nameLength = directory.readUInt16LE(at + 28);
      const skip = nameLength + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32);
      parts.push({
        method: directory.readUInt16LE(at + 10),
        compressed: directory.readUInt32LE(at + 20),
        size: directory.readUInt32LE(at + 24),
        offset: directory.readUInt32LE(at + 42),
        name: directory.toString('utf8', at + 46, at + 46 + nameLength),
      });
      at += 46 + skip;
    }
    // Where each part's data starts: after its local header, whose name and extra field have their own lengths.
    const header = Buffer.alloc(30);
    for (const part of parts) {
      if (part.offset + 30 > size) throw notZip();
      await file.read(header, 0, 30, part.offset);
      if (header.readUInt32LE(0) !== LOCAL) throw notZip();
      part.offset += 30 + header.readUInt16LE(26) + header.readUInt16LE(28);
      if (part.offset + part.compressed > size) throw notZip();
    }
    return parts;
  } finally {
    await file.close();
  }
}

const isSheet = (name: string) => /^\/?xl\/worksheets\/[^/]+\.xml$/.test(name);

/** Column letters (`A`, `XFD`) as a number from 1. */
export function columnNumber(letters: string): number {
  let n = 0;
  for (const c of letters) n = n * 26 + (c.charCodeAt(0) - 64);
  return n;
}

/** Column number (from 1) as letters. */
export function columnLetters(n: number): string {
  let letters = '';
  for (let k = n; k > 0; k = Math.floor((k - 1) / 26)) letters = String.fromCharCode(65 + ((k - 1) % 26)) + letters;
  return letters;
}

/**
 * Counts `<row` and `<c` tags in a stream of XML bytes, across chunk ends, and the rightmost column a
 * cell names; keeps each `<mergeCell ref>` (they follow the rows in a sheet, but are needed before).
 * A tag may have a namespace prefix (`<x:row>`).
 */
class TagCounter {
  rows = 0;
  cells = 0;
  merges: string[] = [];
  /** The rightmost column a cell that holds something names in its `r`, and the cell. */
  widest = { column: 0, ref: '' };
  private carry = '';

  add(chunk: Buffer): void {
    let text = this.carry + chunk.toString('latin1');
    // A tag cut at the chunk's end is read with the next chunk (a start tag is short: its attributes only).
    const cut = text.lastIndexOf('<');
    this.carry = cut >= 0 && text.indexOf('>', cut) === -1 && text.length - cut < 1024 ? text.slice(cut) : '';
    if (this.carry) text = text.slice(0, cut);
    for (const match of text.matchAll(/<(?:[\w.-]+:)?(row|c|mergeCell)(?=[\s>/])([^>]*)/g)) {
      if (match[1] === 'mergeCell') {
        const ref = /\sref="([^"]*)"/.exec(match[2]!);
        if (ref && this.merges.length <= XLSX_CAPS.merges) this.merges.push(ref[1]!);
        continue;
      }
      if (match[1] === 'row') {
        this.rows++;
        continue;
      }
      this.cells++;
      // An empty cell (`<c r="XFD1" s="4"/>`: Gnumeric styles a whole row so) holds nothing to read.
      const ref = match[2]!.endsWith('/') ? null : /\sr="([A-Z]{1,3})(\d+)"/.exec(match[2]!);
      if (ref) {
        const column = columnNumber(ref[1]!);
        if (column > this.widest.column) this.widest = { column, ref: ref[1]! + ref[2]! };
      }
    }
  }
}

/** Inflates one part as a stream, counting its bytes (and tags), stopping at `limit`. */
function inflatedSize(path: string, part: Part, limit: number, tags?: TagCounter, stopAt?: () => boolean): Promise<number | 'over'> {
  return new Promise((resolve, reject) => {
    if (part.compressed === 0) return resolve(0);
    const input = createReadStream(path, { start: part.offset, end: part.offset + part.compressed - 1 });
    let size = 0;
    let settled = false;
    const finish = (result: number | 'over' | Error) => {
      if (settled) return;
      settled = true;
      input.destroy();
      inflate?.destroy();
      if (result instanceof Error) reject(result);
      else resolve(result);
    };
    const inflate = part.method === 8 ? createInflateRaw() : undefined;
    const out = inflate ?? input;
    out.on('data', (chunk: Buffer) => {
      size += chunk.length;
      tags?.add(chunk);
      if (size > limit || stopAt?.()) finish('over');
    });
    out.on('end', () => finish(size));
    out.on('error', (error: Error) => finish(error));
    input.on('error', (error: Error) => finish(error));
    if (inflate) input.pipe(inflate);
  });
}

/** A workbook that passed the check: its parts by name, and the merged areas of each sheet part. */
export interface WorkbookZip {
  path: string;
  parts: ReadonlyMap<string, Part>;
  merges: ReadonlyMap<string, readonly string[]>;
}

const isSharedStrings = (name: string) => /(^|\/)sharedStrings[^/]*\.xml$/i.test(name);

/**
 * Throws a UsageError naming the cap a workbook passes, or why it is not a zip; otherwise the
 * workbook is within every cap of XLSX_CAPS.
 */
export async function checkWorkbook(path: string, display: string): Promise<WorkbookZip> {
  const parts = await partsOf(path, display);
  let total = 0;
  let merged = 0;
  const merges = new Map<string, string[]>();
  const tags = new TagCounter();
  const tooMany = () => tags.rows > XLSX_CAPS.rows || tags.cells > XLSX_CAPS.cells || tags.widest.column > XLSX_CAPS.columns || merged + tags.merges.length > XLSX_CAPS.merges;
  for (const part of parts) {
    if (part.method !== 0 && part.method !== 8) throw new Refusal(display, `its part ${part.name} is compressed in a way a workbook does not use (method ${part.method})`);
    const limit = Math.min(isSharedStrings(part.name) ? XLSX_CAPS.sharedStringsBytes : XLSX_CAPS.partBytes, XLSX_CAPS.totalBytes - total);
    if (part.size > limit) throw overSize(display, part, limit);
    let size: number | 'over';
    try {
      size = await inflatedSize(path, part, limit, isSheet(part.name) ? tags : undefined, tooMany);
    } catch (error) {
      throw new Refusal(display, `its part ${part.name} cannot be inflated (${(error as Error).message}): the file is damaged`, 'save it again from the spreadsheet; nothing was sent');
    }
    if (tags.widest.column > XLSX_CAPS.columns) {
      throw new Refusal(
        display,
        `a sheet (its part ${part.name}) has a cell in column ${columnLetters(tags.widest.column)} (cell ${tags.widest.ref}, column ${count(tags.widest.column)}); a workbook's cells may stand in its first ${count(XLSX_CAPS.columns)} columns (A to ${columnLetters(XLSX_CAPS.columns)})`,
        `delete the columns right of the jobs (select them, Delete Columns) and save again, or save the sheet as CSV; nothing was sent`,
      );
    }
    if (tooMany()) {
      const [what, cap] = tags.rows > XLSX_CAPS.rows ? ['rows', XLSX_CAPS.rows] : tags.cells > XLSX_CAPS.cells ? ['cells', XLSX_CAPS.cells] : ['merged areas', XLSX_CAPS.merges];
      throw new Refusal(display, `its sheets have more than ${count(cap)} ${what}; a workbook may have at most ${count(cap)}`);
    }
    if (size === 'over') throw overSize(display, part, limit);
    total += size;
    if (tags.merges.length > 0) {
      merges.set(part.name.replace(/^\//, ''), tags.merges);
      merged += tags.merges.length;
      tags.merges = [];
    }
  }
  return { path, parts: new Map(parts.map((p) => [p.name.replace(/^\//, ''), p])), merges };
}

/** A part's bytes, inflated as they stream (the part was checked: checkWorkbook). */
export async function* partChunks(path: string, part: Part): AsyncGenerator<Buffer> {
  if (part.compressed === 0) return;
  const input = createReadStream(path, { start: part.offset, end: part.offset + part.compressed - 1 });
  if (part.method !== 8) {
    yield* input as AsyncIterable<Buffer>;
    return;
  }
  const inflate = createInflateRaw();
  pipeline(input, inflate, () => undefined); // an error of either ends the loop below with it
  try {
    yield* inflate as AsyncIterable<Buffer>;
  } finally {
    input.destroy();
    inflate.destroy();
  }
}

function overSize(display: string, part: Part, limit: number): Refusal {
  return limit < Math.min(XLSX_CAPS.partBytes, isSharedStrings(part.name) ? XLSX_CAPS.sharedStringsBytes : Infinity)
    ? new Refusal(display, `its parts inflate to more than ${mib(XLSX_CAPS.totalBytes)} together; a workbook may hold at most that (is it a zip bomb?)`)
    : new Refusal(display, `its part ${part.name} inflates to more than ${mib(limit)}; ${isSharedStrings(part.name) ? 'the shared strings' : 'one part'} may hold at most that (is it a zip bomb?)`);
}
