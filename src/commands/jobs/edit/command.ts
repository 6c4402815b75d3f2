// `recruit jobs edit`: its help and examples; the run function (run.ts) is loaded when it runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { traits } from './traits.js';

export function addJobsEdit(jobs: Parent, lazy: Lazy): void {
  withTraits(jobs.command('edit <jobId>'), traits)
    .description("open a job's fields in your editor ($VISUAL, $EDITOR), then check what you changed, show it and send it once you confirm (--yes without a terminal)")
    .addHelpText('after', examples(['recruit jobs edit 3', 'EDITOR="code --wait" recruit jobs edit 3', 'EDITOR=./my-edit-script recruit jobs edit 3 --yes   # in a script: --yes sends']))
    .action(lazy(() => import('./run.js')));
}
