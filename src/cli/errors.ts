// Errors a command throws; src/cli/run.ts turns each into a message and an exit code.
import { EXIT, type ExitCode } from './exit-codes.js';

export interface ErrorDetail {
  field?: string;
  item?: number;
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
  constructor(message = 'Interrupted') {
    super(message, EXIT.INTERRUPTED, 'interrupted');
  }
}
