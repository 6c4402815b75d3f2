// `--json <fields>` and `--jq <expression>` on every command with JSON output: the command writes
// its JSON as it always does, into a buffer instead of stdout; once it is done, the JSON is cut to
// the fields asked for (each object of an array, or the one object), filtered through jq, and
// written to stdout. One place for every command, so none of them knows about either flag. The
// whole output is held (jq reads it whole anyway): a list of 100,000 jobs is some 150 MB of it.
// A filter that fails (jq's error, or a limit: terminal/jq-limits.ts) prints nothing on stdout; the
// results of a command that changed something are then printed on stderr, unfiltered, one a line,
// so that none is lost (docs/decisions.md, "--jq").
import { CliError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { jsonPieces } from '../core/json-pieces.js';
import { escapeJson, sanitize } from '../core/sanitize.js';
import { writeOut, type Stream } from './io.js';
import type { Jq } from './jq.js';
import { JqStopped } from './jq-limits.js';

export interface Shape {
  /** The fields to keep, in this order. */
  fields?: readonly string[];
  /** A jq expression the JSON goes through, loaded and checked (jq.ts). */
  jq?: Jq;
  expression?: string;
  /** Where the results go, unfiltered, when the filter fails: stderr, for a command that changed something. */
  keep?: Stream;
  /** Where jq's own messages go (`debug`, `stderr`): stderr. */
  messages?: Stream;
}

/** stdout for a command whose JSON is shaped: it keeps what is written, and is no terminal. */
export class CollectedStdout implements Stream {
  readonly isTTY = false;
  private readonly chunks: string[] = [];

  write(chunk: string): boolean {
    this.chunks.push(chunk);
    return true;
  }

  text(): string {
    return this.chunks.join('');
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

function pick(item: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((f) => [f, Object.hasOwn(item, f) ? item[f] : null]));
}

/** Only `fields` of an object, or of each object of an array (a field an object lacks is null); anything else as it is. */
export function selectFields(value: unknown, fields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => (isRecord(item) ? pick(item, fields) : item));
  return isRecord(value) ? pick(value, fields) : value;
}

/** Writes the command's collected JSON to `out`, shaped; a command that wrote nothing writes nothing. */
export async function writeShaped(out: Stream, text: string, shape: Shape): Promise<void> {
  if (text.trim() === '') return;
  let json = text;
  if (shape.fields) {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      await writeOut(out, text);
      throw new CliError('--json <fields>: this command did not print one JSON value; its output is above as it was', EXIT.USAGE, 'usage');
    }
    const selected = selectFields(value, shape.fields);
    if (!shape.jq) {
      // As output.ts's writeJson writes it: in pieces, terminal controls escaped.
      for (const piece of jsonPieces(selected)) await writeOut(out, escapeJson(piece));
      return writeOut(out, '\n');
    }
    json = JSON.stringify(selected);
  }
  if (!shape.jq || shape.expression === undefined) return writeOut(out, text);
  let result: string;
  try {
    const { output, messages } = await shape.jq.run(json, shape.expression);
    if (messages && shape.messages) await writeOut(shape.messages, sanitize(messages.endsWith('\n') ? messages : `${messages}\n`));
    result = output;
  } catch (error) {
    const stopped = error instanceof JqStopped ? error : undefined;
    const failed = stopped ? `the filter ${stopped.message}` : error instanceof Error ? error.message : String(error);
    // Printed before the error: a command that failed as well exits with its own error, not this one.
    if (shape.keep) await keepResults(shape.keep, json, failed);
    const why = stopped
      ? `--jq stopped: ${failed} (RECRUIT_JQ_${stopped.limit === 'memory' ? 'MEMORY' : 'TIMEOUT'} raises the limit; or pipe --json to a jq program)`
      : `--jq: ${failed}`;
    throw new CliError(`${why}; the command itself ran${shape.keep ? ', its results are above on stderr, unfiltered' : ''}`, EXIT.USAGE, 'jq');
  }
  // jq's strings are printed raw: a server's title cannot move the cursor (sanitize keeps \n and \t).
  if (result !== '') await writeOut(out, sanitize(result.endsWith('\n') ? result : `${result}\n`));
}

/** The command's JSON, one item of its array (or its one value) a line, as compact JSON: what a failed filter would have read. */
async function keepResults(err: Stream, json: string, failed: string): Promise<void> {
  const note = (what: string) => writeOut(err, `--jq failed (${sanitize(failed.replace(/\s*\n\s*/g, ' '))}); ${what} of the command, unfiltered:\n`);
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    await note('the output'); // not one JSON value: as it was
    return writeOut(err, escapeJson(json.endsWith('\n') ? json : `${json}\n`));
  }
  const items = Array.isArray(value) ? value : [value];
  await note(items.length === 1 ? 'the result' : `the ${items.length} results`);
  let chunk = '';
  for (const item of items) {
    chunk += `${escapeJson(JSON.stringify(item))}\n`;
    if (chunk.length > 65_536) {
      await writeOut(err, chunk);
      chunk = '';
    }
  }
  await writeOut(err, chunk);
}
