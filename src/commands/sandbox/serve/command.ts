// `recruit sandbox serve`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addSandboxServe(sandbox: Parent, lazy: Lazy): void {
  withTraits(flags(sandbox), traits)
    .addHelpText(
      'after',
      examples([
        'recruit sandbox serve',
        'recruit sandbox serve --port 0 --state ./sandbox.ndjson',
        'recruit sandbox serve --active-job-limit 3 --faults "503=0.2,latency=10-50,seed=7"',
        'recruit sandbox serve --rate-limit 50/s --faults "latency=20-40"',
        'curl -H "Authorization: Bearer sbx_direct_full" http://127.0.0.1:4010/v1/industries',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
