// Files that must never be seen half-written: written to a temporary file, then renamed over the
// target (an atomic replace on POSIX file systems). Records that must survive a crash (submissions,
// drafts) are also flushed to disk first; caches need not pay for that on every command.
import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export function writeFileAtomic(file: string, content: string, { durable = true, mode = 0o600 } = {}): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  const fd = openSync(tmp, 'w', mode);
  try {
    writeSync(fd, content);
    if (durable) fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, file);
}
