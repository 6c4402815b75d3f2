import type { Context } from '../../../context/context.js';
import { writeJson } from '../../../terminal/output.js';
import { callAdmin } from '../admin-target.js';

export default async function reset(ctx: Context): Promise<void> {
  const answer = await callAdmin(ctx, '/reset');
  const result = answer.body as { reset: boolean; jobs: number };
  if (ctx.globals.json) return writeJson(ctx, result);
  ctx.io.stdout.write(`Reset ${answer.where}: ${result.jobs} seeded jobs, no idempotency keys, no faults\n`);
}
