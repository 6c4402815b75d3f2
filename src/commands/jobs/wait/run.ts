// `recruit jobs wait <jobId...> --until approved|active|<status>`: reads the jobs until each got
// there (job-wait.ts); ids on the command line or `-` for stdin, as the bulk commands take them.
import type { Uses } from '../../../context/context.js';
import { readStdin } from '../../../terminal/read-input.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { parseTarget, waitAndReport } from '../job-wait.js';
import type { WaitOptions } from './flags.js';

export default async function wait(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'clock' | 'now' | 'settings' | 'api' | 'spinner'>, jobIds: string[], options: WaitOptions): Promise<void> {
  const { jobIds: parseIds } = await import('../../../jobs/bulk/ids.js');
  const { ids } = await parseIds(jobIds, () => readStdin(ctx.io.stdin), ctx.io.stdin.isTTY === true);
  const until = await withSpinner(ctx, 'reading the statuses', () => parseTarget(ctx, options.until));
  await waitAndReport(ctx, await ctx.api(), ids, { until, interval: options.interval });
}
