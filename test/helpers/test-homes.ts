// The homes of test processes (test/helpers/isolate-home.ts): named by the process, so that what a
// killed process left behind is known and removed once that process is gone.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const testHomePrefix = (pid: number): string => `recruit-test-${pid}-`;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes the homes in `root` of test processes that are no longer running. */
export function removeDeadHomes(root: string): void {
  for (const name of readdirSync(root)) {
    const pid = Number(/^recruit-test-(\d+)-/.exec(name)?.[1]);
    if (!(pid > 0) || running(pid)) continue;
    try {
      rmSync(join(root, name), { recursive: true, force: true });
    } catch {
      // Best effort: what cannot be removed (a tmpfs a killed test left mounted: EBUSY) is no reason
      // to fail this file's tests.
    }
  }
}
