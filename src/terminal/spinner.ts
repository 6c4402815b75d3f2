// The one line of stderr that changes in place: a spinner naming what the command waits for,
// drawn only on a terminal and only once the wait passes SPINNER_DELAY_MS (ora is loaded then, not
// before), plus the lines printed above it while it runs. Retry waits show in its text.
import type { Stream } from './io.js';
import { sanitize } from '../core/sanitize.js';
import { wrapText } from './wrap.js';

/** A wait shorter than this shows nothing: most commands answer well within it (docs/decisions.md). */
export const SPINNER_DELAY_MS = 300;
/** How often the text of a running spinner is brought up to date: a batch updates it per item. */
const SYNC_MS = 100;

export interface Spinner {
  update(text: string): void;
  stop(): void;
}

export const NO_SPINNER: Spinner = { update: () => undefined, stop: () => undefined };

/** What StatusLine uses of an ora spinner. */
interface Drawn {
  text: string;
  start(): unknown;
  stop(): unknown;
  clear(): unknown;
  render(): unknown;
}

export type MakeSpinner = (options: { text: string; stream: NodeJS.WritableStream; color: 'cyan' | false }) => Drawn;

export async function loadOra(): Promise<MakeSpinner> {
  const { default: ora } = await import('ora');
  return (o) => ora({ ...o, discardStdin: false, isEnabled: true });
}

/**
 * `out` as the TTY stream ora draws on. ora moves the cursor with the methods of a tty.WriteStream;
 * these write the same escape sequences, so that any stream that says it is a terminal will do
 * (a test's fake one too), and a write that fills the buffer waits for 'drain' only where the
 * stream can tell it.
 */
function terminal(out: Stream): NodeJS.WritableStream {
  const write = (chunk: string) => out.write(chunk) || !out.once;
  return {
    isTTY: true,
    get columns() {
      return out.columns || 80;
    },
    get rows() {
      return (out as { rows?: number }).rows;
    },
    write,
    cursorTo: (x: number) => write(`\x1b[${x + 1}G`),
    moveCursor: (_dx: number, dy: number) => (dy < 0 ? write(`\x1b[${-dy}A`) : dy > 0 ? write(`\x1b[${dy}B`) : true),
    clearLine: () => write('\x1b[2K'),
    once(event: 'drain', listener: () => void) {
      out.once?.(event, listener);
      return this;
    },
    removeListener(event: 'drain', listener: () => void) {
      out.off?.(event, listener);
      return this;
    },
  } as unknown as NodeJS.WritableStream;
}

/**
 * `text` cut to `width` characters, the last one an ellipsis. Characters, not terminal columns
 * (text-width.ts): this module loads with every command, and its lines are the CLI's own words.
 */
function cut(text: string, width: number): string {
  const chars = [...text];
  if (chars.length <= width) return text;
  return width <= 0 ? '' : `${chars.slice(0, width - 1).join('')}…`;
}

interface Entry {
  text: string;
}

/**
 * One per command. Spinners nest: the newest one's text is shown, and the line goes when the last
 * one stops. Disabled (no terminal, --json, CI, TERM=dumb), every spinner is a no-op.
 */
export class StatusLine {
  private readonly entries: Entry[] = [];
  private drawn: Drawn | undefined;
  private due = Infinity;
  private timer: NodeJS.Timeout | undefined;
  private sync: NodeJS.Timeout | undefined;
  /** The retry wait under way: in full, and short for when the full one does not fit. */
  private note: { full: string; short: string } | undefined;
  private noteTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly out: Stream,
    readonly enabled: boolean,
    private readonly color: boolean,
    private readonly load: () => Promise<MakeSpinner> = loadOra,
  ) {}

  spinner(text: string, delayMs = SPINNER_DELAY_MS): Spinner {
    if (!this.enabled) return NO_SPINNER;
    const entry: Entry = { text };
    this.entries.push(entry);
    this.schedule(delayMs);
    let stopped = false;
    return {
      update: (t) => void (entry.text = t),
      stop: () => {
        if (stopped) return;
        stopped = true;
        this.entries.splice(this.entries.indexOf(entry), 1);
        if (this.entries.length === 0) this.halt();
      },
    };
  }

  /** A retry wait, shown after the spinner's text until it is over (`short` where `full` does not fit). */
  retrying(full: string, short: string, delayMs: number): void {
    if (!this.enabled || this.entries.length === 0) return;
    this.note = { full, short };
    clearTimeout(this.noteTimer);
    this.noteTimer = setTimeout(() => (this.note = undefined), delayMs);
    this.noteTimer.unref();
    this.refresh();
  }

  /**
   * A line that stays, printed above the spinner; on a terminal, broken at spaces to its width.
   * `paint` colours it once broken (its escapes take no column).
   */
  print(line: string, paint?: (line: string) => string): void {
    if (this.out.isTTY && this.out.columns) line = wrapText(line, this.out.columns);
    if (paint) line = paint(line);
    if (!this.drawn) {
      this.out.write(line);
      return;
    }
    this.drawn.clear();
    this.out.write(line);
    this.drawn.render();
  }

  /** Stops every spinner: the command is over. */
  close(): void {
    this.entries.length = 0;
    this.halt();
  }

  private text(): string {
    const top = this.entries[this.entries.length - 1];
    const room = (this.out.columns || 80) - 3; // the frame, a space, and the cursor's cell
    const text = top ? sanitize(top.text) : '';
    if (!this.note) return cut(text, room);
    const full = `${text} — ${sanitize(this.note.full)}`;
    return cut([...full].length <= room ? full : `${text} — ${sanitize(this.note.short)}`, room);
  }

  private refresh(): void {
    if (!this.drawn) return;
    const text = this.text();
    if (this.drawn.text === text) return;
    this.drawn.text = text;
    this.drawn.render();
  }

  private schedule(delayMs: number): void {
    const due = Date.now() + delayMs;
    if (this.drawn || due >= this.due) return;
    this.due = due;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.show(), delayMs);
    this.timer.unref();
  }

  private async show(): Promise<void> {
    this.timer = undefined;
    this.due = Infinity;
    let make: MakeSpinner;
    try {
      make = await this.load();
    } catch {
      return; // a spinner is a courtesy: without it the command still runs
    }
    if (this.entries.length === 0 || this.drawn) return;
    this.drawn = make({ text: this.text(), stream: terminal(this.out), color: this.color ? 'cyan' : false });
    this.drawn.start();
    this.sync = setInterval(() => this.refresh(), SYNC_MS);
    this.sync.unref();
  }

  private halt(): void {
    clearTimeout(this.timer);
    clearInterval(this.sync);
    clearTimeout(this.noteTimer);
    this.timer = this.sync = this.noteTimer = undefined;
    this.due = Infinity;
    this.note = undefined;
    this.drawn?.stop();
    this.drawn = undefined;
  }
}

/** Runs `work` with a spinner that says what it waits for; gone before its result is printed. */
export async function withSpinner<T>(host: { spinner(text: string): Spinner }, text: string, work: (spinner: Spinner) => Promise<T>): Promise<T> {
  const spinner = host.spinner(text);
  try {
    return await work(spinner);
  } finally {
    spinner.stop();
  }
}
