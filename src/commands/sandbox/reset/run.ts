import type { Context } from '../../../context/context.js';
import { writeJson } from '../../../terminal/output.js';
import { callAdmin } from '../admin-target.js';

export default async function reset(ctx: Context): Promise<void> {
  const result = (await callAdmin(ctx, '/reset')) as { reset: boolean; jobs: number };
  if (ctx.globals.json) return writeJson(ctx, result);
  ctx.io.stdout.write(`Sandbox reset: ${result.jobs} seeded jobs, no idempotency keys, no faults\n`);
}
