// Errors a command throws; src/entry/run.ts turns each into a message and an exit code.
import { EXIT, type ExitCode } from './exit-codes.js';

export interface ErrorDetail {
  field?: string;
  item?: number;
  /** The job a problem of a bulk change is about. */
  job?: number;
  /** A CSV file's row (the header is row 1) and column, which messages name instead of the item. */
  row?: number;
  column?: string;
  code?: string;
  message: string;
}

export class CliError extends Error {
  /** The HTTP status behind the error, when there was one. */
  status: number | null = null;
  /** Whether trying the same thing again later may succeed. */
  retryable = false;

  constructor(
    message: string,
    readonly exitCode: ExitCode,
    readonly code: string,
    readonly details: ErrorDetail[] = [],
    readonly hint?: string,
  ) {
    super(message);
  }
}

/** Invalid usage or input: nothing was sent. */
export class UsageError extends CliError {
  constructor(message: string, details: ErrorDetail[] = [], hint?: string) {
    super(message, EXIT.USAGE, 'usage', details, hint);
  }
}

/** The user pressed Ctrl-C. */
export class InterruptedError extends CliError {
  /** The command already told the user (e.g. "Draft saved"): no `error:` line follows for people. */
  readonly reported: boolean;

  constructor(message = 'Interrupted', options: { reported?: boolean } = {}) {
    super(message, EXIT.INTERRUPTED, 'interrupted');
    this.reported = options.reported === true;
  }
}

const WHY: Record<string, string> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ENOTDIR: 'a part of the path is not a directory',
  EIO: 'an input/output error',
};

/** What a file-system error says, in words: "the disk is full (ENOSPC)". */
export function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code && WHY[code]) return `${WHY[code]} (${code})`;
  return error instanceof Error ? error.message : String(error);
}

/** Local state (a journal, a lock, a saved submission) could not be written: exit 6. */
export class LocalStateError extends CliError {
  constructor(
    what: string,
    readonly path: string,
    override readonly cause: unknown,
    consequence = 'nothing unsaved was sent',
  ) {
    super(
      `could not ${what} ${path}: ${describeFsError(cause)}; ${consequence}`,
      EXIT.LOCAL_STATE,
      'local_state',
      [],
      'free space or fix the permissions of the state directory (RECRUIT_STATE_DIR), then run the same command again',
    );
  }
}
