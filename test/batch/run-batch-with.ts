// A batch run in this process through runBatch itself, for the options the command line does not
// have (the test seams: a failing file system, a small body cache); its results are printed as the
// command prints them (src/commands/jobs/print-run.ts) and its failure reported as the CLI reports
// it (src/entry/run.ts), so the output, exit code and message are those a user gets. Its waits are
// on a clock that skips them, unless the test passes another.
import { Readable } from 'node:stream';
import { createContext } from '../../src/context/create-context.js';
import type { IO } from '../../src/terminal/io.js';
import { report } from '../../src/entry/run.js';
import { runBatch, type BatchOptions } from '../../src/jobs/batch/run-batch.js';
import { printRun } from '../../src/commands/jobs/print-run.js';
import type { Clock } from '../../src/core/clock.js';
import { Capture, type CliResult } from '../helpers/cli.js';
import { skippingClock } from '../helpers/clock.js';

export interface RunBatchWithOptions {
  token?: string;
  json?: boolean;
  /** The clock the run waits on: by default one that skips every wait (retries, backoffs, 429 pauses), as runCli's. */
  clock?: Clock;
}

export async function runBatchWith(baseUrl: string, options: BatchOptions, { token = 'sbx_direct_full', json = false, clock = skippingClock() }: RunBatchWithOptions = {}): Promise<CliResult> {
  const stdout = new Capture(false);
  const stderr = new Capture(false);
  const stdin = Readable.from([]) as IO['stdin'];
  stdin.isTTY = false;
  const io: IO = { stdin, stdout, stderr, clock };
  const env = { ...process.env, RECRUIT_BASE_URL: baseUrl, RECRUIT_TOKEN: token };
  const ctx = createContext(io, env, { color: false, json });
  let code = 0;
  try {
    const run = await runBatch(ctx, options);
    if (run) await printRun(ctx, run);
  } catch (error) {
    code = report(error, io, json, false);
  } finally {
    await ctx.dispose();
  }
  return { code, stdout: stdout.text, stderr: stderr.text };
}
