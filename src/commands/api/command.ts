// `recruit api <path>`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addApi(program: Parent, lazy: Lazy): void {
  withTraits(flags(program), traits)
    .addHelpText(
      'after',
      examples([
        'recruit api /industries',
        'recruit api /job-functions -f industry_id=1 --paginate',
        'recruit api /jobs/3 -X PATCH -f title="Staff Engineer" -f publishToFreeJobBoards=true',
        'recruit api /candidates -X GET -f page=2',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
