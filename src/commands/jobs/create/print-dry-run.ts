// `jobs create --file --dry-run`: the count of valid jobs on stdout, or with --json each item's
// index and resolved body, one a line, read from the input as they are written.
import type { Uses } from '../../../context/context.js';
import type { DryRun } from '../../../jobs/batch/run-batch.js';
import { plural } from '../../../jobs/batch/summary.js';
import { writeOut } from '../../../terminal/io.js';
import { writeJsonLines } from '../../../terminal/output.js';

export async function printDryRun(ctx: Uses<'io' | 'globals' | 'info'>, dry: DryRun): Promise<void> {
  const valid = `${plural(dry.total, 'job')} valid; nothing sent`;
  if (!ctx.globals.json) {
    await writeOut(ctx.io.stdout, `${valid}\n`);
    return;
  }
  await writeJsonLines(ctx.io.stdout, dry.bodies());
  ctx.info(`${valid} (--dry-run)`);
}
