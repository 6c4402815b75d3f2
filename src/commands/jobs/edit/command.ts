// `recruit jobs edit`: its help and examples; the run function (run.ts) is loaded when it runs.
import { examples, type Lazy, type Parent } from '../../define.js';

export function addJobsEdit(jobs: Parent, lazy: Lazy): void {
  jobs
    .command('edit <jobId>')
    .description("open a job's fields in your editor ($VISUAL, $EDITOR), then send what you changed, after showing it")
    .addHelpText('after', examples(['recruit jobs edit 3', 'EDITOR="code --wait" recruit jobs edit 3']))
    .action(lazy(() => import('./run.js')));
}
