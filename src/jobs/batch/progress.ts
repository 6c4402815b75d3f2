// Progress of the sending phase on stderr. On a terminal (not with --json, not in CI): a live bar
// in the spinner line once sending takes longer than the spinner's delay,
//   ⠹ ━━━━━━━━━━━━────────────── 13/40 · 12 created, 1 failed · 8.3 jobs/s · about 3 s left
// Otherwise a plain line at most every 15 seconds ("12/40 created, 1 failed, 8.3 jobs/s"), so CI
// logs stay small.
import type { Uses } from '../../context/context.js';
import type { Spinner } from '../../terminal/spinner.js';

const PLAIN_INTERVAL_MS = 15_000;
/** The bar's text is made again at most this often (a batch answers thousands of items a second), and at least this often while nothing is answered, so the rate and time left stay true. */
const BAR_INTERVAL_MS = 250;
const BAR_WIDTH = 24;

/** "about 3 s left", "about 4 min left": the time left as people say it, rounded up. */
export function timeLeft(seconds: number): string {
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return `about ${Math.max(1, Math.ceil(seconds))} s left`;
  if (seconds < 3600) return `about ${Math.ceil(seconds / 60)} min left`;
  return `about ${(seconds / 3600).toFixed(1)} h left`;
}

/** A bar of `width` cells, `done` of `total` filled. */
export function bar(done: number, total: number, width = BAR_WIDTH): string {
  const filled = total > 0 ? Math.min(width, Math.floor((done / total) * width)) : width;
  return `${'━'.repeat(filled)}${'─'.repeat(width - filled)}`;
}

/** What the bar and the lines call a success, and what one item is (a bulk change says "changed" and "jobs"). */
export interface ProgressWords {
  done: string;
  unit: string;
}

const CREATED: ProgressWords = { done: 'created', unit: 'jobs' };

export class Progress {
  /** Created (or, in a bulk change, changed) in this run and in earlier ones. */
  created = 0;
  /** Refused or failed, in this run (and refused in earlier ones). */
  failed = 0;
  private sentNow = 0;
  private readonly live: boolean;
  private started = Date.now();
  private last = 0;
  private spinner: Spinner | undefined;
  private ticker: NodeJS.Timeout | undefined;

  /** `toSend`: the items this run sends; the rest of `total` were settled by earlier runs. */
  constructor(
    private readonly ctx: Uses<'io' | 'env' | 'globals' | 'spinner'>,
    private readonly total: number,
    private readonly toSend = total,
    private readonly words: ProgressWords = CREATED,
  ) {
    this.live = ctx.io.stderr.isTTY === true && !ctx.globals.json && !ctx.env.CI && ctx.env.TERM !== 'dumb';
  }

  /** Sending starts now: the rate and the time left count from here. */
  start(): void {
    this.started = this.last = Date.now();
    if (!this.live) return;
    this.spinner = this.ctx.spinner(this.barText());
    this.ticker = setInterval(() => this.spinner?.update(this.barText()), BAR_INTERVAL_MS);
    this.ticker.unref();
  }

  private rate(): number {
    const seconds = (Date.now() - this.started) / 1000;
    return seconds > 0 ? this.sentNow / seconds : 0;
  }

  /** The plain line, for logs. */
  line(): string {
    return `${this.created}/${this.total} ${this.words.done}, ${this.failed} failed, ${this.rate().toFixed(1)} ${this.words.unit}/s`;
  }

  /** The bar's text: done of total, what became of them, the rate and the time left. */
  barText(): string {
    const done = this.created + this.failed;
    const rate = this.rate();
    const parts = [`${bar(done, this.total)} ${done}/${this.total}`, `${this.created} ${this.words.done}, ${this.failed} failed`];
    if (this.sentNow > 0) {
      parts.push(`${rate.toFixed(1)} ${this.words.unit}/s`);
      const left = timeLeft((this.toSend - this.sentNow) / rate);
      if (left && this.sentNow < this.toSend) parts.push(left);
    }
    return parts.join(' · ');
  }

  /** One item answered in this run. */
  answered(created: boolean): void {
    this.sentNow++;
    if (created) this.created++;
    else this.failed++;
    const now = Date.now();
    if (now - this.last < (this.live ? BAR_INTERVAL_MS : PLAIN_INTERVAL_MS)) return;
    this.last = now;
    if (this.spinner) this.spinner.update(this.barText());
    else if (!this.live) this.ctx.io.stderr.write(`${this.line()}\n`);
  }

  /** Removes the bar before the results are printed (or a message that must not share its line). */
  clear(): void {
    clearInterval(this.ticker);
    this.ticker = undefined;
    this.spinner?.stop();
    this.spinner = undefined;
  }
}
