// `recruit jobs wait`: its name, arguments, description and flags. The options type of its
// run function (run.ts) derives from them, so a flag renamed here and not in run.ts does not compile.
import type { OptionsOf, Parent } from '../../define.js';

export function flags(jobs: Parent) {
  return jobs
    .command('wait <jobId...>')
    .usage('[options] <jobId...|->')
    .description('wait until jobs are approved, active or in a status (ids, or - for stdin); exit 8 if one is rejected, 5 past --timeout')
    .option('--until <approved|active|status>', 'what to wait for: approved, active (In Progress), or a status code or label', 'active')
    .option('--interval <seconds>', 'seconds before the second look (default 5); each later pause is 1.5 times longer, up to 30 s');
}

export type WaitOptions = OptionsOf<ReturnType<typeof flags>>;
