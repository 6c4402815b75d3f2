// `recruit jobs create --file <path|->`: validate every item, then create them with N workers,
// journaled so that re-running the same command after any failure resumes without duplicates.
// See docs/batch.md for the user's view.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { getJobOptions } from '../../api/job-options.js';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../cli/errors.js';
import { EXIT } from '../../cli/exit-codes.js';
import { stateDir } from '../../cli/paths.js';
import { parseConcurrency } from '../../config/settings.js';
import { ReferenceResolver } from '../reference-resolver.js';
import { accountTypeOf, targetOf } from '../target.js';
import { openInput } from './input-file.js';
import { BodyCache } from './body-cache.js';
import { ItemDeriver } from './item-body.js';
import { Journal, journalFile } from './journal.js';
import { lockJournal } from './journal-lock.js';
import { ItemSource } from './read-items.js';
import { Results } from './results.js';
import { sendPhase } from './send-phase.js';
import { plural } from './summary.js';
import { validateAll, type Validated } from './validate.js';

export interface BatchOptions {
  file: string;
  concurrency?: string;
  restart?: boolean;
  dryRun?: boolean;
}

function reportValidation(ctx: Context, source: ItemSource, validated: Validated): void {
  for (const [field, count] of validated.unknownFields) {
    ctx.warn(`unknown field "${field}" (in ${plural(count, 'item')}) is passed through to the service as it is`);
  }
  const total = validated.titles.size;
  if (total === 0) throw new UsageError(`--file ${source.display} has no jobs`);
  if (validated.problems.length === 0) return;
  const invalid = new Set(validated.problems.map((p) => p.item)).size;
  throw new UsageError(
    `${invalid} of ${plural(total, 'job')} in ${source.display} ${invalid === 1 ? 'is' : 'are'} invalid; nothing was sent`,
    validated.problems.map((p) => ({ ...(p.item !== undefined ? { item: p.item } : {}), field: p.field, message: p.message })),
    'items are numbered from 0 in file order; fix them and run the same command again',
  );
}

/** --dry-run: the count, or with --json each item's resolved body (a third pass; bodies are not kept). */
async function dryRun(ctx: Context, source: ItemSource, deriver: ItemDeriver, total: number): Promise<void> {
  if (!ctx.globals.json) {
    ctx.io.stdout.write(`${plural(total, 'job')} valid; nothing sent\n`);
    return;
  }
  ctx.io.stdout.write('[');
  let first = true;
  for await (const raw of source.items()) {
    const { body } = await deriver.derive(raw);
    ctx.io.stdout.write(`${first ? '\n' : ',\n'}  ${JSON.stringify({ index: raw.index, body })}`);
    first = false;
  }
  ctx.io.stdout.write('\n]\n');
  ctx.info(`${plural(total, 'job')} valid; nothing sent (--dry-run)`);
}

export async function runBatch(ctx: Context, options: BatchOptions): Promise<void> {
  const concurrency = options.concurrency !== undefined ? parseConcurrency(options.concurrency, '--concurrency') : ctx.settings().concurrency;
  const input = await openInput(ctx, options.file);
  try {
    const source = await ItemSource.open(input.path, input.display);
    const api = await ctx.api();
    const deriver = new ItemDeriver(accountTypeOf(ctx), new ReferenceResolver(api), () => getJobOptions(ctx));
    const cache = new BodyCache();
    const validated = await validateAll(source, deriver, cache);
    reportValidation(ctx, source, validated);
    if (options.dryRun) return await dryRun(ctx, source, deriver, validated.titles.size);

    const target = targetOf(ctx, api);
    const dir = join(stateDir(ctx.env), 'journals');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = journalFile(dir, input.identity, target);
    const unlock = lockJournal(file, input.display);
    try {
      const results = new Results(validated.titles);
      const journal = await Journal.open(file, { restart: options.restart === true, now: ctx.now() }, validated.identities, (index, record) =>
        record ? results.created(index, 'already_created', record) : results.failed(index, 'not_attempted', null, EXIT.OK),
      );
      try {
        await sendPhase(ctx, { journal, api, deriver, source, cache, validated, results, concurrency, identity: input.identity, target });
      } finally {
        journal.close();
      }
    } finally {
      unlock();
    }
  } finally {
    input.dispose();
  }
}
