// Files that must never be seen half-written: written to a temporary file, then renamed over the
// target (an atomic replace on POSIX file systems). Records that must survive a crash (submissions,
// drafts) are also flushed to disk first; caches need not pay for that on every command. A failed
// write leaves the target as it was and no temporary file behind, and throws. On Windows the
// rename waits out a file held open for a moment by another process (rename-retry.ts).
import { dirname } from 'node:path';
import { renameRetrying, type RenameTiming } from './rename-retry.js';
import { makeDirectory, nodeFs, writeAll, type StateFs } from './state-fs.js';

export interface AtomicWriteOptions {
  durable?: boolean;
  mode?: number;
  fs?: StateFs;
  /** For tests: the platform whose rename rules apply, and how a retried rename waits. */
  platform?: NodeJS.Platform;
  timing?: RenameTiming;
}

export function writeFileAtomic(file: string, content: string, { durable = true, mode = 0o600, fs = nodeFs, ...rename }: AtomicWriteOptions = {}): void {
  makeDirectory(fs, dirname(file));
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = fs.openSync(tmp, 'w', mode);
  try {
    try {
      writeAll(fs, fd, content);
      if (durable) fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    renameRetrying(fs, tmp, file, rename);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}
