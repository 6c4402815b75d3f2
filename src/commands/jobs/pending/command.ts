// `recruit jobs pending`: no flags of its own; its help and examples.
import { examples, type Lazy, type Parent } from '../../define.js';

export function addJobsPending(jobs: Parent, lazy: Lazy): void {
  jobs
    .command('pending')
    .description('list creations that were persisted but have no final answer yet (resume them with `jobs create --resume`)')
    .addHelpText('after', examples(['recruit jobs pending', 'recruit jobs pending --json', 'recruit jobs create --resume <key>']))
    .action(lazy(() => import('./run.js')));
}
