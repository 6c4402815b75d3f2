// `recruit jobs get <id>` is the read that scripts run most, once a job at a time, and its start-up
// has a budget of its own (docs/performance.md: at most 1.15x a one-request node:http script). Commander and
// the command tree are some 4 ms of that start (docs/performance.md), so a line that is plainly a
// `jobs get` (its three words and only the options below, each once, no `--opt=value` form) runs
// without them, with the globals commander would have given. Anything else, help and mistakes
// included, goes to commander: this never decides what a line means, it only recognises one shape.
// test/cli/plain-jobs-get.test.ts runs each shape both ways and compares everything printed.
import type { GlobalOptions } from '../context/global-options.js';

/** The root's options a plain line may carry, as program.ts declares them. */
export const PLAIN_FLAGS = {
  '--json': 'json',
  '--verbose': 'verbose',
  '--yes': 'yes',
  '-y': 'yes',
  '--insecure-http': 'insecureHttp',
  '--sandbox': 'sandbox',
} as const satisfies Record<string, keyof GlobalOptions>;

export const PLAIN_VALUES = {
  '--profile': 'profile',
  '--base-url': 'baseUrl',
  '--timeout': 'timeout',
  '--max-response-size': 'maxResponseSize',
  '--ca-file': 'caFile',
} as const satisfies Record<string, keyof GlobalOptions>;

export interface PlainJobsGet {
  jobId: string;
  globals: GlobalOptions;
  options: { csv?: true };
}

const has = <T extends object>(table: T, key: string): key is Extract<keyof T, string> => Object.hasOwn(table, key);

/** The line as a plain `jobs get`, or undefined for commander to parse. */
export function plainJobsGet(argv: readonly string[]): PlainJobsGet | undefined {
  const globals: GlobalOptions = { color: true };
  const options: { csv?: true } = {};
  const words: string[] = [];
  const seen = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('-')) {
      words.push(arg);
      continue;
    }
    if (seen.has(arg) || (arg === '-y' && seen.has('--yes')) || (arg === '--yes' && seen.has('-y'))) return undefined;
    seen.add(arg);
    if (has(PLAIN_FLAGS, arg)) globals[PLAIN_FLAGS[arg]] = true;
    else if (arg === '--no-color') globals.color = false;
    else if (arg === '--csv' && words.length >= 2) options.csv = true; // an option of `get`, after it
    else if (has(PLAIN_VALUES, arg)) {
      const value = argv[++i];
      if (value === undefined || value.startsWith('-')) return undefined;
      globals[PLAIN_VALUES[arg]] = value;
    } else return undefined;
  }
  const [command, subcommand, jobId, ...more] = words;
  if (command !== 'jobs' || subcommand !== 'get' || jobId === undefined || more.length > 0) return undefined;
  return { jobId, globals, options };
}
