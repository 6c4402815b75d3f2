// `recruit jobs list`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import { collect, type OptionsOf, type Parent } from '../../define.js';

export function flags(jobs: Parent) {
  return jobs
    .command('list')
    .description('list jobs, newest first')
    .option('--status <code|label>', 'only jobs with this status (repeatable, or comma separated)', collect)
    .option('--search <text>', 'only jobs whose title or code contains this text')
    .option('--page <n>', 'page number')
    .option('--page-size <n>', 'jobs per page (API default 10, at most 100)')
    .option('--all', 'follow every page')
    .option('--wide', 'add a column for every lookup field (industry, employer type, customer, ...); names on a terminal, ids in a pipe')
    .option('--csv', 'CSV for spreadsheets: a header row of batch-file field names, names for ids, every field of a job (`jobs create --file` reads it back)')
    .option('--xlsx', 'the columns of --csv as a workbook: ids and codes as text, the header row frozen (to a pipe, or --output)')
    .option('--output <file>', 'write the --csv or --xlsx output to this file instead of stdout');
}

export type ListOptions = OptionsOf<ReturnType<typeof flags>>;
