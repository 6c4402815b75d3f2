// The file-system calls that keep local state (journals, locks, saved submissions), behind one seam
// so that tests can make them fail as a full or read-only disk does: ENOSPC, EROFS, short writes.
import * as fs from 'node:fs';

export type StateFs = Pick<
  typeof fs,
  'openSync' | 'writeSync' | 'fsyncSync' | 'closeSync' | 'renameSync' | 'rmSync' | 'mkdirSync' | 'linkSync' | 'readFileSync' | 'statSync' | 'existsSync' | 'readSync' | 'ftruncateSync'
>;

export const nodeFs: StateFs = fs;

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
