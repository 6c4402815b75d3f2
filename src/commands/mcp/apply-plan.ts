// `plan_apply` and `apply`: `jobs apply --dry-run` makes the plan, which is kept under a random id
// (mcp-state.ts); `apply` takes only that id. It plans again from the account and the file as they
// now are, and sends nothing unless the plan is the one the user was shown; then it runs `jobs
// apply` as the command does once consent is given (docs/decisions.md, "recruit mcp: plans").
import { UsageError } from '../../core/errors.js';
import { canonicalJson } from '../../exactly-once/canonical-json.js';
import { callContext, printed, type Call } from './call-context.js';
import { fileHash, PLAN_TTL_MS, PlanStore } from './mcp-state.js';

const scopeOf = (call: Call) => call.ctx.completionScope() ?? 'unknown';

async function dryRun(call: Call, file: string, prune: boolean): Promise<unknown> {
  const { default: apply } = await import('../jobs/apply/run.js');
  await apply(call.ctx, { file, ...(prune ? { prune: true as const } : {}), dryRun: true });
  return printed(call);
}

const same = (a: unknown, b: unknown) => canonicalJson({ plan: a }) === canonicalJson({ plan: b });

export async function planApply(call: Call, file: string, prune: boolean): Promise<unknown> {
  const hash = fileHash(file);
  const plan = await dryRun(call, file, prune);
  const now = call.ctx.clock.now();
  const store = new PlanStore(call.ctx.env);
  store.sweep(now);
  const stored = {
    id: call.ctx.newKey(),
    scope: scopeOf(call),
    file,
    fileHash: hash,
    prune,
    plan,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + PLAN_TTL_MS).toISOString(),
  };
  store.save(stored);
  return { planId: stored.id, expiresAt: stored.expiresAt, plan };
}

export async function applyPlan(call: Call, id: string): Promise<unknown> {
  const store = new PlanStore(call.ctx.env);
  const stored = store.take(id, scopeOf(call), call.ctx.clock.now());
  let hash: string | undefined;
  try {
    hash = fileHash(stored.file);
  } catch {
    hash = undefined;
  }
  if (hash !== stored.fileHash) {
    store.remove(id);
    throw new UsageError(`the file ${stored.file} changed (or is gone) since the plan; nothing was sent`, [], 'call plan_apply again and show the new plan');
  }
  const again = await dryRun(callContext(call.base), stored.file, stored.prune);
  if (!same(again, stored.plan)) {
    store.remove(id);
    throw new UsageError('the account changed since the plan, and the plan with it; nothing was sent', [], 'call plan_apply again and show the new plan');
  }
  store.remove(id);
  const { default: apply } = await import('../jobs/apply/run.js');
  await apply(call.ctx, { file: stored.file, ...(stored.prune ? { prune: true as const } : {}) });
  return { planId: id, results: printed(call) };
}
