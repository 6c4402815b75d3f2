// A small tmpfs of the test's own, to fill up or make read-only: a real full or read-only disk.
// Mounting needs root (or CAP_SYS_ADMIN); where it is not allowed the test is skipped and says why.
// Whether it can be mounted is tried when the file is collected (mounted and unmounted at once), so
// that the test's name can say why it is skipped; the mount itself is made before the file's
// tests and removed after them, so that a run that filters every test out leaves no mount behind.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export interface Tmpfs {
  dir: string;
  /** Whether a tmpfs can be mounted here (it is, during the file's tests). */
  mounted: boolean;
  /** Why it cannot be mounted ('' when it can). */
  reason: string;
  /** Mounts it again with other options (`size=8m`, `ro`...). */
  remount(options: string): void;
}

function mount(options: string, dir: string): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], { stdio: 'pipe' });
}

/** A tmpfs mounted with `options` for the test file's tests, then `after` (e.g. 'ro') applied (`mount`, `umount`). @spawns */
export function useTmpfs(name: string, options: string, after?: string): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  let reason = '';
  try {
    mount(options, dir);
    execFileSync('umount', [dir], { stdio: 'pipe' });
  } catch (error) {
    reason = (error as { stderr?: Buffer }).stderr?.toString().trim() || (error as Error).message;
  }
  const disk: Tmpfs = {
    dir,
    mounted: reason === '',
    reason,
    remount(more) {
      execFileSync('mount', ['-o', `remount,${more}`, dir], { stdio: 'pipe' });
    },
  };
  let mounted = false;
  beforeAll(() => {
    if (!disk.mounted) return;
    mount(options, dir);
    mounted = true;
    if (after) disk.remount(after);
  });
  afterAll(() => {
    if (mounted) execFileSync('umount', [dir], { stdio: 'pipe' });
    mounted = false;
    rmSync(dir, { recursive: true, force: true });
  });
  return disk;
}

/** The suffix of a test's name when it is skipped: the reason, visible in the report. */
export function skipNote(disk: Tmpfs): string {
  return disk.mounted ? '' : ` (skipped: cannot mount a tmpfs here: ${disk.reason})`;
}
