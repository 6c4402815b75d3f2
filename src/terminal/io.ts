// The process's streams and what they are connected to; tests pass their own.
import type { Prompter } from '../prompts/prompter.js';
import type { Clock } from '../core/clock.js';
import type { SecretStore } from '../config/secret-store.js';

export interface Stream {
  /** Text; bytes only for a workbook (--xlsx), which goes to a pipe or a file, never a terminal. */
  write(chunk: string | Uint8Array): boolean;
  isTTY?: boolean;
  columns?: number;
  /** A Node stream that has closed (its reader gone, a write failed): writeOut writes no more to it. */
  destroyed?: boolean;
  /** A Node stream's events: writeOut waits for 'drain' when a write says the buffer is full. */
  once?(event: 'drain' | 'close', listener: () => void): unknown;
  off?(event: 'drain' | 'close', listener: () => void): unknown;
}

export interface IO {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: Stream;
  stderr: Stream;
  /** The clock the command waits on; the system's unless a test passes its own. */
  clock?: Clock;
  /** What asks the user; the terminal's (@inquirer/prompts) unless a test passes its own. */
  prompter?: Prompter;
  /** Where tokens are kept outside the config file; the OS keyring unless a test passes its own. */
  secrets?: SecretStore;
}

/**
 * What printing a result needs of a command's context: its streams, whether stdout takes colour,
 * and the global output flags. The context is one; printers ask for no more than this.
 */
export interface Output {
  io: IO;
  color: { stdout: boolean };
  globals: { json?: boolean };
}

const SLICE = 1024 * 1024;

/**
 * Writes `text` a mebibyte at a time, and waits whenever the stream's buffer is full until a slow
 * reader has taken it: a stream turns each string it is given into bytes and a pipe queues what
 * it cannot take yet, so a large answer (up to --max-response-size) or 100,000 results written at
 * once would be held again, whole, as bytes: too much under the 300 MB of docs/performance.md. Slices of a
 * string share its memory.
 */
export async function writeOut(out: Stream, text: string | Uint8Array): Promise<void> {
  for (let at = 0; at < text.length; at += SLICE) {
    if (out.destroyed) return; // closed: it takes no more, and its 'close' is past
    const piece = text.length <= SLICE ? text : typeof text === 'string' ? text.slice(at, at + SLICE) : text.subarray(at, at + SLICE);
    if (out.write(piece) || !out.once) continue;
    if (out.destroyed || !(await drained(out))) return; // closed: its reader is gone and takes no more
  }
}

/** True when the stream drained, false when it closed instead. */
function drained(out: Stream): Promise<boolean> {
  return new Promise((resolve) => {
    const settle = (open: boolean) => () => {
      out.off?.('drain', onDrain);
      out.off?.('close', onClose);
      resolve(open);
    };
    const onDrain = settle(true);
    const onClose = settle(false);
    out.once!('drain', onDrain);
    out.once!('close', onClose);
  });
}

let stderrOpened = false;
const watched = new WeakSet<NodeJS.WriteStream>();

/**
 * A reader that goes away early (`recruit jobs list --all | head -3`) closes the pipe: the next
 * write fails with EPIPE, which Node would report as an unhandled error with a stack trace. The
 * reader has what it wanted and the command's work is done (output comes last), so exit quietly.
 * A terminal that hung up (its window closed; SIGHUP stops the run) fails every write with EIO:
 * the run ends without it, so that its journal is settled and a redirected stdout gets the results.
 */
function exitOnClosedPipe(stream: NodeJS.WriteStream): NodeJS.WriteStream {
  if (watched.has(stream)) return stream;
  watched.add(stream);
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    if (error.code === 'EIO' && stream.isTTY) return;
    throw error;
  });
  return stream;
}

/**
 * The process's streams. stdin and stderr are opened on first use: Node creates each stdio stream
 * when it is first touched (2-3 ms each here), and most commands never read stdin nor write to stderr.
 */
export function processIO(): IO {
  return {
    get stdin() {
      return process.stdin;
    },
    stdout: exitOnClosedPipe(process.stdout),
    get stderr() {
      stderrOpened = true;
      return exitOnClosedPipe(process.stderr);
    },
  };
}

/** Whether a command used the process's stderr, which must then be flushed before exit. */
export function processStderrOpened(): boolean {
  return stderrOpened;
}

/**
 * Colour on a terminal unless NO_COLOR, --no-color, CLICOLOR=0 or CI says otherwise. FORCE_COLOR
 * turns it on for pipes too (FORCE_COLOR=0 turns it off), and so does CLICOLOR_FORCE (set and not
 * 0), as gh and the BSD tools read it. NO_COLOR and --no-color win over everything.
 */
export function colorEnabled(stream: Stream, env: NodeJS.ProcessEnv, flag: boolean): boolean {
  if (!flag || isSet(env.NO_COLOR)) return false;
  if (env.FORCE_COLOR !== undefined) return env.FORCE_COLOR !== '0' && env.FORCE_COLOR !== 'false';
  if (isSet(env.CLICOLOR_FORCE) && env.CLICOLOR_FORCE !== '0') return true;
  if (env.CLICOLOR === '0') return false;
  return stream.isTTY === true && !env.CI && env.TERM !== 'dumb';
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value !== '';
}

/**
 * Prompts only when a person is at a terminal: keys from stdin, prompts drawn on stderr, never in
 * CI or with --yes. stdout may be redirected: it carries only the result
 * (`recruit jobs create --json > job.json` still runs the wizard).
 */
export function canInteract(io: IO, env: NodeJS.ProcessEnv, yes: boolean): boolean {
  return !yes && !env.CI && io.stdin.isTTY === true && io.stderr.isTTY === true;
}
