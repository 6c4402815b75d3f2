// The end of a run of many jobs, printed by its command: the results on stdout (or a table to
// --output), then the tally on stderr, then the outcome thrown for entry/run.ts to print and exit
// with (130 interrupted, 143 stopped, 6 journal not written, …).
import type { Uses } from '../../context/context.js';
import type { RunResults } from '../../jobs/run-results.js';
import { printJobResults } from '../../terminal/job-results.js';
import type { TableTarget } from '../../terminal/table-format.js';

export async function printRun(ctx: Uses<'io' | 'globals' | 'color' | 'info' | 'elapsedMs'>, run: RunResults, { table }: { table?: TableTarget | undefined } = {}): Promise<void> {
  await printJobResults(ctx, run.results, { table });
  // The whole command: reading, checking and resolving the input count as much as sending it.
  ctx.info(run.tally(ctx.elapsedMs() / 1000));
  if (run.error) throw run.error;
}
