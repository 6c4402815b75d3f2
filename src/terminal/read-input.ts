// Reads a file named on the command line, or stdin for `-`. A missing or unreadable file is a usage
// error naming the flag (exit 2): nothing has been sent yet. The bytes are decoded as every input
// is (text-input.ts): a BOM is left out, UTF-16 and other encodings are read (told from the bytes,
// or given by --encoding), and bytes that are no text stop the command with their line and column.
import { readFile } from 'node:fs/promises';
import type { IO } from './io.js';
import { UsageError } from '../core/errors.js';
import { AUTO, decodeBytes, encodingNote, lineAndColumn, unreadableAt, unreadableHint, unreadableWhat, type EncodingChoice } from './text-input.js';

export interface ReadOptions {
  /** Hears the note said when the encoding was detected or given rather than said by the bytes. */
  note?: (text: string) => void;
  /** `auto` unless --encoding or the setting names one. */
  encoding?: EncodingChoice;
}

async function stdinBytes(stdin: IO['stdin']): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  }
  return Buffer.concat(chunks);
}

/** Bytes as text; `what` names them in an error and in the note. */
async function textOf(bytes: Uint8Array, what: string, options: ReadOptions): Promise<string> {
  const { text, sniff } = await decodeBytes(bytes, options.encoding ?? AUTO, what);
  const bad = unreadableAt(text);
  if (bad !== -1) {
    const { line, column } = lineAndColumn(text, bad);
    throw new UsageError(`${what} cannot be read: line ${line}, column ${column}: ${unreadableWhat(text, bad, sniff)}`, [], unreadableHint(sniff));
  }
  const said = encodingNote(sniff, what);
  if (said !== undefined) options.note?.(said);
  return text;
}

export async function readStdin(stdin: IO['stdin'], options: ReadOptions = {}): Promise<string> {
  return textOf(await stdinBytes(stdin), 'stdin', options);
}

/** The text of `path`, or of stdin when `path` is `-`; `what` names the flag for messages. */
export async function readInput(io: IO, path: string, what: string, options: ReadOptions = {}): Promise<string> {
  if (path === '-') return textOf(await stdinBytes(io.stdin), `${what} - (stdin)`, options);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new UsageError(`${what}: cannot read "${path}": ${reason}`);
  }
  return textOf(bytes, `${what} ${path}`, options);
}

/** Refuses a command line that names stdin (`-`) more than once: it can be read only once. */
export function checkOneStdin(uses: Array<[string, string | undefined]>): void {
  const names = uses.filter(([, value]) => value === '-').map(([name]) => name);
  if (names.length > 1) throw new UsageError(`only one input can come from stdin (-), got ${names.join(' and ')}`);
}
