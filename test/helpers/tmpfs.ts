// A small tmpfs of the test's own, to fill up or make read-only: a real full or read-only disk.
// Mounting needs root (or CAP_SYS_ADMIN); where it is not allowed the test is skipped and says why.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface Tmpfs {
  dir: string;
  mounted: boolean;
  /** Why it could not be mounted ('' when it is). */
  reason: string;
  /** Mounts it again with other options (`size=8m`, `ro`...). */
  remount(options: string): void;
  /** Unmounts it and removes the mount point; safe to call twice. */
  remove(): void;
}

export function mountTmpfs(name: string, options: string): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  let mounted = false;
  let reason = '';
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
    mounted = true;
  } catch (error) {
    reason = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
  }
  return {
    dir,
    mounted,
    reason,
    remount(more) {
      execFileSync('mount', ['-o', `remount,${more}`, dir], { stdio: 'pipe' });
    },
    remove() {
      if (mounted) {
        execFileSync('umount', [dir], { stdio: 'pipe' });
        mounted = false;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The suffix of a test's name when it is skipped: the reason, visible in the report. */
export function skipNote(disk: Tmpfs): string {
  return disk.mounted ? '' : ` (skipped: cannot mount a tmpfs here: ${disk.reason})`;
}
