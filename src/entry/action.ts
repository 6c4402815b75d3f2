// Runs a command's action: its module loaded, a context made from the global options, the embedded
// sandbox's failures explained, and the context disposed of however the action ends. Commander's
// actions (program.ts) and the plain `jobs get` line (plain-jobs-get.ts) both run through here.
import { createContext, type Context, type GlobalOptions } from '../context/context.js';
import type { IO } from '../terminal/io.js';

// Commander passes each action its own arguments; the module's default export takes them after ctx.
export type Action = (ctx: Context, ...args: never[]) => Promise<void>;
export type Loader = () => Promise<{ default: Action }>;

export async function runAction(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions, load: Loader, args: unknown[]): Promise<void> {
  const { default: action } = await load();
  const ctx = createContext(io, env, globals);
  try {
    await (action as (ctx: Context, ...rest: unknown[]) => Promise<void>)(ctx, ...args);
  } catch (error) {
    const account = ctx.sandboxAccount();
    throw account ? (await import('../context/sandbox-failure.js')).explainSandboxFailure(error, account) : error;
  } finally {
    await ctx.dispose();
  }
}
