// The built CLI in a child process with its peak RSS: a preloaded script (report-peak-rss.cjs)
// writes getrusage's maximum at exit. A child killed when hung, or crashed, writes none, and the
// measurement fails saying so with its exit and the end of its stderr.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { runBin, type CliResult } from './cli.js';

const REPORTER = fileURLToPath(new URL('./report-peak-rss.cjs', import.meta.url));

export interface Measured extends CliResult {
  peakRssBytes: number;
}

export interface MeasureOptions {
  env?: NodeJS.ProcessEnv;
  /** More of Node's options (`--max-old-space-size=64`), before the reporter's. */
  nodeOptions?: string;
  /** Not a bound on time (none is asserted): the stop for a child that would never end. */
  timeoutMs: number;
}

/** The built CLI run in a child process, its peak memory measured. @spawns */
export async function runMeasured(args: string[], options: MeasureOptions): Promise<Measured> {
  const rssFile = join(mkdtempSync(join(tmpdir(), 'recruit-rss-')), 'peak-rss');
  const result = await runBin(args, {
    env: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} ${options.nodeOptions ?? ''} --require ${REPORTER}`.replace(/\s+/g, ' ').trim(),
      RECRUIT_PEAK_RSS_FILE: rssFile,
      ...options.env,
    },
    timeoutMs: options.timeoutMs,
  });
  expect(existsSync(rssFile), `no peak RSS written (hung or crashed); exit ${result.code}, stderr: ${result.stderr.slice(-500)}`).toBe(true);
  return { ...result, peakRssBytes: Number(readFileSync(rssFile, 'utf8')) * 1024 };
}
