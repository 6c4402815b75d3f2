// What a command says on stderr besides its errors: warnings, notes, spinners and the status line
// that keeps them apart. stderr is looked at on first use: looking opens it (src/terminal/io.ts),
// and `--json` in a pipe never needs it.
import { colorEnabled, type IO } from '../terminal/io.js';
import { paintLabel } from '../terminal/paint.js';
import { sanitize } from '../core/sanitize.js';
import { NO_SPINNER, StatusLine, type Spinner } from '../terminal/spinner.js';

export interface StderrMessages {
  /** Colour on stderr (--no-color, NO_COLOR, a terminal). */
  color(): boolean;
  warn(message: string): void;
  info(message: string): void;
  /** A spinner naming what the command waits for; nothing where spinners are not shown. */
  spinner(text: string, options?: { delayMs?: number }): Spinner;
  /** The one status line, for a retry's wait and a line that stays. */
  statusLine(): StatusLine;
  /** Clears the status line; run once the command is done. */
  close(): void;
}

export function stderrMessages(io: IO, env: NodeJS.ProcessEnv, globals: { color: boolean; json?: boolean }): StderrMessages {
  let color: boolean | undefined;
  let status: StatusLine | undefined;
  const colorOnStderr = () => (color ??= colorEnabled(io.stderr, env, globals.color));
  // Spinners: a terminal, no --json, no CI, not a dumb terminal; stderr looked at last.
  const spinnersShown = () => !globals.json && !env.CI && env.TERM !== 'dumb' && io.stderr.isTTY === true;
  const statusLine = () => (status ??= new StatusLine(io.stderr, spinnersShown(), colorOnStderr()));
  return {
    color: colorOnStderr,
    warn: (message) => statusLine().print(`warning: ${sanitize(message)}\n`, colorOnStderr() ? (line) => paintLabel(line, 'warning:', 'yellow') : undefined),
    info: (message) => statusLine().print(`${sanitize(message)}\n`),
    spinner: (text, options) => (spinnersShown() ? statusLine().spinner(text, options?.delayMs) : NO_SPINNER),
    statusLine,
    close: () => status?.close(),
  };
}
