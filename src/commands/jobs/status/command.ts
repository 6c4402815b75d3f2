// `recruit jobs status`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addJobsStatus(jobs: Parent, lazy: Lazy): void {
  withTraits(flags(jobs), traits)
    .addHelpText(
      'after',
      examples([
        'recruit jobs status 3 in-progress',
        'recruit jobs status 3 1',
        'recruit jobs status 3 closed --json',
        'recruit jobs status 3 4 9 closed',
        'recruit jobs list --status new --search intern --all --json | recruit jobs status - closed',
        'recruit jobs status - closed --dry-run < ids.txt',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
