// Durable sandbox state: an append-only NDJSON log of snapshots. Each mutation appends one line with
// a synchronous write before the response is sent, so a killed process loses nothing it answered.
// On open, the log is replayed (the last snapshot of a job wins) and compacted when it has grown.
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  truncateSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { Job } from './job.js';

export interface StoredReplay {
  account: string;
  key: string;
  fingerprint: string;
  status: number;
  body: string;
  headers: Record<string, string>;
  createdAt: number;
}

export type LogEntry = { job: Job } | { replay: StoredReplay };

export class StateLog {
  private fd: number | undefined;

  private constructor(private readonly file: string) {}

  /** Reads every entry; a torn last line (a crash mid-write) is ignored. */
  static open(file: string): { log: StateLog; entries: LogEntry[] } {
    mkdirSync(dirname(file), { recursive: true });
    const entries: LogEntry[] = [];
    if (existsSync(file)) {
      const raw = readFileSync(file);
      // The next append must start a line of its own: end a complete last line, cut a torn one off.
      if (raw.length > 0 && raw[raw.length - 1] !== 0x0a) {
        const lineStart = raw.lastIndexOf(0x0a) + 1;
        if (isJson(raw.subarray(lineStart).toString('utf8'))) appendFileSync(file, '\n');
        else truncateSync(file, lineStart);
      }
      for (const line of raw.toString('utf8').split('\n')) {
        if (line.trim() === '') continue;
        try {
          entries.push(JSON.parse(line) as LogEntry);
        } catch {
          // torn write at the end of the log
        }
      }
    }
    const log = new StateLog(file);
    log.fd = openSync(file, 'a', 0o600);
    return { log, entries };
  }

  append(entry: LogEntry): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, `${JSON.stringify(entry)}\n`);
  }

  /** Replaces the whole log with these entries, atomically. */
  rewrite(entries: LogEntry[]): void {
    this.close();
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, entries.map((e) => `${JSON.stringify(e)}\n`).join(''), { mode: 0o600 });
    renameSync(tmp, this.file);
    this.fd = openSync(this.file, 'a', 0o600);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
