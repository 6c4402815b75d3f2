// The file-system calls that keep local state (journals, locks, saved submissions), behind one seam
// so that tests can make them fail as a full or read-only disk does: ENOSPC, EROFS, short writes.
// Named imports, not `import * as fs`: the bundle's CommonJS form copies every export of node:fs
// for a namespace, some 100 properties on every start.
import { closeSync, existsSync, fsyncSync, ftruncateSync, linkSync, mkdirSync, openSync, readFileSync, readSync, renameSync, rmSync, statSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

export const nodeFs = { openSync, writeSync, fsyncSync, closeSync, renameSync, rmSync, mkdirSync, linkSync, readFileSync, statSync, existsSync, readSync, ftruncateSync };

export type StateFs = typeof nodeFs;

/**
 * Writes every byte of `data` at the end of `fd` (opened for appending or fresh). A short write is
 * continued until the whole is written or the system says why it cannot be (ENOSPC...); the
 * caller knows then that not everything is on disk.
 */
export function writeAll(fsys: StateFs, fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  let done = 0;
  while (done < bytes.length) {
    const n = fsys.writeSync(fd, bytes, done, bytes.length - done);
    if (n <= 0) throw Object.assign(new Error('the write made no progress'), { code: 'EIO' });
    done += n;
  }
}

/**
 * `mkdir -p` whose error names the real cause. Node's recursive mkdir reports a directory it may
 * not make for a reason other than a few it knows (EROFS: a read-only file system) as ENOENT; the
 * directory is then made one level at a time, so that the error is the system's own.
 */
export function makeDirectory(fsys: StateFs, dir: string, mode = 0o700): void {
  try {
    fsys.mkdirSync(dir, { recursive: true, mode });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    const parent = dirname(dir);
    if (parent !== dir && !fsys.existsSync(parent)) makeDirectory(fsys, parent, mode);
    try {
      fsys.mkdirSync(dir, { mode });
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EEXIST' && fsys.statSync(dir).isDirectory()) return; // made meanwhile
      throw again;
    }
  }
}
