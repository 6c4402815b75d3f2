// `recruit jobs create`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import { Option } from '@commander-js/extra-typings';
import { ENCODING_HELP, type OptionsOf, type Parent } from '../../define.js';
import { withJobFieldFlags } from '../field-flags.js';

export function flags(jobs: Parent) {
  return withJobFieldFlags(
    jobs
      .command('create')
      .description('create jobs: the wizard on a terminal, one job from field flags, a clone of a job (--from), or a batch from a file'),
  )
    .option('--publish-career-page', 'publish on the career page (refused at creation on accounts that need approval)')
    .option('--publish-free-boards', 'publish on free job boards (refused at creation on accounts that need approval)')
    .option('--file <path>', 'create every job of a JSON array, JSON object, NDJSON, CSV or workbook (.xlsx) file (- for stdin; see `recruit help formats`)')
    .addOption(new Option('--format <format>', 'batch: the file\'s format (default: csv for a *.csv or *.tsv name, xlsx for *.xlsx, else JSON told apart by the content)').choices(['csv', 'json', 'xlsx']))
    .option('--delimiter <sep>', 'batch: the CSV separator, , ; or tab (default: told from the header row; tab for *.tsv)')
    .option('--sheet <name>', 'batch: the sheet of a workbook to read, hidden ones too (default: its first visible sheet)')
    .option('--encoding <name>', `--file and --description-file: ${ENCODING_HELP}`)
    .option('--csv', 'batch: the results as CSV (RFC 4180, with a header row)')
    .option('--xlsx', 'batch: the results as a workbook (to a pipe, or --output)')
    .option('--output <file>', 'batch: write the --csv or --xlsx results to this file instead of stdout')
    .option('--concurrency <n>', 'batch: requests in flight at once (default 4, or the profile setting)')
    .option('--restart', 'batch: create the jobs of a file again although an earlier run finished it')
    .option('--create-edited', 'batch: create items edited after an earlier run created them, as new jobs')
    .option('--from <jobId>', "start from an existing job's fields (not its code or publication); field flags change them")
    .option('--dry-run', 'validate and resolve names, then stop: nothing is sent')
    .option('--wait', 'field flags or --from: once created, wait until the job is approved and active (exit 8 if rejected, 5 past --timeout, default 600 s)')
    .option('--resume [key]', 're-send an unfinished submission with its original key and body (see `jobs pending`)');
}

/** The options of `jobs create`: the job's fields and how the job (or jobs) are made. */
export type CreateOptions = OptionsOf<ReturnType<typeof flags>>;
