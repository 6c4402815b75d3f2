// The time a command has taken, for the times in its summaries: the time a question waited for the
// person is theirs, not the command's.
// process.hrtime, not the global performance: its first use loads perf_hooks (~1 ms of every start).

export interface Stopwatch {
  /** Milliseconds since the stopwatch started, the time at `atPrompt`'s questions left out. */
  elapsedMs(): number;
  /** Runs a question; the time it waits is not counted. */
  atPrompt<T>(ask: () => Promise<T>): Promise<T>;
}

export function startStopwatch(): Stopwatch {
  const started = process.hrtime.bigint();
  let atPrompts = 0n;
  return {
    elapsedMs: () => Number(process.hrtime.bigint() - started - atPrompts) / 1e6,
    async atPrompt(ask) {
      const asked = process.hrtime.bigint();
      try {
        return await ask();
      } finally {
        atPrompts += process.hrtime.bigint() - asked;
      }
    },
  };
}
