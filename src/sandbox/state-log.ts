// Durable sandbox state: an append-only NDJSON log. Each change is appended with a synchronous write
// before the response is sent, so a killed process loses nothing it answered; a write that fails is
// cut back off the file, so the file never holds a change that was not answered as done.
import { dirname } from 'node:path';
import { readStateLog, StateFileError, type LogEntry } from './state-entries.js';
import { errorCode, nodeStateFs, type FileStamp, type StateFs } from './state-fs.js';

/** A change could not be written; the file is as it was before it (unless `damaged` says otherwise). */
export class StateWriteError extends Error {
  constructor(
    readonly file: string,
    readonly code: string,
    /** Set when the partial write could not be cut off: the log refuses every later write. */
    readonly damaged?: string,
  ) {
    super(`state file ${file}: not written (${code})`);
  }
}

function lines(entries: readonly LogEntry[]): Buffer {
  return Buffer.from(entries.map((e) => `${JSON.stringify(e)}\n`).join(''), 'utf8');
}

export class StateLog {
  private fd: number | undefined;
  /** The file's length after the last complete write: where a failed write is cut back to. */
  private size = 0;
  /** Why the log refuses writes: a failed write left bytes it could not cut off. */
  private damaged: string | undefined;
  /** The file as this log last left it: a different stamp means another process changed it. */
  private stamp: FileStamp | undefined;

  private constructor(
    private readonly file: string,
    private readonly fs: StateFs,
  ) {}

  /** Opens the log and reads its entries; throws StateFileError when the file cannot be used. */
  static open(file: string, fs: StateFs = nodeStateFs): { log: StateLog; entries: LogEntry[] } {
    const log = new StateLog(file, fs);
    const step = <T>(what: string, action: () => T): T => {
      try {
        return action();
      } catch (error) {
        throw new StateFileError(`state file ${file}: cannot ${what} (${errorCode(error)}); refusing to start`);
      }
    };
    step('create its directory', () => fs.mkdirSync(dirname(file), { recursive: true, mode: 0o700 }));
    const raw = step('read it', () => {
      try {
        return fs.readFileSync(file);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return Buffer.alloc(0);
        throw error;
      }
    });
    const read = readStateLog(file, raw);
    const fd = step('open it for writing', () => fs.openSync(file, 'a', 0o600));
    log.fd = fd;
    try {
      log.size = fs.fstatSync(fd).size;
      // The next append must start a line of its own: cut a torn last line off, end a complete one.
      if (read.keepBytes < log.size) {
        fs.ftruncateSync(fd, read.keepBytes);
        log.size = read.keepBytes;
      }
      if (read.needsNewline) log.write(Buffer.from('\n'));
      log.stamp = fs.fstatSync(fd);
    } catch (error) {
      log.close();
      throw new StateFileError(`state file ${file}: cannot repair its last line (${errorCode(error)}); refusing to start`);
    }
    return { log, entries: read.entries };
  }

  /** Appends the entries in one write: all of them, or (on StateWriteError) none. */
  append(entries: readonly LogEntry[]): void {
    this.write(lines(entries));
  }

  private write(data: Buffer): void {
    if (this.damaged !== undefined) throw new StateWriteError(this.file, this.damaged, this.damaged);
    if (this.fd === undefined) throw new StateWriteError(this.file, 'ECLOSED');
    try {
      writeAll(this.fs, this.fd, data);
    } catch (error) {
      const code = errorCode(error);
      try {
        this.fs.ftruncateSync(this.fd, this.size);
      } catch (cutError) {
        this.damaged = errorCode(cutError);
        throw new StateWriteError(this.file, code, this.damaged);
      }
      throw new StateWriteError(this.file, code);
    }
    this.size += data.length;
    this.takeStamp();
  }

  private takeStamp(): void {
    try {
      this.stamp = this.fd === undefined ? undefined : this.fs.fstatSync(this.fd);
    } catch {
      this.stamp = undefined;
    }
  }

  /**
   * The log's entries read anew when another process (a second `--sandbox` command, `sandbox
   * approve` in another terminal) changed the file since this log last wrote it, else undefined.
   * One stat when nothing changed, so a batch of thousands of requests reads the file only once.
   * The file is not repaired here: a torn last line may be another process's write under way.
   */
  reread(): LogEntry[] | undefined {
    let now: FileStamp;
    try {
      now = this.fs.statSync(this.file);
    } catch {
      return undefined; // moved aside or unreadable: go on with what is known
    }
    const was = this.stamp;
    if (was && now.size === was.size && now.mtimeMs === was.mtimeMs && now.ino === was.ino) return undefined;
    if (was && now.ino !== was.ino) {
      // Replaced (another process compacted it): append to the new file, not the old one.
      this.close();
      this.fd = this.fs.openSync(this.file, 'a', 0o600);
    }
    const raw = this.fs.readFileSync(this.file);
    const entries = readStateLog(this.file, raw).entries;
    this.size = raw.length;
    this.stamp = now;
    return entries;
  }

  /** Empties the log (a reset to the seed). A truncation needs no free space. */
  clear(): void {
    if (this.fd === undefined) throw new StateWriteError(this.file, 'ECLOSED');
    try {
      this.fs.ftruncateSync(this.fd, 0);
    } catch (error) {
      throw new StateWriteError(this.file, errorCode(error), this.damaged);
    }
    this.size = 0;
    this.damaged = undefined;
    this.takeStamp();
  }

  /** Replaces the whole log with these entries, atomically: on failure the old log stays in use. */
  rewrite(entries: readonly LogEntry[]): void {
    const tmp = `${this.file}.${process.pid}.tmp`;
    const data = lines(entries);
    let tmpFd: number | undefined;
    try {
      tmpFd = this.fs.openSync(tmp, 'w', 0o600);
      writeAll(this.fs, tmpFd, data);
      this.fs.closeSync(tmpFd);
      tmpFd = undefined;
      this.fs.renameSync(tmp, this.file);
    } catch (error) {
      if (tmpFd !== undefined) ignoreError(() => this.fs.closeSync(tmpFd!));
      ignoreError(() => this.fs.unlinkSync(tmp));
      throw new StateWriteError(this.file, errorCode(error));
    }
    this.close();
    try {
      this.fd = this.fs.openSync(this.file, 'a', 0o600);
    } catch (error) {
      this.damaged = errorCode(error);
      throw new StateWriteError(this.file, this.damaged, this.damaged);
    }
    this.size = data.length;
    this.takeStamp();
  }

  close(): void {
    if (this.fd !== undefined) ignoreError(() => this.fs.closeSync(this.fd!));
    this.fd = undefined;
  }
}

/** A short write is not a failure by itself (the rest is written next); an error or no progress is. */
function writeAll(fs: StateFs, fd: number, data: Buffer): void {
  for (let offset = 0; offset < data.length; ) {
    const written = fs.writeSync(fd, data, offset, data.length - offset);
    if (!(written > 0)) throw Object.assign(new Error('the write made no progress'), { code: 'ENOPROGRESS' });
    offset += written;
  }
}

function ignoreError(action: () => void): void {
  try {
    action();
  } catch {
    // already failing, or closing: nothing more to do
  }
}
