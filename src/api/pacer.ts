// Sends no faster than the service allows: once an answer names its rate limit (rate-limit-fields.ts),
// every request of the client takes the next free slot, slots spaced 1/rate apart. Until then, and
// for services that name no limit, nothing waits.
import type { RateLimitFields } from './rate-limit-fields.js';

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
    const spacing = 1000 / fields.perSecond;
    const changed = spacing !== this.intervalMs;
    // Nothing left in the quota, or a limit just learnt (the requests sent before it was known may
    // have used the quota up): the next request waits a slot.
    if (fields.remaining === 0 || this.intervalMs === 0) this.nextSlot = Math.max(this.nextSlot, this.now() + spacing);
    this.intervalMs = spacing;
    return changed;
  }

  /** Takes the next slot; returns how long to wait for it. */
  reserve(): number {
    const now = this.now();
    const at = Math.max(now, this.nextSlot);
    this.nextSlot = at + this.intervalMs;
    return at - now;
  }
}
