// A file's lines, read only as fast as they are consumed. readline's async iterator reads ahead
// and queues lines while the consumer waits on the network, which for a large batch file would
// pull most of the file into memory; a pull-based generator over the stream keeps it to one chunk.
import { createReadStream } from 'node:fs';

const CHUNK = 64 * 1024;

/**
 * The lines of each chunk read, without their `\n` or `\r\n`: one step per chunk, not per line,
 * for a consumer that handles thousands of lines. Returning early (break) closes the file.
 */
export async function* readLineBatches(path: string): AsyncGenerator<string[]> {
  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: CHUNK });
  let rest = '';
  try {
    for await (const chunk of stream as AsyncIterable<string>) {
      const text = rest + chunk;
      const lines: string[] = [];
      let start = 0;
      for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
        lines.push(text.charCodeAt(end - 1) === 13 ? text.slice(start, end - 1) : text.slice(start, end));
        start = end + 1;
      }
      rest = text.slice(start);
      if (lines.length > 0) yield lines;
    }
    if (rest !== '') yield [rest.endsWith('\r') ? rest.slice(0, -1) : rest];
  } finally {
    stream.destroy();
  }
}

/** The file's lines one at a time. */
export async function* readLines(path: string): AsyncGenerator<string> {
  for await (const lines of readLineBatches(path)) yield* lines;
}
