// `recruit jobs create --file <path|->`: validate every item, then create them with N workers,
// journaled so that re-running the same command after any failure resumes without duplicates.
// See docs/batch.md for the user's view.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Context } from '../../cli/context.js';
import { LocalStateError, UsageError } from '../../cli/errors.js';
import { EXIT } from '../../cli/exit-codes.js';
import { getJobOptions } from '../../cli/job-options.js';
import { journalsDir } from '../../cli/paths.js';
import { escapeJson } from '../../cli/sanitize.js';
import { NO_SPINNER } from '../../cli/spinner.js';
import { makeDirectory, nodeFs, type StateFs } from '../../cli/state-fs.js';
import { parseConcurrency } from '../../config/settings.js';
import { ReferenceResolver } from '../reference-resolver.js';
import { accountTypeOf, targetOf } from '../target.js';
import { openInput, sweepSpools } from './input-file.js';
import { BodyCache } from './body-cache.js';
import { ItemDeriver } from './item-body.js';
import { countCreated, inputPart, Journal, journalFile } from './journal.js';
import { lockJournal } from './journal-lock.js';
import { ItemSource } from './read-items.js';
import { Results } from './results.js';
import { sendPhase } from './send-phase.js';
import { plural } from './summary.js';
import { validateAll, type CheckProgress, type Validated } from './validate.js';

export interface BatchOptions {
  file: string;
  concurrency?: string;
  restart?: boolean;
  dryRun?: boolean;
  /** Bytes of bodies the first pass keeps for the second (tests make it small to reach the uncached path). */
  bodyCacheBytes?: number;
  /** The file system of the journal and its lock (tests pass one that fails). */
  fs?: StateFs;
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
    ctx.io.stdout.write(`${first ? '\n' : ',\n'}  ${escapeJson(JSON.stringify({ index: raw.index, body }))}`);
    first = false;
  }
  ctx.io.stdout.write('\n]\n');
  ctx.info(`${plural(total, 'job')} valid; nothing sent (--dry-run)`);
}

/**
 * A first run of this input for this account, while another account's journal of it records
 * created jobs: say so. (A journal whose requests were all refused, as with a wrong token, created
 * nothing and is not worth a word.)
 */
async function tellOtherAccounts(ctx: Context, dir: string, identity: string, file: string): Promise<void> {
  const prefix = `${inputPart(identity)}-`;
  try {
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(prefix) || !/^[\da-f]+-[\da-f]+\.ndjson$/.test(name) || name === basename(file)) continue;
      const created = await countCreated(join(dir, name));
      if (created === 0) continue;
      ctx.info(
        `note: ${plural(created, 'job')} of this file ${created === 1 ? 'was' : 'were'} created earlier with another token or at another address; ` +
          'this token has a journal of its own, so every item is sent with it (docs/batch.md: "Another account")',
      );
      return;
    }
  } catch {
    // only a note: a journal that cannot be read is not worth failing for
  }
}

export async function runBatch(ctx: Context, options: BatchOptions): Promise<void> {
  const concurrency = options.concurrency !== undefined ? parseConcurrency(options.concurrency, '--concurrency') : ctx.settings().concurrency;
  const input = await openInput(ctx, options.file);
  sweepSpools(ctx.env);
  try {
    const source = await ItemSource.open(input.path, input.display);
    const api = await ctx.api();
    const deriver = new ItemDeriver(accountTypeOf(ctx), new ReferenceResolver(api), () => getJobOptions(ctx));
    const cache = new BodyCache(options.bodyCacheBytes);
    const checking = ctx.spinner(`checking ${source.display}`);
    let validated: Validated;
    try {
      const shown: CheckProgress = (n, resolving) =>
        checking.update(`${resolving ? 'resolving names for' : 'checking'} item ${n} of ${source.display}`);
      validated = await validateAll(source, deriver, cache, checking === NO_SPINNER ? undefined : shown);
    } finally {
      checking.stop();
    }
    reportValidation(ctx, source, validated);
    if (options.dryRun) return await dryRun(ctx, source, deriver, validated.titles.size);

    const target = targetOf(ctx, api);
    const account = { baseUrl: target.baseUrl, credential: api.credentialFingerprint() };
    const fs = options.fs ?? nodeFs;
    const dir = journalsDir(ctx.env);
    try {
      makeDirectory(fs, dir);
    } catch (error) {
      throw new LocalStateError('create the journal directory', dir, error, 'nothing was sent');
    }
    const file = journalFile(dir, input.identity, account);
    const unlock = lockJournal(file, input.display, { fs });
    try {
      const results = new Results(validated.titles, validated.jobCodes);
      const journal = await Journal.open(file, { restart: options.restart === true, now: ctx.now(), fs }, validated.identities, (index, record) =>
        record ? results.created(index, 'already_created', record) : results.failed(index, 'not_attempted', null, EXIT.OK),
      );
      if (journal.fresh) await tellOtherAccounts(ctx, dir, input.identity, file);
      try {
        await sendPhase(ctx, { journal, api, deriver, source, cache, validated, results, concurrency, identity: input.identity, target, account });
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
