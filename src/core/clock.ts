// Time as a command sees it: what the API client waits on (retries, Retry-After, rate-limit turns)
// and what the journals stamp. Tests pass a clock whose sleep only moves its time forward, so no
// test waits out a real pause (test/helpers/clock.ts).
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /** In [0, 1): the jitter of retry delays. */
  random(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
};
