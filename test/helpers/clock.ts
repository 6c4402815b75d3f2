// Clocks for tests. A skipping clock: its sleep moves its time forward at once instead of waiting,
// so retries, Retry-After pauses and rate-limit turns take no real time. Its time is the real time
// plus what it skipped, so deadlines of requests to a server that stalls still pass. What was
// waited is recorded, for tests that check a wait happened (and how long it was). A manual clock:
// its time moves only when the test advances it, and its timers (the lock's heartbeat) fire as it
// passes them.
import { systemClock, type Clock } from '../../src/core/clock.js';

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
    // Real timers: the clock's time passes in real time too.
    every: systemClock.every,
    sleeps,
    get waited() {
      return offset;
    },
  };
}

export interface ManualClock extends FakeClock {
  /** Moves the time forward by `ms`, calling each timer at every time it falls due on the way, in order. */
  advance(ms: number): void;
  /** How many timers run (started and not stopped). */
  readonly timers: number;
}

export function manualClock(start: number, random = () => 0.5): ManualClock {
  let now = start;
  const sleeps: number[] = [];
  const timers = new Set<{ ms: number; next: number; tick: () => void }>();
  const advance = (ms: number) => {
    const end = now + Math.max(0, ms);
    for (;;) {
      let due: { ms: number; next: number; tick: () => void } | undefined;
      for (const timer of timers) if (timer.next <= end && (due === undefined || timer.next < due.next)) due = timer;
      if (due === undefined) break;
      now = due.next;
      due.next += due.ms;
      due.tick();
    }
    now = end;
  };
  return {
    now: () => now,
    sleep: (ms) => {
      sleeps.push(ms);
      advance(ms);
      return new Promise((resolve) => setImmediate(resolve));
    },
    random,
    every: (ms, tick) => {
      const timer = { ms, next: now + ms, tick };
      timers.add(timer);
      return () => void timers.delete(timer);
    },
    advance,
    sleeps,
    get waited() {
      return now - start;
    },
    get timers() {
      return timers.size;
    },
  };
}
