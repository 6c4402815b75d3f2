// `recruit sandbox reset`: no flags of its own; its help and examples.
import { examples, type Lazy, type Parent } from '../../define.js';

export function addSandboxReset(sandbox: Parent, lazy: Lazy): void {
  sandbox
    .command('reset')
    .description('restore the seeded state (no idempotency keys, no faults); the embedded sandbox also loses what recruit kept of its accounts')
    .addHelpText('after', examples(['recruit sandbox reset', 'recruit sandbox reset --base-url http://127.0.0.1:4010/v1']))
    .action(lazy(() => import('./run.js')));
}
