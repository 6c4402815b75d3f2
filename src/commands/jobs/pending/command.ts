// `recruit jobs pending`: no flags of its own; its help and examples.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { traits } from './traits.js';

export function addJobsPending(jobs: Parent, lazy: Lazy): void {
  withTraits(jobs.command('pending'), traits)
    .description('list creations that were persisted but have no final answer yet (resume them with `jobs create --resume`)')
    .addHelpText('after', examples(['recruit jobs pending', 'recruit jobs pending --json', 'recruit jobs create --resume <key>']))
    .action(lazy(() => import('./run.js')));
}
