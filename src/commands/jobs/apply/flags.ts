// `recruit jobs apply`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import { Option } from '@commander-js/extra-typings';
import { ENCODING_HELP, type OptionsOf, type Parent } from '../../define.js';

export function flags(jobs: Parent) {
  return jobs
    .command('apply')
    .description('keep the jobs of the account in step with a file, matched by jobCode: a plan (create, update, unchanged; close with --prune), then the changes once confirmed')
    .option('--file <path>', 'the jobs as they should be: JSON array, JSON object, NDJSON, CSV or workbook (.xlsx) (- for stdin; every item needs a jobCode)')
    .addOption(new Option('--format <format>', "the file's format (default: csv for a *.csv or *.tsv name, xlsx for *.xlsx, else JSON told apart by the content)").choices(['csv', 'json', 'xlsx']))
    .option('--delimiter <sep>', 'the CSV separator, , ; or tab (default: told from the header row; tab for *.tsv)')
    .option('--sheet <name>', 'the sheet of a workbook to read, hidden ones too (default: its first visible sheet)')
    .option('--encoding <name>', ENCODING_HELP)
    .option('--prune', 'also close (status 1) the New and In Progress jobs whose code is not in the file')
    .option('--dry-run', 'print the plan and stop: nothing is sent')
    .option('--concurrency <n>', 'requests in flight at once (default 4, or the profile setting)');
}

export type ApplyOptions = OptionsOf<ReturnType<typeof flags>>;
