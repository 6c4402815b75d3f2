// `recruit jobs get`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import type { OptionsOf, Parent } from '../../define.js';

export function flags(jobs: Parent) {
  return jobs
    .command('get <jobId>')
    .alias('view') // gh's word
    .description('show one job with its status and approval (and, on a terminal, the names behind its ids and codes)')
    .option('--csv', 'the job as CSV: a header row and one row, the columns of `jobs list --csv`')
    .option('--xlsx', 'the job as a workbook, the columns of `jobs list --xlsx` (to a pipe, or --output)')
    .option('--output <file>', 'write the --csv or --xlsx output to this file instead of stdout');
}

export type GetOptions = OptionsOf<ReturnType<typeof flags>>;
