// State and config that only their owner can write. recruit reads journals, drafts, saved
// submissions, caches and the embedded sandbox's state back from its directories, and acts on what
// it reads with the user's token; a directory another user can write (a shared state directory that
// user made first, or one left group-writable) lets that user plant what is read. So before such a
// directory is used it must belong to this user and be writable by nobody else, as ssh asks of
// ~/.ssh; otherwise the command stops, exit 6, before anything is sent. Windows has no POSIX
// modes: the check is skipped there (docs/decisions.md).
import { statSync } from 'node:fs';
import { CliError } from './errors.js';
import { EXIT } from './exit-codes.js';

export type DirKind = 'state' | 'config';

const ENV_VAR: Record<DirKind, string> = { state: 'RECRUIT_STATE_DIR', config: 'RECRUIT_CONFIG_DIR' };

/** The directories found to be this user's alone in this process: each is looked at once. */
const trusted = new Set<string>();

/** A directory another user could write: nothing of it is read. */
export class UntrustedDirError extends CliError {
  constructor(
    message: string,
    readonly path: string,
    hint: string,
  ) {
    super(message, EXIT.LOCAL_STATE, 'untrusted_dir', [], hint);
  }
}

/**
 * Throws UntrustedDirError unless `dir` belongs to the current user (root included: the files of
 * another user are not root's either) and neither its group nor others may write it. A directory
 * that does not exist yet passes: recruit makes it itself, mode 0700.
 */
export function assertOwnDir(dir: string, kind: DirKind, platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32' || trusted.has(dir)) return;
  let stats;
  try {
    stats = statSync(dir);
  } catch {
    return; // missing (made later, 0700) or unusable: the read or write that follows says why
  }
  const uid = process.getuid!();
  if (stats.uid !== uid) {
    throw new UntrustedDirError(
      `the ${kind} directory ${dir} belongs to another user (uid ${stats.uid}; you are uid ${uid}), who could plant files recruit would read; nothing was read or sent`,
      dir,
      `use a ${kind} directory of your own: set ${ENV_VAR[kind]} to a directory only you can write`,
    );
  }
  if ((stats.mode & 0o022) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
    throw new UntrustedDirError(
      `the ${kind} directory ${dir} can be written by ${stats.mode & 0o020 ? 'its group' : 'others'} (mode ${mode}), who could plant files recruit would read; nothing was read or sent`,
      dir,
      `make it yours alone: chmod 700 ${dir}, then run the same command again`,
    );
  }
  trusted.add(dir);
}
