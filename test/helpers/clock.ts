// A clock for tests: its sleep moves its time forward at once instead of waiting, so retries,
// Retry-After pauses and rate-limit turns take no real time. Its time is the real time plus what
// it skipped, so deadlines of requests to a server that stalls still pass. What was waited is
// recorded, for tests that check a wait happened (and how long it was).
import type { Clock } from '../../src/core/clock.js';

export interface FakeClock extends Clock {
  /** Every sleep asked for, in milliseconds, in order. */
  readonly sleeps: number[];
  /** Milliseconds the clock has been moved forward in all. */
  readonly waited: number;
}

export function skippingClock(random = () => 0.5): FakeClock {
  let offset = 0;
  const sleeps: number[] = [];
  return {
    now: () => Date.now() + offset,
    // A turn of the event loop, as a real timer gives: other work (a journal's flush, the answers
    // of the requests in flight) goes on between a wait and what follows it.
    sleep: (ms) => {
      sleeps.push(ms);
      offset += Math.max(0, ms);
      return new Promise((resolve) => setImmediate(resolve));
    },
    random,
    sleeps,
    get waited() {
      return offset;
    },
  };
}
