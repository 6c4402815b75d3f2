// Time as a command sees it: what the API client waits on (retries, Retry-After, rate-limit turns),
// what the journals stamp, and the account lock's heartbeat and the ages it judges. Tests pass a
// clock whose sleep only moves its time forward, so no test waits out a real pause
// (test/helpers/clock.ts).
export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  sleep(ms: number): Promise<void>;
  /** In [0, 1): the jitter of retry delays. */
  random(): number;
  /** Calls `tick` every `ms` until the stop it returns is called; never keeps the process alive. */
  every(ms: number, tick: () => void): () => void;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)),
  random: () => Math.random(),
  every: (ms, tick) => {
    const timer = setInterval(tick, ms).unref();
    return () => clearInterval(timer);
  },
};
