// What process-alive.ts reads of a process of this host: its state and start from /proc/<pid>/stat
// (Linux), kill(pid, 0) where there is none; a zombie has ended (docs/decisions.md, "When a lock is
// stale").
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isRunning, pidNamespace, processLife } from '../../src/exactly-once/process-alive.js';
import { killStarted, startOf, zombie } from '../helpers/processes.js';

const linux = process.platform === 'linux';

afterEach(killStarted);

async function endedPid(): Promise<number> {
  const ended = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => ended.once('exit', resolve));
  return ended.pid!;
}

describe('processLife: what this host says of a process', () => {
  const stat = (state: string, name = 'node') => `4242 (${name}) ${state} 1 4242 4242 0 -1 4194560 99 0 0 0 5 3 0 0 20 0 1 0 987654 3133440 390 18446744073709551615 1 1 0 0`;

  it.each(['R', 'S', 'D', 'T', 't', 'I'])("state %s is running, with the start of /proc/<pid>/stat's 22nd field", (state) => {
    expect(processLife(4242, () => stat(state))).toEqual({ running: true, start: '987654' });
  });

  it.each(['Z', 'X'])('state %s (a zombie, dead) has ended', (state) => {
    expect(processLife(4242, () => stat(state))).toEqual({ running: false, start: '987654' });
  });

  it('a stat cut short has no start', () => {
    expect(processLife(4242, () => '4242 (node) S 1')).toEqual({ running: true, start: '' });
  });

  it('a name holding spaces and parentheses is skipped whole', () => {
    expect(processLife(4242, () => stat('Z', 'a) S (b) R'))).toEqual({ running: false, start: '987654' });
  });

  it('without /proc, kill(pid, 0) says: this process runs, an ended one does not, one of another user (EPERM) runs; no start', async () => {
    const none = () => undefined;
    expect(processLife(process.pid, none)).toEqual({ running: true, start: '' });
    expect(processLife(await endedPid(), none)).toEqual({ running: false, start: '' });
    const kill = vi.spyOn(process, 'kill').mockImplementation(() => {
      throw Object.assign(new Error('EPERM'), { code: 'EPERM' });
    });
    try {
      expect(processLife(1, none).running).toBe(true);
    } finally {
      kill.mockRestore();
    }
  });

  it.skipIf(!linux)("reads this host's /proc: a running process and its start, an ended one, a zombie", async () => {
    expect(processLife(process.pid)).toEqual({ running: true, start: startOf(process.pid) });
    expect(startOf(process.pid)).toMatch(/^\d+$/);
    expect(isRunning(process.pid)).toBe(true);
    const ended = await endedPid();
    expect(processLife(ended)).toEqual({ running: false, start: '' });
    expect(isRunning(ended)).toBe(false);
    const z = await zombie();
    expect(processLife(z)).toEqual({ running: false, start: startOf(z) });
    expect(isRunning(z)).toBe(false);
  });

  it.skipIf(!linux)("this process's PID namespace is the link /proc/self/ns/pid names; where there is none, ''", () => {
    expect(pidNamespace()).toMatch(/^pid:\[\d+\]$/);
    expect(pidNamespace('/nonexistent/ns/pid')).toBe('');
  });
});
