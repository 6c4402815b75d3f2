import type { Context } from '../../../context/context.js';
import { decide } from '../approval.js';

export default async function reject(ctx: Context, jobId: string): Promise<void> {
  await decide(ctx, jobId, 'reject');
}
