// The file operations of the state log, passed in so that a test can make the disk fail under a
// running sandbox (ENOSPC, short writes, a failed truncate). Node's `fs` module has this shape.
import * as fs from 'node:fs';

/** What tells whether a file changed: another process wrote, truncated or replaced it. */
export interface FileStamp {
  size: number;
  mtimeMs: number;
  ino: number;
}

export interface StateFs {
  mkdirSync(path: string, options: { recursive: true; mode?: number }): unknown;
  readFileSync(path: string): Buffer;
  openSync(path: string, flags: string, mode?: number): number;
  fstatSync(fd: number): FileStamp;
  statSync(path: string): FileStamp;
  writeSync(fd: number, buffer: Uint8Array, offset: number, length: number): number;
  ftruncateSync(fd: number, length: number): void;
  closeSync(fd: number): void;
  renameSync(from: string, to: string): void;
  unlinkSync(path: string): void;
}

export const nodeStateFs: StateFs = fs;

/** The errno code of a failed file operation (ENOSPC, EROFS, EIO...), for one-line messages. */
export function errorCode(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}
