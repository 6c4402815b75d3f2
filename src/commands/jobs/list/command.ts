// `recruit jobs list`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addJobsList(jobs: Parent, lazy: Lazy): void {
  withTraits(flags(jobs), traits)
    .addHelpText(
      'after',
      `
The filters --customer, --hiring-manager, --department, --industry, --job-function, --created-since
and --updated-since are not the service's: they read every page of the list (one request a page,
paced to the rate limit like any other) and keep the matching jobs here. -L stops them early.
${examples([
  'recruit jobs list',
  'recruit jobs list -s in-progress -s new -L 20',
  'recruit jobs list --wide',
  'recruit jobs list -q engineer --all --json id,title',
  'recruit jobs list --all --customer "Acme Logistics" --json id | recruit jobs status - closed',
  'recruit jobs list --industry Healthcare --created-since 7d',
  "recruit jobs list --all --jq '.[] | select(.approvalStatus == 0) | .id'",
  'recruit jobs list --all --csv > jobs.csv',
  'recruit jobs list --all --xlsx --output jobs.xlsx',
])}`,
    )
    .action(lazy(() => import('./run.js')));
}
