// `recruit status`: its help and examples; the run function (run.ts) is loaded when it runs.
import { examples, type Lazy, type Parent } from '../define.js';

export function addStatus(program: Parent, lazy: Lazy): void {
  program
    .command('status')
    .description('one screen for the account: jobs waiting for approval and for how long, active jobs, jobs changed this week, your drafts and unsettled submissions')
    .addHelpText('after', examples(['recruit status', 'recruit --sandbox --sandbox-account approval status', 'recruit status --json']))
    .action(lazy(() => import('./run.js')));
}
