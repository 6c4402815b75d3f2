// `recruit auth status`: no flags of its own; its help and examples.
import { examples, type Lazy, type Parent } from '../../define.js';

export function addAuthStatus(auth: Parent, lazy: Lazy): void {
  auth
    .command('status')
    .description('show every profile (the current one first; --profile for one): base URL, account, where the token comes from and whether it works (never the token)')
    .addHelpText('after', examples(['recruit auth status', 'recruit auth status --json']))
    .action(lazy(() => import('./run.js')));
}
