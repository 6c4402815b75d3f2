// The items of a batch file: a JSON array, one JSON object, NDJSON (one object per line, blank
// lines ignored), CSV (a `.csv` or `.tsv` name or --format csv; csv-items.ts), or a workbook (an
// `.xlsx` name or --format xlsx; xlsx-items.ts). NDJSON and CSV are streamed, so memory stays flat in
// the file's size; the two whole-document formats are parsed once and kept, and a workbook is read
// within caps. Every text format is decoded by terminal/text-input.ts (UTF-8, UTF-16, another
// encoding told from the bytes or given by --encoding).
import { readFile, stat } from 'node:fs/promises';
import { UsageError } from '../../core/errors.js';
import { MAX_DEPTH } from '../job-input.js';
import type { CsvPass } from './csv-items.js';
import type { RawItem } from './raw-item.js';
import { LongLine, MAX_LINE_CHARS, lineBatches, type Line } from '../../exactly-once/lines.js';
import {
  AUTO,
  decodeBytes,
  encodingNote,
  lineAndColumn,
  mayHoldUnreadable,
  readTextChunks,
  sniffFile,
  unreadableAt,
  unreadableHint,
  unreadableWhat,
  type EncodingChoice,
  type Sniff,
} from '../../terminal/text-input.js';
import { parseDelimiter, type Delimiter } from './delimiter.js';
import { byteKind, refuseUnreadable } from './file-kind.js';
import type { Uses } from '../../context/context.js';
import { inputEncoding } from '../../context/input-encoding.js';

export type Format = 'array' | 'object' | 'ndjson' | 'csv' | 'xlsx';

/** What --format names: CSV, a workbook, or JSON in one of its three forms (told apart by the content). */
export const FILE_FORMATS = ['csv', 'json', 'xlsx'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** What --format says; unless it is given, CSV for a file named `*.csv` or `*.tsv`, a workbook for `*.xlsx`, JSON otherwise. */
export function fileFormat(file: string, format: string | undefined): FileFormat {
  if (format === undefined) {
    if (file === '-') return 'json';
    return /\.[ct]sv$/i.test(file) ? 'csv' : /\.xlsx$/i.test(file) ? 'xlsx' : 'json';
  }
  const wanted = format.trim().toLowerCase();
  if ((FILE_FORMATS as readonly string[]).includes(wanted)) return wanted as FileFormat;
  throw new UsageError(`--format must be csv, json or xlsx, got "${format}"`, [], 'json covers a JSON array, one JSON object and NDJSON, told apart by the content');
}

export type { RawItem } from './raw-item.js';

/** --delimiter as the source's option: only for CSV. */
export function delimiterOption(format: FileFormat, delimiter: string | undefined): { delimiter?: Delimiter } {
  if (delimiter === undefined) return {};
  if (format !== 'csv') throw new UsageError('--delimiter goes with a CSV file (*.csv, *.tsv or --format csv)');
  return { delimiter: parseDelimiter(delimiter) };
}

/** --encoding (or the setting) as the source's option: a text file's; a workbook says its own. */
export async function encodingOption(ctx: Uses<'settings'>, format: FileFormat, encoding: string | undefined): Promise<{ encoding?: EncodingChoice }> {
  if (format !== 'xlsx') return { encoding: await inputEncoding(ctx, encoding) };
  if (encoding !== undefined) throw new UsageError('--encoding goes with a text file (CSV or JSON), not a workbook: a workbook says its own');
  return {};
}

const WHOLE_BATCH = 1000;

/**
 * The largest JSON array or object file read: it is parsed whole (NDJSON, CSV and workbooks stream),
 * and its jobs as objects cost several times its size. 32 MiB holds some 20,000 jobs.
 */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

/**
 * The deepest a JSON array or object file may nest before it is parsed: each level is an object the
 * parser makes (ten million levels, a 20 MB file, took a gigabyte). Far past what a job may nest
 * (MAX_DEPTH, job-input.ts), which is checked after parsing and named by item and field.
 */
export const MAX_DOCUMENT_DEPTH = 200_000;

/** Where `text` first nests deeper than `max` (brackets counted outside strings, before it is parsed), or -1. */
function tooDeepAt(text: string, max: number): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return i;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return -1;
}

