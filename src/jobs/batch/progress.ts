// Progress on stderr: one updating line on a terminal ("12/40 created, 1 failed, 8.3 jobs/s");
// otherwise a plain line at most every 15 seconds, so CI logs stay small.
import type { Context } from '../../cli/context.js';

const TTY_INTERVAL_MS = 100;
const PLAIN_INTERVAL_MS = 15_000;

export class Progress {
  /** Created in this run and in earlier ones. */
  created = 0;
  failed = 0;
  private sentNow = 0;
  private readonly tty: boolean;
  private readonly started = Date.now();
  private last = 0;
  private shown = false;

  constructor(
    private readonly ctx: Context,
    private readonly total: number,
  ) {
    this.tty = ctx.io.stderr.isTTY === true;
    this.last = this.started;
  }

  line(): string {
    const seconds = (Date.now() - this.started) / 1000;
    const rate = seconds > 0 ? this.sentNow / seconds : 0;
    return `${this.created}/${this.total} created, ${this.failed} failed, ${rate.toFixed(1)} jobs/s`;
  }

  /** One item answered in this run. */
  answered(created: boolean): void {
    this.sentNow++;
    if (created) this.created++;
    else this.failed++;
    this.draw();
  }

  private draw(): void {
    const now = Date.now();
    if (now - this.last < (this.tty ? TTY_INTERVAL_MS : PLAIN_INTERVAL_MS)) return;
    this.last = now;
    if (this.tty) {
      this.ctx.io.stderr.write(`\r\x1b[2K${this.line()}`);
      this.shown = true;
    } else {
      this.ctx.io.stderr.write(`${this.line()}\n`);
    }
  }

  /** Clears the updating line before anything else is printed. */
  clear(): void {
    if (this.shown) this.ctx.io.stderr.write('\r\x1b[2K');
    this.shown = false;
  }

  elapsedSeconds(): number {
    return (Date.now() - this.started) / 1000;
  }
}
