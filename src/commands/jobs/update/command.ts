// `recruit jobs update`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addJobsUpdate(jobs: Parent, lazy: Lazy): void {
  withTraits(flags(jobs), traits)
    .addHelpText(
      'after',
      examples([
        'recruit jobs update 3 --title "Staff Engineer"',
        'recruit jobs update 3 --set experience=5 --set skills=\'["Go","SQL"]\'',
        'recruit jobs update 3 --no-publish-free-boards',
        'recruit jobs update 3 --file patch.json',
        'recruit jobs update 3 4 9 --hiring-manager "Dana Whitfield"',
        'recruit jobs list --search intern --all --json | recruit jobs update - --experience 0 --dry-run',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
