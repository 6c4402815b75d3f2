// `recruit jobs apply`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addJobsApply(jobs: Parent, lazy: Lazy): void {
  withTraits(flags(jobs), traits)
    .addHelpText(
      'after',
      examples([
        'recruit jobs apply --file examples/jobs-apply.json --dry-run',
        'recruit jobs apply --file examples/jobs-apply.json          # asks on a terminal',
        'recruit jobs apply --file jobs.csv --prune --yes            # in a script: --yes applies',
        'recruit jobs apply --file jobs.ndjson --dry-run --json',
        'recruit jobs apply --file jobs.xlsx --dry-run              # an edited `jobs list --all --xlsx`',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
