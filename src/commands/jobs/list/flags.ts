// `recruit jobs list`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import { collect, type OptionsOf, type Parent } from '../../define.js';

/** Marks the flags that filter here, after reading every page (filters.ts). */
const LOCAL = '; read every page and filtered here';

export function flags(jobs: Parent) {
  return jobs
    .command('list')
    .description('list jobs, newest first')
    .option('-s, --status <code|label>', 'only jobs with this status (repeatable, or comma separated)', collect)
    .option('-q, --search <text>', 'only jobs whose title or code contains this text')
    .option('-L, --limit <n>', 'at most this many jobs, following pages as needed')
    .option('--page <n>', 'page number')
    .option('--page-size <n>', 'jobs per page (API default 10, at most 100)')
    .option('--all', 'follow every page')
    .option('--customer <id|name>', `only this customer's jobs (repeatable: any of them)${LOCAL}`, collect)
    .option('--hiring-manager <id|name>', `only jobs of this hiring manager (repeatable)${LOCAL}`, collect)
    .option('--department <id|name>', `only jobs of this department (repeatable)${LOCAL}`, collect)
    .option('--industry <id|name>', `only jobs in this industry (repeatable)${LOCAL}`, collect)
    .option('--job-function <id|name>', `only jobs of this job function (repeatable; a name in every industry unless one --industry)${LOCAL}`, collect)
    .option('--created-since <date|age>', `only jobs created since a date (2026-11-01) or within an age (7d, 12h)${LOCAL}`)
    .option('--updated-since <date|age>', `only jobs changed since a date or within an age${LOCAL}`)
    .option('--wide', 'add a column for every lookup field (industry, employer type, customer, ...); names on a terminal, ids in a pipe')
    .option('--csv', 'CSV for spreadsheets: a header row of batch-file field names, names for ids, every field of a job (`jobs create --file` reads it back)')
    .option('--xlsx', 'the columns of --csv as a workbook: ids and codes as text, the header row frozen (to a pipe, or --output)')
    .option('--output <file>', 'write the --csv or --xlsx output to this file instead of stdout (a CSV file made for Excel: UTF-8 with a BOM, codes such as 00042 kept as text)');
}

export type ListOptions = OptionsOf<ReturnType<typeof flags>>;
