// Files that must never be seen half-written: written to a temporary file, then renamed over the
// target (an atomic replace on POSIX file systems). Records that must survive a crash (submissions,
// drafts) are also flushed to disk first; caches need not pay for that on every command. A failed
// write leaves the target as it was and no temporary file behind, and throws.
import { dirname } from 'node:path';
import { makeDirectory, nodeFs, writeAll, type StateFs } from './state-fs.js';

export function writeFileAtomic(file: string, content: string, { durable = true, mode = 0o600, fs = nodeFs }: { durable?: boolean; mode?: number; fs?: StateFs } = {}): void {
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
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}
