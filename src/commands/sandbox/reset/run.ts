import type { Uses } from '../../../context/context.js';
import { writeJson } from '../../../terminal/output.js';
import { callAdmin } from '../admin-target.js';
import { forgetForCompletion } from '../../../completion/cache.js';
import { SANDBOX_ACCOUNTS, sandboxCompletionScope } from '../../../context/sandbox-account.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export default async function reset(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'settings' | 'completionScope' | 'spinner'>): Promise<void> {
  const answer = await callAdmin(ctx, '/reset');
  const result = answer.body as { reset: boolean; jobs: number };
  // The embedded sandbox gives its job ids out again: what recruit kept for its accounts goes too.
  const forgotten = answer.embedded ? (await import('../../../jobs/forget-embedded.js')).forgetEmbeddedSandbox(ctx.env) : undefined;
  // Tab would offer the ids and names of the sandbox as it was: the completion cache goes when it is of this one.
  const scopes = answer.embedded ? SANDBOX_ACCOUNTS.map(sandboxCompletionScope) : [ctx.completionScope()].filter((s) => s !== undefined);
  forgetForCompletion(ctx.env, scopes);
  if (ctx.globals.json) return writeJson(ctx, forgotten ? { ...result, forgotten } : result);
  ctx.io.stdout.write(`Reset ${answer.where}: ${result.jobs} seeded jobs, no idempotency keys, no faults\n`);
  if (forgotten) {
    ctx.io.stdout.write(
      `Forgot what recruit kept for its accounts: ${plural(forgotten.journals, 'batch journal')}, ${plural(forgotten.submissions, 'submission')}, ` +
        `${plural(forgotten.drafts, 'draft')}, ${plural(forgotten.facts, 'learnt account fact file')}, ${plural(forgotten.caches, 'cache')}\n`,
    );
  }
}
