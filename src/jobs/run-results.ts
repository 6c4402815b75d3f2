// What a run of many jobs (a batch, a bulk change, `jobs apply`'s changes) hands back to its
// command once it is over: nothing here prints. The command prints the results, then says the
// tally on stderr, then throws the outcome for entry/run.ts (commands/jobs/print-run.ts).
import type { CliError } from '../core/errors.js';
import type { JobResults } from '../terminal/job-results.js';

export interface RunResults {
  /** Every item's result, each form made only when it is printed (terminal/job-results.ts). */
  results: JobResults;
  /** The one-line tally, given the seconds the command took: said on stderr after the results. */
  tally: (seconds: number) => string;
  /** Why the run did not do every item (stopped by a signal, a journal that could not be written, refusals): its exit code and hint. */
  error?: CliError | undefined;
}
