// `recruit mcp`: its help and examples; the run function (run.ts), and the SDK with it, is loaded
// only when it runs (docs/guides/assistants.md).
import { examples, type Lazy, withTraits, type Parent } from '../define.js';
import { flags } from './flags.js';
import { traits } from './traits.js';

export function addMcp(program: Parent, lazy: Lazy): void {
  withTraits(flags(program), traits)
    .addHelpText(
      'after',
      '\nstdout carries the protocol: recruit prints nothing else there. The token comes from the profile (or RECRUIT_TOKEN), never from a tool\'s input, and is never in an answer. Strings from the service are returned as data.\n' +
        examples(['recruit mcp --sandbox', 'recruit mcp --read-only', 'recruit --profile prod mcp --toolsets jobs,lookups', 'recruit mcp --exclude-tools apply,create_jobs']),
    )
    .action(lazy(() => import('./run.js')));
}
