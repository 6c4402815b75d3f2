// `recruit auth logout`: no flags of its own; its help and examples.
import { examples, type Lazy, type Parent } from '../../define.js';

export function addAuthLogout(auth: Parent, lazy: Lazy): void {
  auth
    .command('logout')
    .description("remove the profile's token")
    .addHelpText('after', examples(['recruit auth logout', 'recruit --profile staging auth logout']))
    .action(lazy(() => import('./run.js')));
}
