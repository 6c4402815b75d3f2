// Runs a command's action: its module loaded, a context made from the global options, the embedded
// sandbox's failures explained, and the context disposed of however the action ends. Commander's
// actions (program.ts) and the plain `jobs get` line (plain-jobs-get.ts) both run through here.
// With `--json <fields>` or `--jq`, the command's stdout is collected and shaped once it is done
// (terminal/json-shape.ts): the fields are checked and jq compiled before the command runs.
import { createContext, type Context, type GlobalOptions } from '../context/context.js';
import type { IO } from '../terminal/io.js';

// Commander passes each action its own arguments; the module's default export takes them after ctx.
export type Action = (ctx: Context, ...args: never[]) => Promise<void>;
export type Loader = () => Promise<{ default: Action }>;

/** The root's `--json [fields]` and `--jq` as the context takes them: `json` whenever either is given. */
export function globalsOf(opts: Record<string, unknown>): GlobalOptions {
  const { json, ...rest } = opts as Record<string, unknown> & { jq?: string };
  return {
    ...(rest as unknown as GlobalOptions),
    ...(json !== undefined || rest.jq !== undefined ? { json: true } : {}),
    ...(typeof json === 'string' ? { jsonFields: json } : {}),
  };
}

export async function runAction(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions, load: Loader, args: unknown[], command = ''): Promise<void> {
  const shaping = globals.jsonFields !== undefined || globals.jq !== undefined;
  const shaped = shaping ? await (await import('./shaped-action.js')).prepareShape(io, globals, command, args) : undefined;
  if (shaped?.done) return;
  const { default: action } = await load();
  const ctx = createContext(shaped ? { ...io, stdout: shaped.stdout } : io, env, globals);
  let failure: { error: unknown } | undefined;
  try {
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
  }
  if (failure) throw failure.error;
}
