// A local-state file system (src/core/state-fs.ts) that fails as a full or read-only disk does: the
// real node:fs, except that writes stop after a budget of bytes (the write that crosses it is cut
// short, the next one throws ENOSPC or EROFS), writes may be chopped into small pieces, and any
// call can be made to fail on demand, for chosen paths, after a number of successful calls.
import * as fs from 'node:fs';
import type { StateFs } from '../../src/core/state-fs.js';

export type FsOp = 'openSync' | 'linkSync' | 'renameSync' | 'mkdirSync' | 'fsyncSync' | 'closeSync' | 'rmSync' | 'readFileSync' | 'statSync' | 'existsSync';

export function errno(code: string, syscall = 'write'): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: injected by the test`), { code, syscall });
}

interface Rule {
  code: string;
  match: (path: string) => boolean;
  /** Matching calls that still succeed before the failures start. */
  skip: number;
}

export class FaultyFs {
  /** Bytes writeSync still writes: the write that crosses it is cut short, the next ones throw `code`. */
  budget = Infinity;
  /** What a write past the budget throws. */
  code = 'ENOSPC';
  /** The most bytes one writeSync writes (a short write that is no error). */
  maxChunk = Infinity;
  /** Bytes written, and writeSync calls made (failed ones included). */
  written = 0;
  writeCalls = 0;
  /** Called before each writeSync with the text about to be written (a test acts at that moment). */
  beforeWrite: ((text: string) => void) | undefined;
  private readonly rules = new Map<FsOp, Rule>();

  /** Makes `op` throw `code` for paths `match` accepts, after `skip` matching calls succeed. */
  fail(op: FsOp, code: string, options: { match?: (path: string) => boolean; skip?: number } = {}): this {
    this.rules.set(op, { code, match: options.match ?? (() => true), skip: options.skip ?? 0 });
    return this;
  }

  /** The disk has room again and nothing fails. */
  heal(): void {
    this.budget = Infinity;
    this.maxChunk = Infinity;
    this.rules.clear();
  }

  private check(op: FsOp, path: unknown): void {
    const rule = this.rules.get(op);
    if (!rule || !rule.match(String(path))) return;
    if (rule.skip > 0) {
      rule.skip--;
      return;
    }
    throw errno(rule.code, op.replace(/Sync$/, ''));
  }

  private write(fd: number, buffer: Uint8Array, offset: number, length: number): number {
    this.writeCalls++;
    this.beforeWrite?.(Buffer.from(buffer.subarray(offset, offset + length)).toString('utf8'));
    if (this.budget <= 0) throw errno(this.code);
    const n = Math.min(length, this.budget, this.maxChunk);
    const done = fs.writeSync(fd, buffer, offset, n);
    this.budget -= done;
    this.written += done;
    return done;
  }

  /** The StateFs to pass to the code under test. */
  readonly fs: StateFs = {
    openSync: ((path: fs.PathLike, flags?: fs.OpenMode, mode?: fs.Mode | null) => {
      this.check('openSync', path);
      return fs.openSync(path, flags ?? 'r', mode);
    }) as StateFs['openSync'],
    writeSync: ((fd: number, buffer: unknown, offset?: number, length?: number) => {
      if (!(buffer instanceof Uint8Array) || offset === undefined || length === undefined) {
        throw new Error('FaultyFs: writeSync(fd, bytes, offset, length) is the only form the state code uses');
      }
      return this.write(fd, buffer, offset, length);
    }) as StateFs['writeSync'],
    fsyncSync: (fd) => {
      this.check('fsyncSync', fd);
      fs.fsyncSync(fd);
    },
    closeSync: (fd) => {
      this.check('closeSync', fd);
      fs.closeSync(fd);
    },
    renameSync: (from, to) => {
      this.check('renameSync', to);
      fs.renameSync(from, to);
    },
    rmSync: (path, options) => {
      this.check('rmSync', path);
      fs.rmSync(path, options);
    },
    mkdirSync: ((path: fs.PathLike, options?: fs.MakeDirectoryOptions) => {
      this.check('mkdirSync', path);
      return fs.mkdirSync(path, options);
    }) as StateFs['mkdirSync'],
    linkSync: (existing, link) => {
      this.check('linkSync', link);
      fs.linkSync(existing, link);
    },
    readFileSync: ((path: fs.PathOrFileDescriptor, options?: unknown) => {
      this.check('readFileSync', path);
      return fs.readFileSync(path, options as fs.ObjectEncodingOptions);
    }) as StateFs['readFileSync'],
    statSync: ((path: fs.PathLike, options?: fs.StatSyncOptions) => {
      this.check('statSync', path);
      return fs.statSync(path, options);
    }) as StateFs['statSync'],
    existsSync: (path) => {
      this.check('existsSync', path);
      return fs.existsSync(path);
    },
    readSync: fs.readSync,
    ftruncateSync: fs.ftruncateSync,
  };
}

/** Every file under `dir` whose name matches `pattern` (recursively). */
export function filesUnder(dir: string, pattern: RegExp): string[] {
  if (!fs.existsSync(dir)) return [];
  return (fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }) as string[]).filter((name) => pattern.test(name));
}
