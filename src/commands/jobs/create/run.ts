// `recruit jobs create`: the batch with --file, one job from field flags, a clone of a job with
// --from, --resume of a persisted submission, or the wizard on a terminal. Never prompts without a
// terminal.
import type { Uses } from '../../../context/context.js';
import { wantsTable } from '../../../terminal/table-format.js';
import { UsageError } from '../../../core/errors.js';
import { inputFromFlags } from '../../../jobs/flag-input.js';
import { inputEncoding } from '../../../context/input-encoding.js';
import { parseJobId } from '../args.js';

import type { CreateOptions } from './flags.js';

export const REQUIRED_FLAGS = '--title, --description (or --description-file), --location, --job-function, --employer-type';

function fromId(raw: string): number {
  try {
    return parseJobId(raw);
  } catch {
    throw new UsageError(`--from takes the id of the job to clone (a positive integer), got "${raw}"`, [], 'see `recruit jobs list`');
  }
}

export default async function create(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'clock' | 'prompter' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner' | 'elapsedMs'>, options: CreateOptions): Promise<void> {
  // Checked before any file is read: an unknown name is exit 2 naming the flag.
  if (options.encoding !== undefined) await inputEncoding(ctx, options.encoding);
  const { input, given } = await inputFromFlags(ctx, options);
  const publication = options.publishCareerPage || options.publishFreeBoards;

  if (options.wait && (options.file !== undefined || options.resume !== undefined || options.dryRun || (given.length === 0 && options.from === undefined))) {
    throw new UsageError('--wait goes with one job made from field flags or --from (not --file, --resume, --dry-run or the wizard)', [], 'for other jobs: `recruit jobs wait <id> --until active`');
  }
  if (options.resume !== undefined) {
    if (options.file || given.length > 0 || options.from !== undefined) {
      throw new UsageError('--resume re-sends a saved submission as it is; it takes no --file, --from or field flags');
    }
    const { resume } = await import('./resume.js');
    return resume(ctx, typeof options.resume === 'string' ? options.resume : undefined);
  }
  const table = wantsTable(ctx, options);
  if (options.file !== undefined) {
    if (options.from !== undefined) throw new UsageError('--from and --file cannot be combined: --from makes one job from an existing one');
    if (given.length > 0 || publication) {
      throw new UsageError(`--file cannot be combined with field flags (${given.join(', ') || '--publish-*'}); put the fields in the file`);
    }
    if (table && options.dryRun) {
      throw new UsageError(`--${table.format} writes the results of the jobs sent, and --dry-run sends none`, [], `drop --${table.format} to check the file (or use --json for the bodies it would send)`);
    }
    const { file, format, delimiter, sheet, encoding, concurrency, restart, createEdited } = options;
    const batch = { file, format, delimiter, sheet, encoding, concurrency, restart, createEdited };
    if (options.dryRun) {
      const [{ dryRunBatch }, { printDryRun }] = await Promise.all([import('../../../jobs/batch/run-batch.js'), import('./print-dry-run.js')]);
      const dry = await dryRunBatch(ctx, batch);
      try {
        await printDryRun(ctx, dry);
      } finally {
        dry.close();
      }
      return;
    }
    const [{ runBatch }, { printRun }] = await Promise.all([import('../../../jobs/batch/run-batch.js'), import('../print-run.js')]);
    await printRun(ctx, await runBatch(ctx, batch), { table });
    return;
  }
  const batchOnly = table ? table.format : (['format', 'delimiter', 'sheet'] as const).find((name) => options[name] !== undefined);
  if (batchOnly) throw new UsageError(`--${batchOnly} goes with --file`);
  if (options.restart || options.createEdited || options.concurrency !== undefined) throw new UsageError('--restart, --create-edited and --concurrency go with --file');
  if (options.from !== undefined) {
    const sourceId = fromId(options.from);
    const { createClone } = await import('./clone.js');
    return createClone(ctx, sourceId, input, options);
  }
  if (given.length > 0) {
    const { createFromFlags } = await import('./from-flags.js');
    return createFromFlags(ctx, input, options);
  }
  if (!ctx.interactive) {
    throw new UsageError(
      'no job to create: not running interactively, so the wizard cannot start',
      [],
      `pass --file <path>, or the field flags ${REQUIRED_FLAGS} (and --customer on staffing accounts); run on a terminal without flags and without --yes for the wizard`,
    );
  }
  if (options.dryRun) throw new UsageError('--dry-run goes with --file or the field flags');
  const { createWithWizard } = await import('./wizard.js');
  return createWithWizard(ctx, {
    initial: {
      ...(options.publishCareerPage ? { publishToCareerPage: true } : {}),
      ...(options.publishFreeBoards ? { publishToFreeJobBoards: true } : {}),
    },
  });
}
