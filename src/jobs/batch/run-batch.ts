// `recruit jobs create --file <path|->`: validate every item, then create them with N workers,
// journaled so that re-running the same command after any failure resumes without duplicates.
// See docs/batch.md for the user's view.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import { getJobOptions } from '../../api/job-options.js';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../cli/errors.js';
import { stateDir } from '../../cli/paths.js';
import { parseConcurrency } from '../../config/settings.js';
import { ReferenceResolver } from '../reference-resolver.js';
import { accountTypeOf, targetOf, type Target } from '../target.js';
import { openInput } from './input-file.js';
import { BodyCache } from './body-cache.js';
import { ItemDeriver } from './item-body.js';
import { Journal, journalFile } from './journal.js';
import { lockJournal } from './journal-lock.js';
import { planItem } from './plan.js';
import { Progress } from './progress.js';
import { ItemSource } from './read-items.js';
import { Results } from './results.js';
import { sendAll, type Stopper } from './send.js';
import { finish, markNotAttempted, printResults, tally, tallyLine } from './summary.js';
import { validateAll, type Validated } from './validate.js';

export interface BatchOptions {
  file: string;
  concurrency?: string;
  restart?: boolean;
  dryRun?: boolean;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function reportValidation(ctx: Context, source: ItemSource, validated: Validated): void {
  for (const [field, count] of validated.unknownFields) {
    ctx.warn(`unknown field "${field}" (in ${plural(count, 'item')}) is passed through to the service as it is`);
  }
  const total = validated.titles.length;
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
    if (options.dryRun) return await dryRun(ctx, source, deriver, validated.titles.length);

    const target = targetOf(ctx, api);
    const dir = join(stateDir(ctx.env), 'journals');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const file = journalFile(dir, input.identity, target);
    const unlock = lockJournal(file, input.display);
    try {
      const journal = await Journal.open(file, { restart: options.restart === true, now: ctx.now() });
      try {
        await send(ctx, { journal, api, deriver, source, cache, validated, concurrency, identity: input.identity, target });
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

interface SendContext {
  journal: Journal;
  api: ApiClient;
  deriver: ItemDeriver;
  source: ItemSource;
  cache: BodyCache;
  validated: Validated;
  concurrency: number;
  identity: string;
  target: Target;
}

async function send(ctx: Context, s: SendContext): Promise<void> {
  const { identities, titles } = s.validated;
  const results = new Results(titles);
  const resendKeys = new Map<number, string>();
  for (let i = 0; i < results.size; i++) {
    const plan = planItem(results, i, s.journal.earlier.get(identities.id(i)));
    if (plan.send && plan.key !== undefined) resendKeys.set(i, plan.key);
  }
  const before = tally(results);
  const toSend = before.not_attempted;
  if (ctx.globals.verbose) ctx.info(`batch journal: ${s.journal.file}`);

  const progress = new Progress(ctx, results.size);
  progress.created = before.already_created;
  progress.failed = before.already_refused;
  const stopper: Stopper = {};
  if (toSend === 0) {
    const refused = before.already_refused ? ` and ${before.already_refused} refused` : '';
    ctx.info(
      `nothing to send: ${before.already_created} of ${plural(results.size, 'job')} ${before.already_created === 1 ? 'was' : 'were'} created${refused} in an earlier run` +
        (refused ? ' (fix the refused items to send them again)' : '; use --restart to create them again'),
    );
  } else {
    s.journal.begin(s.identity, s.target, results.size, ctx.now());
    const earlier = before.already_created ? `; ${before.already_created} already created in an earlier run` : '';
    const resent = resendKeys.size ? `; ${resendKeys.size} unanswered earlier, re-sent with their original key` : '';
    const of = toSend < results.size ? ` of ${results.size}` : '';
    ctx.info(`sending ${plural(toSend, 'job')}${of}, ${s.concurrency} at a time${earlier}${resent}`);
    const onInterrupt = () => {
      stopper.reason ??= 'interrupted';
      progress.clear();
      ctx.info('interrupted: waiting for the requests in flight (Ctrl-C again quits at once; a re-run resumes)');
    };
    process.once('SIGINT', onInterrupt);
    try {
      await sendAll({ ...s, identities, results, resendKeys, progress, stopper, newKey: () => ctx.newKey() });
    } finally {
      process.off('SIGINT', onInterrupt);
      progress.clear();
    }
  }
  markNotAttempted(results, stopper.reason);
  await printResults(ctx, results);
  ctx.info(tallyLine(results, progress.elapsedSeconds()));
  finish(results, stopper.reason);
}
