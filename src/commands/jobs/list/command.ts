// `recruit jobs list`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, type Parent } from '../../define.js';
import { flags } from './flags.js';

export function addJobsList(jobs: Parent, lazy: Lazy): void {
  flags(jobs)
    .addHelpText(
      'after',
      examples([
        'recruit jobs list',
        'recruit jobs list --status in-progress --status new',
        'recruit jobs list --wide',
        'recruit jobs list --search engineer --all --json',
        'recruit jobs list --all --csv > jobs.csv',
        'recruit jobs list --all --xlsx --output jobs.xlsx',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
