// Whether a process of this host is running: for locks and stdin copies left by runs that were
// killed (docs/decisions.md, "When a lock is stale").
import { readFileSync, readlinkSync } from 'node:fs';

/** What this host says of a process. */
export interface ProcessLife {
  /** Running or stopped (Ctrl-Z, a paused container); not a zombie, not gone. */
  running: boolean;
  /**
   * When it started, as /proc/<pid>/stat counts it (clock ticks since boot; '' where that cannot be
   * read): with its pid, what tells it from a later process given the same id.
   */
  start: string;
}

/** Linux's states of a process that has ended: a zombie (not yet reaped by its parent), dead. */
const ENDED = new Set(['Z', 'X']);

/** /proc/<pid>/stat, or undefined where it cannot be read (no such process, no /proc). */
function procStat(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return undefined;
  }
}

/**
 * What this host says of process `pid`. On Linux its /proc/<pid>/stat: state and start time (the
 * process's name, in parentheses, may hold spaces and parentheses: the fields are those after the
 * last ")"). Elsewhere, or where /proc hides it, kill(pid, 0) only: there a zombie counts as running
 * until its parent reaps it.
 */
export function processLife(pid: number, stat: (pid: number) => string | undefined = procStat): ProcessLife {
  const text = stat(pid);
  if (text === undefined) return { running: signalable(pid), start: '' };
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { running: !ENDED.has(fields[0]!), start: fields[19] ?? '' };
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // running, as another user
  }
}

export function isRunning(pid: number): boolean {
  return processLife(pid).running;
}

/**
 * This process's PID namespace ("pid:[4026531836]" on Linux; '' where there is none to read). Two
 * containers of one host name number their processes each from 1: a process id means something
 * only within its namespace.
 */
export function pidNamespace(link = '/proc/self/ns/pid'): string {
  try {
    return readlinkSync(link);
  } catch {
    return '';
  }
}
