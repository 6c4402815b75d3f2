// What a lock file says about the run holding it (docs/decisions.md, "One run per account"): a
// random run id, the process (its id and start), its host and PID namespace, the command and when it
// started, as one line of JSON. Earlier versions wrote "<pid>@<host>" or a bare pid; those are still read.

export interface LockRecord {
  /** Random, one per run: what tells two runs apart when their process ids are the same. */
  run: string;
  pid: number;
  /**
   * When process `pid` started, as /proc/<pid>/stat counts it (process-alive.ts; '' where unknown,
   * and in locks written before it was recorded): a live process of that id that started otherwise
   * is another process, given the id after the run ended.
   */
  pidStart: string;
  host: string;
  /** The PID namespace of `pid` ('' where the system has none to read). */
  pidNs: string;
  /** What the run is, for the message of a run it refuses: "recruit jobs apply", and its input. */
  command: string;
  what: string;
  /** ISO time. */
  started: string;
}

/** A lock of an earlier version: a process id, and its host when it was written. */
export interface LegacyRecord {
  legacy: true;
  pid: number;
  host: string | undefined;
}

export const LOCK_VERSION = 2;

export function formatRecord(r: LockRecord): string {
  return `${JSON.stringify({ recruitLock: LOCK_VERSION, run: r.run, pid: r.pid, pidStart: r.pidStart, host: r.host, pidNs: r.pidNs, command: r.command, what: r.what, started: r.started })}\n`;
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** The record `content` holds, or undefined when it holds none recruit wrote (empty, cut short, foreign). */
export function parseRecord(content: string): LockRecord | LegacyRecord | undefined {
  const legacy = /^(\d+)(?:@(.*))?$/.exec(content.trim());
  if (legacy) return { legacy: true, pid: Number(legacy[1]), host: legacy[2] };
  let value: unknown;
  try {
    value = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (value === null) return undefined; // any other value that is no object has none of the fields below
  const v = value as Record<string, unknown>;
  if (v.recruitLock !== LOCK_VERSION || !isText(v.run) || v.run === '' || !Number.isSafeInteger(v.pid) || (v.pid as number) <= 0) return undefined;
  if (!isText(v.host) || !isText(v.pidNs) || !isText(v.command) || !isText(v.what) || !isText(v.started)) return undefined;
  const pidStart = isText(v.pidStart) ? v.pidStart : '';
  return { run: v.run, pid: v.pid as number, pidStart, host: v.host, pidNs: v.pidNs, command: v.command, what: v.what, started: v.started };
}
