// A state-log file system that fails on demand: the real node:fs, except for the writes and
// truncations a test tells it to break. Each entry of `writes` decides one writeSync call.
import * as fs from 'node:fs';
import type { StateFs } from '../../src/sandbox/index.js';

export type WriteStep = 'ok' | 'half' | 'ENOSPC' | 'EIO';

function errno(code: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected by the test`), { code });
}

export class FailingFs implements StateFs {
  /** What the next writeSync calls do, one step each; when empty, `full` decides. */
  writes: WriteStep[] = [];
  /** Every write fails with ENOSPC, like a disk that stays full. */
  full = false;
  /** ftruncateSync fails with this code. */
  truncateFails: string | undefined;

  mkdirSync = (path: string, options: { recursive: true }) => fs.mkdirSync(path, options);
  readFileSync = (path: string) => fs.readFileSync(path);
  openSync = (path: string, flags: string, mode?: number) => fs.openSync(path, flags, mode);
  fstatSync = (fd: number) => fs.fstatSync(fd);
  statSync = (path: string) => fs.statSync(path);
  closeSync = (fd: number) => fs.closeSync(fd);
  renameSync = (from: string, to: string) => fs.renameSync(from, to);
  unlinkSync = (path: string) => fs.unlinkSync(path);

  writeSync = (fd: number, buffer: Uint8Array, offset: number, length: number): number => {
    const step = this.writes.shift() ?? (this.full ? 'ENOSPC' : 'ok');
    if (step === 'ENOSPC' || step === 'EIO') throw errno(step);
    return fs.writeSync(fd, buffer, offset, step === 'half' ? Math.max(1, Math.floor(length / 2)) : length);
  };

  ftruncateSync = (fd: number, length: number): void => {
    if (this.truncateFails) throw errno(this.truncateFails);
    fs.ftruncateSync(fd, length);
  };
}
