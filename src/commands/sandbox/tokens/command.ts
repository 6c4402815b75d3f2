// `recruit sandbox tokens`: no flags of its own; its help and examples.
import { examples, type Lazy, withTraits, type Parent } from '../../define.js';
import { traits } from './traits.js';

export function addSandboxTokens(sandbox: Parent, lazy: Lazy): void {
  withTraits(sandbox.command('tokens'), traits)
    .description('list the sandbox bearer tokens: one per account and permission set')
    .addHelpText('after', examples(['recruit sandbox tokens', 'recruit sandbox tokens --json']))
    .action(lazy(() => import('./run.js')));
}
