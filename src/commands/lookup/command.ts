// `recruit lookup <kind>`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addLookup(program: Parent, lazy: Lazy): void {
  withTraits(flags(program), traits)
    .addHelpText(
      'after',
      examples([
        'recruit lookup industries',
        'recruit lookup functions --industry "Information Technology" --search dev',
        'recruit lookup employer-types --industry 1 --all --json',
        'recruit lookup job-options',
        'recruit lookup customers --all --csv > customers.csv',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
