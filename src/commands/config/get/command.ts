// `recruit config get <key>`: its argument, help and examples.
import { examples, type Lazy, type Parent } from '../../define.js';

export function addConfigGet(config: Parent, lazy: Lazy): void {
  config
    .command('get <key>')
    .description('print one setting: base-url, account-type, concurrency, profile')
    .addHelpText('after', examples(['recruit config get base-url']))
    .action(lazy(() => import('./run.js')));
}
