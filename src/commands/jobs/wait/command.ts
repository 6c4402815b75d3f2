// `recruit jobs wait`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addJobsWait(jobs: Parent, lazy: Lazy): void {
  withTraits(flags(jobs), traits)
    .addHelpText(
      'after',
      `
Each job is read until it gets there; the reads are paced to the service's rate limit like any
request. The global --timeout <seconds> is how long to wait in all here (default 600). Exit codes:
0 every job got there, 8 one was rejected (approval rejected, or the Rejected status), 5 time ran
out. A job on an account without approval (approval none) counts as approved.
${examples([
  'recruit jobs wait 23 --until approved',
  'recruit jobs wait 23 24 --until active --timeout 3600',
  'recruit jobs wait 23 --until closed --interval 30',
  'recruit jobs list --status pending-approval --json id | recruit jobs wait - --until approved',
  'recruit jobs create --title … --wait   # create, then wait until approved and active',
])}`,
    )
    .action(lazy(() => import('./run.js')));
}
