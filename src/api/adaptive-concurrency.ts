// How many requests a batch keeps in flight while a service rate-limits it: additive increase,
// multiplicative decrease (as TCP does). A 429 halves the limit, once per burst of 429s; each success
// raises it by 1/limit, so by one per round of answers, never above the maximum the user chose.
// Answers to requests that started before the last cut change nothing: they tell of the old limit.

export class AdaptiveConcurrency {
  private limitValue: number;
  private inFlight = 0;
  private readonly waiting: (() => void)[] = [];
  private lastCut = Number.NEGATIVE_INFINITY;

  constructor(
    readonly max: number,
    private readonly now: () => number,
  ) {
    this.limitValue = max;
  }

  /** Requests allowed in flight now. */
  get limit(): number {
    return Math.max(1, Math.floor(this.limitValue));
  }

  /** Waits for room; returns the time it got it (release() takes when the request was sent). */
  async acquire(): Promise<number> {
    while (this.inFlight >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.inFlight++;
    return this.now();
  }

  /** Ends a request; true when a 429 cut the limit. */
  release(startedAt: number, outcome: 'ok' | 'throttled' | 'other'): boolean {
    this.inFlight--;
    let cut = false;
    if (outcome === 'throttled' && startedAt > this.lastCut) {
      this.limitValue = Math.max(1, this.limitValue / 2);
      this.lastCut = this.now();
      cut = true;
    } else if (outcome === 'ok' && startedAt > this.lastCut) {
      this.limitValue = Math.min(this.max, this.limitValue + 1 / this.limitValue);
    }
    for (let free = this.limit - this.inFlight; free > 0 && this.waiting.length > 0; free--) this.waiting.shift()!();
    return cut;
  }
}
