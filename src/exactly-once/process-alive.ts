// Whether a process of this host is running: for locks and stdin copies left by runs that were killed.
import { readlinkSync } from 'node:fs';

export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // running, as another user
  }
}

/**
 * This process's PID namespace ("pid:[4026531836]" on Linux; '' where there is none to read). Two
 * containers of one host name number their processes each from 1: a process id means something
 * only within its namespace.
 */
export function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}
