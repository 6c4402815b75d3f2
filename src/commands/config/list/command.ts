// `recruit config list`: no flags of its own; its help and examples.
import { examples, type Lazy, type Parent } from '../../define.js';

export function addConfigList(config: Parent, lazy: Lazy): void {
  config
    .command('list')
    .description('show the settings in effect and where each comes from')
    .addHelpText('after', examples(['recruit config list', 'recruit --profile staging config list --json']))
    .action(lazy(() => import('./run.js')));
}
