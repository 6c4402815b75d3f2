// A file's lines, read only as fast as they are consumed. readline's async iterator reads ahead
// and queues lines while the consumer waits on the network, which for a large batch file would
// pull most of the file into memory; a pull-based generator over the stream keeps it to one chunk.
// Each chunk is scanned once: the unfinished line is kept as a list of pieces, never concatenated
// and rescanned per chunk (which made a long line cost quadratic time), and a line longer than the
// cap is not kept at all: a damaged file (a power loss leaves megabytes without a newline) costs
// one pass and at most the cap in memory.
import { createReadStream } from 'node:fs';

const CHUNK = 64 * 1024;

/** The longest line kept, in characters: generous for a job (a long description), small for memory. */
export const MAX_LINE_CHARS = 1024 * 1024;

/** A line longer than the cap, in place of its text: its 1-based number and its first characters. */
export class LongLine {
  constructor(
    readonly line: number,
    readonly head: string,
  ) {}
}

export type Line = string | LongLine;

const HEAD = 64;

/**
 * The lines of `chunks`, without their `\n` or `\r\n`, one array per chunk that ends a line. A line
 * of more than `maxChars` characters is a LongLine; reading it holds at most `maxChars` of it.
 */
export async function* lineBatches(chunks: AsyncIterable<string>, maxChars = MAX_LINE_CHARS): AsyncGenerator<Line[]> {
  let pieces: string[] = [];
  let held = 0;
  /** The line being skipped (over the cap), or undefined. */
  let long: LongLine | undefined;
  let number = 0;
  const joined = (tail: string) => (held === 0 ? tail : pieces.join('') + tail);
  for await (const chunk of chunks) {
    const lines: Line[] = [];
    let start = 0;
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      number++;
      if (long) {
        lines.push(long);
        long = undefined;
      } else {
        let text = joined(chunk.slice(start, end));
        if (text.charCodeAt(text.length - 1) === 13) text = text.slice(0, -1);
        lines.push(text.length > maxChars ? new LongLine(number, text.slice(0, HEAD)) : text);
      }
      if (held !== 0) {
        pieces = [];
        held = 0;
      }
      start = end + 1;
    }
    if (!long && start < chunk.length) {
      // + 1: room for the `\r` of a line of exactly maxChars, still unknown
      if (held + chunk.length - start > maxChars + 1) {
        long = new LongLine(number + 1, joined(chunk.slice(start, start + HEAD)).slice(0, HEAD));
        pieces = [];
        held = 0;
      } else {
        pieces.push(chunk.slice(start));
        held += chunk.length - start;
      }
    }
    if (lines.length > 0) yield lines;
  }
  if (long) yield [long];
  else if (held !== 0) {
    let text = joined('');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    yield [text.length > maxChars ? new LongLine(number + 1, text.slice(0, HEAD)) : text];
  }
}

/**
 * The lines of each chunk read of the file: one step per chunk, not per line, for a consumer that
 * handles thousands of lines. Returning early (break) closes the file.
 */
export async function* readLineBatches(path: string, maxChars = MAX_LINE_CHARS): AsyncGenerator<Line[]> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK });
  try {
    yield* lineBatches(stream as AsyncIterable<string>, maxChars);
  } finally {
    stream.destroy();
  }
}

/** The file's lines one at a time. */
export async function* readLines(path: string, maxChars = MAX_LINE_CHARS): AsyncGenerator<Line> {
  for await (const lines of readLineBatches(path, maxChars)) yield* lines;
}
