// Runs a command's action: its module loaded, a context made from the global options, the embedded
// sandbox's failures explained, and the context disposed of however the action ends. Commander's
// actions (program.ts) and the plain `jobs get` line (plain-jobs-get.ts) both run through here.
// With `--json <fields>` or `--jq`, the command's stdout is collected and shaped once it is done
// (terminal/json-shape.ts): the fields are checked and jq compiled before the command runs. Long
// output on a terminal goes through the pager (terminal/pager.ts). What a command is (paged, its JSON
// fields, ...) is told by its traits, which its own folder declares (commands/define.ts, Traits).
import type { Traits } from '../commands/define.js';
import type { Context } from '../context/context.js';
import { createContext } from '../context/create-context.js';
import type { GlobalOptions } from '../context/global-options.js';
import type { IO } from '../terminal/io.js';

/** The command that runs: its words below the program (`jobs get`), which messages name it by, and its traits. */
export interface Running {
  path: string;
  traits: Traits;
}

// Commander passes each action its own arguments; the module's default export takes them after ctx.
export type Action = (ctx: Context, ...args: never[]) => Promise<void>;
export type Loader = () => Promise<{ default: Action }>;

export async function runAction(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions, load: Loader, args: unknown[], command: Running): Promise<void> {
  // Loaded only for a terminal: the pager brings node:child_process, which a pipe never needs.
  const pager =
    command.traits.paged === true && io.stdout.isTTY === true
      ? (await import('../terminal/pager.js')).pagedStdout(io.stdout, env, (message) => void io.stderr.write(`warning: ${message}\n`))
      : undefined;
  const out: IO = pager ? { ...io, stdout: pager.stream } : io;
  const shaping = globals.jsonFields !== undefined || globals.jq !== undefined;
  // The command's module loads while jq's worker starts.
  const [shaped, { default: action }] = await Promise.all([
    shaping ? import('./shaped-action.js').then((m) => m.prepareShape(out, env, globals, command.path, command.traits, args)) : undefined,
    load(),
  ]);
  if (shaped?.done) return pager?.finish();
  const ctx = createContext(shaped ? { ...out, stdout: shaped.stdout } : out, env, globals);
  let failure: { error: unknown } | undefined;
  try {
    await ctx.loadStoredToken();
    await (action as (ctx: Context, ...rest: unknown[]) => Promise<void>)(ctx, ...args);
  } catch (error) {
    const account = ctx.sandboxAccount();
    failure = { error: account ? (await import('../context/sandbox-failure.js')).explainSandboxFailure(error, account) : error };
  } finally {
    await ctx.dispose();
  }
  // A failed bulk change still prints its results: shaped too, and its own error wins over the shaping's.
  try {
    await shaped?.flush();
  } catch (error) {
    if (!failure) throw error;
  } finally {
    await pager?.finish();
  }
  if (failure) throw failure.error;
}
