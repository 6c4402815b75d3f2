// Reads a file named on the command line, or stdin for `-`. A missing or unreadable file is a usage
// error naming the flag (exit 2): nothing has been sent yet.
import { readFile } from 'node:fs/promises';
import type { IO } from './io.js';
import { UsageError } from '../core/errors.js';

export async function readStdin(stdin: IO['stdin']): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stdin as AsyncIterable<Buffer | string>) {
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The text of `path`, or of stdin when `path` is `-`; `what` names the flag for messages. */
export async function readInput(io: IO, path: string, what: string): Promise<string> {
  if (path === '-') return readStdin(io.stdin);
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'it is a directory' : (error as Error).message;
    throw new UsageError(`${what}: cannot read "${path}": ${reason}`);
  }
}

/** Refuses a command line that names stdin (`-`) more than once: it can be read only once. */
export function checkOneStdin(uses: Array<[string, string | undefined]>): void {
  const names = uses.filter(([, value]) => value === '-').map(([name]) => name);
  if (names.length > 1) throw new UsageError(`only one input can come from stdin (-), got ${names.join(' and ')}`);
}
