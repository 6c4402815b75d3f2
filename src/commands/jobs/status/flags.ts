// `recruit jobs status`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import type { OptionsOf, Parent } from '../../define.js';

export function flags(jobs: Parent) {
  // `<jobId...> <status>`: commander allows a variadic argument only last, so the ids after the
  // first arrive in `moreJobIds` and the status is whichever argument is last.
  return jobs
    .command('status <jobId> <status> [moreJobIds...]')
    .usage('[options] <jobId...|-> <status>')
    .description('change the lifecycle status of one job or many (ids, or - for stdin): a code (1, 2, 4, 5) or a label (new, in-progress, ...), given last')
    .option('--concurrency <n>', 'several jobs: requests in flight at once (default 4, or the profile setting)')
    .option('--dry-run', 'read the jobs and print what would change: nothing is sent');
}

export type StatusOptions = OptionsOf<ReturnType<typeof flags>>;
