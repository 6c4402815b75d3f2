// Start-up timing: wall-clock time of whole child processes, the commands being compared run in
// turn (A B C A B C ...) so that a burst of load on a shared machine hits every one of them alike.
import { spawnSync } from 'node:child_process';

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function quantile(values, q) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
}

/** `input`, when a command has one, is written to its stdin, which is then closed. */
function timeOnce({ argv, env, input }) {
  const start = process.hrtime.bigint();
  const result = spawnSync(argv[0], argv.slice(1), { env, input, stdio: [input === undefined ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (result.status !== 0) {
    throw new Error(`${argv.join(' ')} exited with ${result.status ?? result.signal}: ${result.stderr}`);
  }
  return ms;
}

/**
 * Runs every command `warmup + runs` times, interleaved, and returns per command the median wall
 * time in milliseconds (with the spread, for results.json) and the samples, round by round, for
 * pairing (pairedRatio). The warm-up runs fill the page cache.
 */
export function timeInterleaved(commands, { runs = 30, warmup = 5 } = {}) {
  const samples = commands.map(() => []);
  for (let round = 0; round < warmup + runs; round++) {
    for (let k = 0; k < commands.length; k++) {
      // Rotate the order each round so that no command always follows the same one.
      const i = (k + round) % commands.length;
      const ms = timeOnce(commands[i]);
      if (round >= warmup) samples[i].push(ms);
    }
  }
  return commands.map((c, i) => ({
    name: c.name,
    median: median(samples[i]),
    p25: quantile(samples[i], 0.25),
    p75: quantile(samples[i], 0.75),
    min: Math.min(...samples[i]),
    runs,
    samples: samples[i],
  }));
}

/**
 * The median of a's time over b's, taken round by round: the two ran within a second of each other,
 * so a slow spell of the shared machine weighs on both. Steadier than the ratio of the two medians
 * (measured: 0.93x-1.14x over six runs of 30 rounds of one build, against 1.00x-1.06x paired).
 */
export function pairedRatio(a, b) {
  return median(a.samples.map((ms, round) => ms / b.samples[round]));
}
