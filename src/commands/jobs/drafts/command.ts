// `recruit jobs drafts`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addJobsDrafts(jobs: Parent, lazy: Lazy): void {
  withTraits(flags(jobs), traits)
    .addHelpText(
      'after',
      examples([
        'recruit jobs drafts',
        'recruit jobs drafts --json',
        'recruit --profile staging jobs drafts   # * marks the drafts of that profile',
        'recruit jobs create                       # offers this account\'s drafts',
        'recruit jobs drafts --discard 1a2b3c4d',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
