// `recruit jobs update`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import { collect, ENCODING_HELP, type OptionsOf, type Parent } from '../../define.js';
import { withJobFieldFlags } from '../field-flags.js';

export function flags(jobs: Parent) {
  return withJobFieldFlags(
    jobs
      .command('update <jobId...>')
      .usage('[options] <jobId...|->')
      .description(
        'change the fields and publication of one job or many (ids, or - for stdin), and report what the service changed or ignored; keeps free-board publication unless told otherwise',
      ),
  )
    .option('--set <key=value>', 'set any body field (repeatable; value parsed as JSON when it can be)', collect)
    .option('--file <path>', 'read a JSON patch from a file (- for stdin)')
    .option('--encoding <name>', `--file and --description-file: ${ENCODING_HELP}`)
    .option('--publish-career-page', 'publish on the career page')
    .option('--no-publish-career-page', 'remove from the career page')
    .option('--publish-free-boards', 'publish on free job boards')
    .option('--no-publish-free-boards', 'remove from free job boards')
    .option('--concurrency <n>', 'several jobs: requests in flight at once (default 4, or the profile setting)')
    .option('--dry-run', 'read the jobs, check the update against each and print what would change: nothing is sent');
}

/** The options of `jobs update`: the job's fields, --set, --file, publication and the bulk flags. */
export type UpdateOptions = OptionsOf<ReturnType<typeof flags>>;
