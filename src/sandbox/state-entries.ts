// The lines of the state log and how a file of them is read back. One line holds one committed
// change: a job snapshot, an idempotency record, or both when a request made both, so that no torn
// write can keep a job without the record that makes its retry a replay.
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

export interface LogEntry {
  job?: Job;
  replay?: StoredReplay;
}

/** One line per change: a job and its idempotency record share a line, written as one. */
export function mergeEntries(entries: readonly LogEntry[]): LogEntry[] {
  const merged: LogEntry[] = [];
  let line: LogEntry | undefined;
  for (const entry of entries) {
    if (line && ((entry.job && line.job) || (entry.replay && line.replay))) {
      merged.push(line);
      line = undefined;
    }
    line = { ...line, ...entry };
  }
  if (line) merged.push(line);
  return merged;
}

/** The state file cannot be used; the message names the file and says why, for the user. */
export class StateFileError extends Error {}

export interface ReadLog {
  entries: LogEntry[];
  /** Bytes to keep: a torn last line (a crash mid-write) is cut off. */
  keepBytes: number;
  /** The last line is complete but lacks its newline: one must be written before the next line. */
  needsNewline: boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isJob(v: unknown): v is Job {
  return isObject(v) && Number.isSafeInteger(v.id) && typeof v.account === 'string' && typeof v.status === 'number';
}

function isReplay(v: unknown): v is StoredReplay {
  return (
    isObject(v) &&
    typeof v.account === 'string' &&
    typeof v.key === 'string' &&
    typeof v.fingerprint === 'string' &&
    typeof v.status === 'number' &&
    typeof v.body === 'string' &&
    isObject(v.headers) &&
    typeof v.createdAt === 'number'
  );
}

function isEntry(v: unknown): v is LogEntry {
  if (!isObject(v) || (v.job === undefined && v.replay === undefined)) return false;
  return (v.job === undefined || isJob(v.job)) && (v.replay === undefined || isReplay(v.replay));
}

function parse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

/**
 * Reads the log. A torn last line is expected after a crash and is cut off; any other line that is
 * not an entry means the file was damaged (or is not a state file), and starting from what is left
 * would silently lose jobs, so it is refused.
 */
export function readStateLog(file: string, raw: Buffer): ReadLog {
  const entries: LogEntry[] = [];
  const damaged = (line: number, what: string) =>
    new StateFileError(
      `state file ${file}: line ${line} ${what}; refusing to start (a torn last line is cut off, a broken line in the ` +
        'middle means the file was damaged: repair it, or move it aside to start from the seeded state)',
    );
  let start = 0;
  for (let line = 1; start < raw.length; line++) {
    const newline = raw.indexOf(0x0a, start);
    const end = newline === -1 ? raw.length : newline;
    const text = raw.toString('utf8', start, end);
    if (text.trim() !== '') {
      const parsed = parse(text);
      if (!parsed.ok) {
        if (newline === -1) return { entries, keepBytes: start, needsNewline: false };
        throw damaged(line, 'is not valid JSON');
      }
      if (!isEntry(parsed.value)) throw damaged(line, 'is not a sandbox state entry');
      entries.push(parsed.value);
    }
    if (newline === -1) return { entries, keepBytes: raw.length, needsNewline: text.trim() !== '' };
    start = newline + 1;
  }
  return { entries, keepBytes: raw.length, needsNewline: false };
}
