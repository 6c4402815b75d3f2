// `recruit jobs create`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addJobsCreate(jobs: Parent, lazy: Lazy): void {
  withTraits(flags(jobs), traits)
    .addHelpText(
      'after',
      examples([
        'recruit jobs create                       # the wizard, on a terminal',
        'recruit jobs create --file examples/jobs.json',
        'recruit jobs create --file jobs.ndjson --concurrency 8 --json',
        'recruit jobs create --file jobs.json --dry-run',
        'recruit jobs create --file jobs.csv --csv > results.csv',
        'cat jobs.csv | recruit jobs create --file - --format csv',
        'recruit jobs create --file jobs.xlsx --sheet "New jobs"',
        'recruit jobs create --title "Data Engineer" --description-file desc.md --location "Berlin, Germany" ' +
          '--industry "Information Technology" --job-function "Data Engineering" --employer-type "SaaS Startup"',
        'recruit jobs create --title "Data Engineer" --industry 1   # on a terminal: the wizard asks the rest',
        'recruit jobs create --from 3 --title "Data Engineer, Berlin" --location "Berlin, Germany"   # a clone',
        'recruit jobs create --from 3 --industry Healthcare --job-function "Healthcare Administration" --employer-type Hospital',
        'recruit jobs create --resume',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
