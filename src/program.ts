// Assembles the command tree. Command modules are imported only when their command runs, so that
// `recruit --help` and `recruit jobs get` load nothing they do not need.
import { Command } from 'commander';
import { createContext, type Context, type GlobalOptions } from './cli/context.js';
import type { IO } from './cli/io.js';
import { VERSION } from './version.js';

type Action = (ctx: Context, ...args: never[]) => Promise<void>;
type Loader = () => Promise<{ default: Action }>;

function examples(lines: string[]): string {
  return `\nExamples:\n${lines.map((l) => `  $ ${l}`).join('\n')}\n`;
}

export function buildProgram(io: IO, env: NodeJS.ProcessEnv): Command {
  const lazy =
    (load: Loader) =>
    async (...args: unknown[]): Promise<void> => {
      const command = args[args.length - 1] as Command;
      const globals = command.optsWithGlobals<GlobalOptions>();
      const { default: action } = await load();
      await (action as (ctx: Context, ...rest: unknown[]) => Promise<void>)(createContext(io, env, globals), ...args.slice(0, -1));
    };

  const program = new Command('recruit')
    .description('Work a recruitment account from the terminal: jobs, lookups, a creation wizard and batch files')
    .version(VERSION, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .configureOutput({ writeOut: (s) => io.stdout.write(s), writeErr: (s) => io.stderr.write(s) })
    .exitOverride()
    .showSuggestionAfterError(true)
    .option('--profile <name>', 'settings profile to use (env RECRUIT_PROFILE)')
    .option('--base-url <url>', 'API base URL including /v1 (env RECRUIT_BASE_URL)')
    .option('--sandbox', 'use the embedded sandbox instead of a real account')
    .option('--json', 'machine-readable output on stdout')
    .option('--no-color', 'disable colour')
    .option('--verbose', 'print each request and response on stderr (token redacted)')
    .option('-y, --yes', 'never prompt; fail when input is missing')
    .addHelpText(
      'after',
      examples([
        'recruit --sandbox lookup industries',
        'recruit --sandbox jobs list --status in-progress',
        'recruit sandbox serve --port 4010',
      ]),
    );

  const sandbox = program
    .command('sandbox')
    .description('run and control the local emulator of the Recruitment API v1')
    .addHelpText('after', examples(['recruit sandbox serve', 'recruit sandbox tokens', 'recruit sandbox approve 14']));

  sandbox
    .command('serve')
    .description('serve the sandbox API over HTTP until interrupted')
    .option('--host <host>', 'interface to listen on', '127.0.0.1')
    .option('--port <port>', 'port to listen on (0 picks a free one)', '4010')
    .option('--state <file>', 'keep jobs in this file across restarts (default: in memory)')
    .option('--active-job-limit <n>', 'active jobs allowed per account', '50')
    .option('--faults <spec>', 'inject faults, e.g. "503=0.1,429=0.1,reset=0.05,latency=0-30"')
    .addHelpText(
      'after',
      examples([
        'recruit sandbox serve',
        'recruit sandbox serve --port 0 --state ./sandbox.ndjson',
        'recruit sandbox serve --active-job-limit 3 --faults "503=0.2,latency=10-50,seed=7"',
        'curl -H "Authorization: Bearer sbx_direct_full" http://127.0.0.1:4010/v1/industries',
      ]),
    )
    .action(lazy(() => import('./commands/sandbox/serve.js')));

  sandbox
    .command('tokens')
    .description('list the sandbox bearer tokens: one per account and permission set')
    .addHelpText('after', examples(['recruit sandbox tokens', 'recruit sandbox tokens --json']))
    .action(lazy(() => import('./commands/sandbox/tokens.js')));

  for (const [verb, what, load] of [
    [
      'approve',
      'approve a job pending approval, which activates it (the active-job limit applies)',
      () => import('./commands/sandbox/approve.js'),
    ],
    ['reject', 'reject a job pending approval', () => import('./commands/sandbox/reject.js')],
  ] as const) {
    sandbox
      .command(`${verb} <jobId>`)
      .description(`${what}; on a running sandbox with --base-url, else on the embedded one`)
      .addHelpText(
        'after',
        examples([`recruit sandbox ${verb} 14`, `recruit sandbox ${verb} 14 --base-url http://127.0.0.1:4010/v1`]),
      )
      .action(lazy(load));
  }

  sandbox
    .command('reset')
    .description('restore the seeded state: seeded jobs only, no idempotency keys, no faults')
    .addHelpText('after', examples(['recruit sandbox reset', 'recruit sandbox reset --base-url http://127.0.0.1:4010/v1']))
    .action(lazy(() => import('./commands/sandbox/reset.js')));

  return program;
}
