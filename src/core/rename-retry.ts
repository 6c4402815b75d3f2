// Renaming a file over another on Windows fails for a moment while some other process has either
// one open without sharing delete: an antivirus scanner, the search indexer or a sync client
// (OneDrive, Dropbox) looking at the file just written. Node reports that as EPERM, EBUSY or
// EACCES. The rename is tried again for up to RENAME_RETRY_MS, the pauses doubling from 10 ms to
// at most 200 ms (docs/decisions.md, "Renames on Windows"); elsewhere these errors are lasting
// (permissions) and thrown at once.
import type { StateFs } from './state-fs.js';

export const RENAME_RETRY_MS = 2_000;
const FIRST_PAUSE_MS = 10;
const LONGEST_PAUSE_MS = 200;
const TRANSIENT = new Set(['EPERM', 'EBUSY', 'EACCES']);

/** How a rename waits: the time (ms), and a pause that blocks (the writers that rename are synchronous). */
export interface RenameTiming {
  now(): number;
  pause(ms: number): void;
}

const cell = new Int32Array(new SharedArrayBuffer(4));
export const realTiming: RenameTiming = {
  now: () => Date.now(),
  pause: (ms) => void Atomics.wait(cell, 0, 0, ms),
};

export function renameRetrying(
  fs: Pick<StateFs, 'renameSync'>,
  from: string,
  to: string,
  { platform = process.platform, timing = realTiming }: { platform?: NodeJS.Platform; timing?: RenameTiming } = {},
): void {
  const deadline = timing.now() + RENAME_RETRY_MS;
  for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, LONGEST_PAUSE_MS)) {
    try {
      fs.renameSync(from, to);
      return;
    } catch (error) {
      const left = deadline - timing.now();
      if (platform !== 'win32' || !TRANSIENT.has((error as NodeJS.ErrnoException).code ?? '') || left <= 0) throw error;
      timing.pause(Math.min(pause, left));
    }
  }
}