/** The first two non-blank lines, which are enough to tell the formats apart (of a line over the cap, its start). */
async function firstLines(path: string, sniff: Sniff): Promise<Line[]> {
  const found: Line[] = [];
  for await (const lines of lineBatches(readTextChunks(path, sniff))) {
    for (const raw of lines) {
      const line = typeof raw === 'string' ? raw.trim() : new LongLine(raw.line, raw.head.trimStart());
      if (line === '') continue;
      found.push(line);
      if (found.length === 2) return found;
    }
  }
  return found;
}

const textOf = (line: Line | undefined) => (line instanceof LongLine ? line.head : line);

/** What an NDJSON line over the cap is: an item that cannot be read. */
function tooLong(): string {
  return `is longer than ${MAX_LINE_CHARS.toLocaleString('en-US')} characters (1 MiB), more than any job needs: not read (is the file damaged?)`;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * `[` starts an array. `{` starts NDJSON when the first line is a whole JSON value by itself (or
 * when the next line starts another object), otherwise one object spread over several lines.
 */
export async function detectFormat(path: string, display: string, sniff: Sniff): Promise<Format> {
  const [line, next] = await firstLines(path, sniff);
  const [first, second] = [textOf(line), textOf(next)];
  if (first === undefined) throw new UsageError(`--file ${display} has no jobs: it is empty`);
  if (first.startsWith('[')) return 'array';
  // A first line over the cap is read as NDJSON, where it is an item that cannot be read, named by its line.
  if (line instanceof LongLine ? first.startsWith('{') : parses(first) || second?.startsWith('{')) return 'ndjson';
  if (first.startsWith('{')) return 'object';
  throw new UsageError(
    `--file ${display} is not JSON: it starts with "${first.slice(0, 20)}"`,
    [],
    'give a JSON array of jobs, one job object, or NDJSON (one job object per line); for CSV, name the file *.csv or pass --format csv',
  );
}

const FORMAT_NAMES: Record<FileFormat, string> = { csv: 'CSV', json: 'JSON', xlsx: 'a workbook' };

/** Whether the file's name says `as` (a `.json` name says JSON); otherwise --format said it, or stdin has no name. */
const byName = (display: string, as: FileFormat): boolean => display !== '-' && /\.(?:[ct]sv|xlsx|json|ndjson|jsonl)$/i.test(display) && fileFormat(display, undefined) === as;

/** The first line that holds anything starts as JSON does (`[` or `{`): no CSV header does. */
async function startsAsJson(path: string, sniff: Sniff): Promise<boolean> {
  const first = textOf((await firstLines(path, sniff))[0]);
  return first !== undefined && /^[[{]/.test(first);
}

/** The first line is no JSON and has a CSV's separators: a header row. */
async function startsAsCsv(path: string, sniff: Sniff): Promise<boolean> {
  const first = textOf((await firstLines(path, sniff))[0]);
  return first !== undefined && !/^[[{"]/.test(first) && /[,;\t]/.test(first);
}

/** "at position 42" in a JSON.parse message, as a line and column. */
function where(text: string, message: string): string {
  message = message.replace(/\r?\n/g, '\\n');
  const position = /position (\d+)/.exec(message);
  if (!position || /line \d+/.test(message)) return message;
  const before = text.slice(0, Number(position[1]));
  const line = before.split('\n').length;
  return `${message} (line ${line}, column ${before.length - before.lastIndexOf('\n')})`;
}

export interface SourceOptions {
  /** CSV rows with an id are read, not skipped, their id and service columns kept (csv-row.ts). */
  readExisting?: boolean;
  /** --delimiter: the CSV separator; unset, told from the header row (a `.tsv` name: tab). */
  delimiter?: Delimiter;
  /** The sheet of a workbook to read (--sheet); its first visible sheet unless told. */
  sheet?: string | undefined;
  /**
   * Says a note about what is read (a workbook's sheet, its hidden rows and columns) as soon as it
   * is known, before an error the reading may end with; each note once, however often the file is read.
   */
  note?: (text: string) => void;
  /** The encoding of a text file: `auto` (told from its bytes), or the name --encoding or the setting gives. */
  encoding?: EncodingChoice;
}

/** What cannot be read in a line of text: said with its column, or undefined. */
function unreadableIn(text: string, sniff: Sniff): string | undefined {
  const at = unreadableAt(text);
  return at === -1 ? undefined : `column ${at + 1}: ${unreadableWhat(text, at, sniff)}`;
}

export class ItemSource {
  private document: unknown[] | undefined;
  private readonly said = new Set<string>();
  /** The last pass over a CSV file: its header, and the rows of existing jobs it skipped. */
  csv: CsvPass | undefined;

  constructor(
    readonly path: string,
    readonly display: string,
    readonly format: Format,
    private readonly options: SourceOptions = {},
    /** The file's encoding, decided once from all its bytes. */
    readonly sniff: Sniff = { encoding: 'utf-8', bom: 0 },
  ) {}

  /** Rows of a spreadsheet (CSV or a workbook): numbered as it numbers them, a header naming the columns. */
  get isSheet(): boolean {
    return this.format === 'csv' || this.format === 'xlsx';
  }

  /**
   * `as`: the format the name or --format says. The bytes have the last word where they say another
   * (file-kind.ts): a zip is a workbook, a workbook's name over text is CSV or JSON by the content,
   * and a name's CSV or JSON that the content contradicts is read as the content says, each with a
   * note naming both; a file no reader reads (.xls, .ods, PDF, gzip) is refused, naming what it is.
   */
  static async open(path: string, display: string, as: FileFormat = 'json', options: SourceOptions = {}): Promise<ItemSource> {
    const kind = await byteKind(path);
    if (!(kind === 'ole' && as === 'xlsx')) refuseUnreadable(kind, display); // an .xlsx that is OLE: the workbook reader names it
    const read = (format: FileFormat) => `note: --file ${display} is ${FORMAT_NAMES[format]}, not ${FORMAT_NAMES[as]}${byName(display, as) ? ' as its name says' : ''}: read as ${FORMAT_NAMES[format]}`;
    if (kind === 'zip' && as !== 'xlsx') options.note?.(read('xlsx'));
    if (options.sheet !== undefined && as !== 'xlsx' && kind !== 'zip') throw new UsageError('--sheet goes with a workbook (an *.xlsx file, or --format xlsx)');
    // A workbook is a zip, no text: it has no encoding to sniff.
    if (kind === 'zip' || kind === 'ole') return new ItemSource(path, display, 'xlsx', options);
    const sniff = await sniffFile(path, options.encoding ?? AUTO, `--file ${display}`);
    if (as === 'csv' || as === 'xlsx') {
      const json = await startsAsJson(path, sniff);
      if (as === 'xlsx') options.note?.(read(json ? 'json' : 'csv'));
      else if (json) options.note?.(read('json'));
      return new ItemSource(path, display, json ? await detectFormat(path, display, sniff) : 'csv', options, sniff);
    }
    if (byName(display, as) && (await startsAsCsv(path, sniff))) {
      options.note?.(read('csv'));
      return new ItemSource(path, display, 'csv', options, sniff);
    }
    return new ItemSource(path, display, await detectFormat(path, display, sniff), options, sniff);
  }

  /** The decoded text may hold bytes that are no text (damaged UTF-8, UTF-16, other encodings): only then is it searched for them. */
  private get mayHoldUnreadable(): boolean {
    return mayHoldUnreadable(this.sniff);
  }

  /** The note to say once when the file's encoding was detected or given, not said by its bytes. */
  get encodingNote(): string | undefined {
    return encodingNote(this.sniff, this.display);
  }

  private async whole(): Promise<unknown[]> {
    if (this.document) return this.document;
    const { size } = await stat(this.path);
    if (size > MAX_DOCUMENT_BYTES) {
      throw new UsageError(
        `--file ${this.display} is ${(size / 1024 / 1024).toFixed(1)} MiB; a JSON ${this.format === 'array' ? 'array' : 'document'} is read whole, and may be at most ${MAX_DOCUMENT_BYTES / 1024 / 1024} MiB`,
        [],
        "write it as NDJSON, one job per line, which is read as a stream whatever its size (`jq -c '.[]' jobs.json > jobs.ndjson`); nothing was sent",
      );
    }
    const { text } = await decodeBytes(await readFile(this.path), AUTO, this.display, this.sniff);
    const deep = tooDeepAt(text, MAX_DOCUMENT_DEPTH);
    if (deep !== -1) {
      const { line, column } = lineAndColumn(text, deep);
      throw new UsageError(
        `--file ${this.display} is nested more than ${MAX_DOCUMENT_DEPTH.toLocaleString('en-US')} levels deep at line ${line}, column ${column}: not read (a job nests at most ${MAX_DEPTH} levels)`,
        [],
        'only a field recruit does not know can nest; flatten it or leave it out; nothing was sent',
      );
    }
    const bad = unreadableAt(text);
    if (bad !== -1) {
      const { line, column } = lineAndColumn(text, bad);
      throw new UsageError(`--file ${this.display} cannot be read: line ${line}, column ${column}: ${unreadableWhat(text, bad, this.sniff)}`, [], unreadableHint(this.sniff));
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw new UsageError(`--file ${this.display} is not valid JSON: ${where(text, (error as Error).message)}`, [], 'nothing was sent');
    }
    this.document = this.format === 'array' && Array.isArray(value) ? value : [value];
    return this.document;
  }

  /** The items one at a time. */
  async *items(): AsyncGenerator<RawItem> {
    for await (const batch of this.itemBatches()) yield* batch;
  }

  /** The items in groups (a chunk of NDJSON lines, or the whole document), in file order. */
  async *itemBatches(): AsyncGenerator<RawItem[]> {
    if (this.format === 'csv') {
      const { csvItemBatches } = await import('./csv-items.js');
      this.csv = { existing: 0, readExisting: this.options.readExisting === true };
      const delimiter = this.options.delimiter ?? ([this.path, this.display].some((name) => /\.tsv$/i.test(name)) ? '\t' : undefined);
      yield* csvItemBatches(readTextChunks(this.path, this.sniff), this.display, this.csv, { ...(delimiter ? { delimiter } : {}), ...(this.mayHoldUnreadable ? { exact: this.sniff } : {}) });
      return;
    }
    if (this.format === 'xlsx') {
      const { xlsxItemBatches } = await import('./xlsx-items.js');
      this.csv = { existing: 0, readExisting: this.options.readExisting === true };
      const note = (text: string): void => {
        if (this.said.has(text)) return;
        this.said.add(text);
        this.options.note?.(text);
      };
      yield* xlsxItemBatches(this.path, this.display, this.csv, { sheet: this.options.sheet, note });
      return;
    }
    if (this.format !== 'ndjson') {
      const items = await this.whole();
      for (let start = 0; start < items.length; start += WHOLE_BATCH) {
        yield items.slice(start, start + WHOLE_BATCH).map((value, k) => ({ index: start + k, value }));
      }
      return;
    }
    let index = 0;
    let line = 0;
    const exact = this.mayHoldUnreadable;
    for await (const lines of lineBatches(readTextChunks(this.path, this.sniff))) {
      const batch: RawItem[] = [];
      for (const raw of lines) {
        line++;
        if (typeof raw !== 'string') {
          batch.push({ index, line, error: tooLong() });
          index++;
          continue;
        }
        const text = raw.trim();
        if (text === '') continue;
        const unreadable = exact ? unreadableIn(raw, this.sniff) : undefined;
        if (unreadable !== undefined) {
          batch.push({ index, line, text, error: `cannot be read: ${unreadable}` });
          index++;
          continue;
        }
        try {
          batch.push({ index, line, text, value: JSON.parse(text) });
        } catch (error) {
          batch.push({ index, line, text, error: `not valid JSON: ${(error as Error).message}` });
        }
        index++;
      }
      if (batch.length > 0) yield batch;
    }
  }
}
