// Runs a command's action: its module loaded, a context made from the global options, the embedded
// sandbox's failures explained, and the context disposed of however the action ends. Commander's
// actions (program.ts) and the plain `jobs get` line (plain-jobs-get.ts) both run through here.
import { createContext, type Context, type GlobalOptions } from '../context/context.js';
import type { IO } from '../terminal/io.js';

/** Commands whose output can be long: on a terminal it goes through the pager (src/terminal/pager.ts). */
export const PAGED_COMMANDS: ReadonlySet<string> = new Set(['jobs list', 'jobs get', 'jobs drafts', 'jobs pending', 'lookup', 'config list']);

// Commander passes each action its own arguments; the module's default export takes them after ctx.
export type Action = (ctx: Context, ...args: never[]) => Promise<void>;
export type Loader = () => Promise<{ default: Action }>;

export async function runAction(io: IO, env: NodeJS.ProcessEnv, globals: GlobalOptions, load: Loader, args: unknown[], paged = false): Promise<void> {
  const { default: action } = await load();
  // Loaded only for a terminal: the pager brings node:child_process, which a pipe never needs.
  const pager = paged && io.stdout.isTTY === true ? (await import('../terminal/pager.js')).pagedStdout(io.stdout, env, (message) => ctx.warn(message)) : undefined;
  const ctx = createContext(pager ? { ...io, stdout: pager.stream } : io, env, globals);
  try {
    await ctx.loadStoredToken();
    await (action as (ctx: Context, ...rest: unknown[]) => Promise<void>)(ctx, ...args);
  } catch (error) {
    const account = ctx.sandboxAccount();
    throw account ? (await import('../context/sandbox-failure.js')).explainSandboxFailure(error, account) : error;
  } finally {
    await ctx.dispose();
    await pager?.finish();
  }
}
