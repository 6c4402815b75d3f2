// `recruit auth login`: the help and examples around its flags (flags.ts), and its run
// function (run.ts), loaded when the command runs.
import { examples, type Lazy, type Parent } from '../../define.js';
import { flags } from './flags.js';

export function addAuthLogin(auth: Parent, lazy: Lazy): void {
  flags(auth)
    .addHelpText(
      'after',
      examples([
        'recruit auth login',
        'echo "$TOKEN" | recruit auth login --base-url https://api.example.com/v1 --with-token',
        'recruit --profile staging auth login',
      ]),
    )
    .action(lazy(() => import('./run.js')));
}
