// `recruit config list`: no flags of its own; its help and examples.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { traits } from './traits.js';

export function addConfigList(config: Parent, lazy: Lazy): void {
  withTraits(config.command('list'), traits)
    .description('show the settings in effect and where each comes from')
    .addHelpText('after', examples(['recruit config list', 'recruit --profile staging config list --json']))
    .action(lazy(() => import('./run.js')));
}
