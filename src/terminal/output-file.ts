// --output <file>: a command's data written to a file instead of stdout. Written to a temporary
// file beside it and renamed over it once complete, so an interrupted export never leaves half a
// file under the name a spreadsheet or `jobs apply` will open.
import { createWriteStream, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { UsageError } from '../core/errors.js';
import type { Stream } from './io.js';

export interface OutputFile {
  stream: Stream;
  /** Ends the file and puts it in place. */
  close(): Promise<void>;
  /** Leaves the target as it was (after a failure). */
  discard(): void;
}

export async function openOutputFile(path: string): Promise<OutputFile> {
  const tmp = `${path}.${process.pid}.tmp`;
  const file = createWriteStream(tmp, { flags: 'wx' });
  try {
    await once(file, 'open');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`--output: cannot write "${path}": ${code === 'ENOENT' ? 'no such directory' : (error as Error).message}`);
  }
  return {
    stream: file,
    async close() {
      file.end();
      await once(file, 'finish');
      renameSync(tmp, path);
    },
    discard() {
      file.destroy();
      rmSync(tmp, { force: true });
    },
  };
}
