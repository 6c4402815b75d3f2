// Sends no faster than the service allows: once an answer names its rate limit (rate-limit-fields.ts),
// every request of the client takes the next free slot, slots spaced a little over 1/rate apart. Until
// then, and for services that name no limit, nothing waits.
import type { RateLimitFields } from './rate-limit-fields.js';

/**
 * How much wider than 1/rate the slots are, for two reasons (docs/decisions.md, "The client's pacing"):
 * - Timers fire a millisecond early or late and requests travel unevenly, so requests spaced exactly
 *   1/rate apart reach a service that keeps no burst a hair too soon, and it refuses them (measured:
 *   15 of 40 at 5/s against a bucket of one request, each 429 a pause of a second: 2.3x the floor).
 * - What the batch leaves unused is what other clients of the same token (a `jobs get` beside a
 *   batch, a second batch) get without a 429: 5% at 5/s refills a request every 4 s.
 */
export const SLACK = 0.05;

export class Pacer {
  private intervalMs = 0;
  /** The earliest start of the next request. */
  private nextSlot = 0;

  constructor(private readonly now: () => number) {}

  /** Milliseconds between request starts; 0 while no limit is known. */
  get spacingMs(): number {
    return this.intervalMs;
  }

  /** Learns from an answer's fields; true when the spacing changed. */
  observe(fields: RateLimitFields | undefined): boolean {
    if (!fields) return false;
    const spacing = (1000 / fields.perSecond) * (1 + SLACK);
    const changed = spacing !== this.intervalMs;
    // Nothing left in the quota, or a limit just learnt (the requests sent before it was known may
    // have used the quota up): the next request waits a slot.
    if (fields.remaining === 0 || this.intervalMs === 0) this.nextSlot = Math.max(this.nextSlot, this.now() + spacing);
    this.intervalMs = spacing;
    return changed;
  }

  /**
   * Takes the next slot if it has come, and returns 0; otherwise returns how long until it comes
   * (nothing taken: ask again then). The slot after it is counted from now, when the request really
   * starts: a timer that fired late, or early, never brings two requests closer than the spacing.
   */
  take(): number {
    const now = this.now();
    if (now < this.nextSlot) return this.nextSlot - now;
    this.nextSlot = now + this.intervalMs;
    return 0;
  }
}
