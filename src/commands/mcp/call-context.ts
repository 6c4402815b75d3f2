// The context of one tool call: the server's context (its settings, its API client and so its
// pacing, the embedded sandbox) with a stdout that collects what the command would print, notes
// that collect what it would say on stderr, JSON output, no prompts (`--yes`) and no spinner. The
// tools run the commands' own functions in it, so every check, key and lock is theirs.
import { Readable } from 'node:stream';
import type { Context } from '../../context/context.js';
import type { GlobalOptions } from '../../context/global-options.js';
import { sanitize } from '../../core/sanitize.js';
import { NO_SPINNER } from '../../terminal/spinner.js';
import type { IO, Stream } from '../../terminal/io.js';

export interface Call {
  ctx: Context;
  /** The server's context, for a call that runs another command first (apply plans again). */
  base: Context;
  /** What the command wrote on its stdout, as text. */
  stdout(): string;
  /** Its notes and warnings, in order, and what it wrote on stderr itself (a plan shown before it is applied). */
  notes(): string[];
}

class Collector implements Stream {
  text = '';
  isTTY = false;
  columns = 100;
  write(chunk: string | Uint8Array): boolean {
    this.text += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    return true;
  }
}

/** A stdin that is empty and never a terminal: no tool reads ids or files from stdin. */
const emptyStdin = (): IO['stdin'] => Object.assign(Readable.from([]), { isTTY: false }) as IO['stdin'];

export function callContext(base: Context, globals: Partial<GlobalOptions> = {}): Call {
  const stdout = new Collector();
  const stderr = new Collector();
  const notes: string[] = [];
  const io: IO = { ...base.io, stdin: emptyStdin(), stdout, stderr };
  const ctx: Context = {
    ...base,
    io,
    globals: { ...base.globals, json: true, yes: true, color: false, ...globals },
    color: { stdout: false, stderr: false },
    interactive: false,
    // The key of a change a tool makes is the command's, unless the tool derives one (create_job).
    newKey: () => base.newKey(),
    warn: (message) => void notes.push(`warning: ${sanitize(message)}`),
    info: (message) => void notes.push(sanitize(message)),
    spinner: () => NO_SPINNER,
    // The server's context is disposed of when the server stops, not after each call.
    dispose: () => Promise.resolve(),
  };
  const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '').map(sanitize);
  return { ctx, base, stdout: () => stdout.text, notes: () => [...notes, ...lines(stderr.text)] };
}

/** The JSON the command wrote on its stdout; undefined when it wrote none. */
export function printed(call: Call): unknown {
  const text = call.stdout().trim();
  if (text === '') return undefined;
  return JSON.parse(text) as unknown;
}
