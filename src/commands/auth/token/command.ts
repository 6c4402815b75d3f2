// `recruit auth token`: no flags of its own; its help and examples.
import { examples, type Lazy, type Parent } from '../../define.js';

export function addAuthToken(auth: Parent, lazy: Lazy): void {
  auth
    .command('token')
    .description('print the token in effect, for scripts that call the API themselves (stdout only)')
    .addHelpText(
      'after',
      examples(['curl -H "Authorization: Bearer $(recruit auth token)" "$(recruit config get base-url)/jobs"', 'recruit --profile staging auth token']),
    )
    .action(lazy(() => import('./run.js')));
}
