// `recruit jobs get`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addJobsGet(jobs: Parent, lazy: Lazy): void {
  withTraits(flags(jobs), traits)
    .addHelpText('after', examples(['recruit jobs get 3', 'recruit jobs get 3 --json', 'recruit jobs get 3 --json id,status,approvalStatus', "recruit jobs get 3 --jq '.title'", 'recruit jobs get 3 --csv']))
    .action(lazy(() => import('./run.js')));
}
