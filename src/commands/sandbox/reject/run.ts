import type { Uses } from '../../../context/context.js';
import { decide } from '../approval.js';

export default async function reject(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'settings' | 'spinner'>, jobId: string): Promise<void> {
  await decide(ctx, jobId, 'reject');
}
