// `recruit jobs create --file <path|->`: validate every item, then create them with N workers,
// journaled so that re-running the same command after any failure resumes without duplicates.
// See docs/batch.md for the user's view.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { ApiClient } from '../../api/client.js';
import type { Uses } from '../../context/context.js';
import { InterruptedError, UsageError, type ErrorDetail } from '../../core/errors.js';
import { EXIT } from '../../core/exit-codes.js';
import { getJobOptions } from '../../context/job-options.js';
import { NO_SPINNER } from '../../terminal/spinner.js';
import type { StateFs } from '../../core/state-fs.js';
import { parseConcurrency } from '../../config/settings.js';
import { accountOf, inputPart } from '../../exactly-once/journal-files.js';
import { countCreated } from '../../exactly-once/journal-read.js';
import { openRun } from '../../exactly-once/run.js';
import type { Problem } from '../job-input.js';
import { ReferenceResolver } from '../reference-resolver.js';
import { accountTypeOf, targetOf } from '../target.js';
import { openInput, sweepSpools, type InputFile } from './input-file.js';
import { BodyCache } from './body-cache.js';
import { ItemDeriver } from './item-body.js';
import { delimiterOption, encodingOption, fileFormat, ItemSource } from './read-items.js';
import { Results } from './results.js';
import { sendPhase } from './send-phase.js';
import { plural } from './summary.js';
import type { RunResults } from '../run-results.js';
import { validateAll, type CheckProgress, type Validated } from './validate.js';
import { fileResume } from '../../exactly-once/resume-command.js';

export interface BatchOptions {
  file: string;
  /** --format: csv, json or xlsx; unset, a `*.csv` or `*.tsv` name is CSV and a `*.xlsx` name a workbook (read-items.ts). */
  format?: string;
  /** --delimiter: the CSV separator; unset, told from the header row. */
  delimiter?: string;
  /** --sheet: the sheet of a workbook to read. */
  sheet?: string;
  /** --encoding: the encoding of a text file; unset, the setting's (auto: told from its bytes). */
  encoding?: string;
  concurrency?: string;
  restart?: boolean;
  /** --create-edited: items edited after an earlier run created them are created again. */
  createEdited?: boolean;
  /** Bytes of bodies the first pass keeps for the second (tests make it small to reach the uncached path). */
  bodyCacheBytes?: number;
  /** The file system of the journal and its lock (tests pass one that fails). */
  fs?: StateFs;
}

/** What a CSV pass skipped or leaves out, said once. */
function noteCsv(ctx: Uses<'info'>, source: ItemSource): void {
  const pass = source.csv;
  if (!pass?.header) return;
  const service = pass.header.serviceColumns.filter((c) => c !== 'id');
  if (pass.existing > 0) {
    const what = pass.existing === 1 ? 'has an id: it is a job that exists, and is' : 'have an id: they are jobs that exist, and are';
    ctx.info(
      `note: ${plural(pass.existing, 'row')} of ${source.display} ${what} not created again ` +
        '(`jobs create` creates the rows without an id; `jobs update` changes a job)',
    );
  }
  if (service.length > 0) ctx.info(`note: the columns ${service.join(', ')} are set by the service and are not sent`);
}

/** A problem as the error's detail: its item and field, or for a CSV file its row and column. */
function detailOf(source: ItemSource, validated: Validated, p: Problem): ErrorDetail {
  const header = source.csv?.header;
  const row = p.item !== undefined ? validated.rows.get(p.item) : undefined;
  if (!header || row === undefined) return { ...(p.item !== undefined ? { item: p.item } : {}), field: p.field, message: p.message };
  const column = p.field === '(row)' ? undefined : header.columnFor(p.field);
  return { item: p.item, row, ...(column !== undefined ? { column } : {}), field: p.field, message: p.message };
}

/** How many unknown fields one warning names; the rest are counted. */
const NAMED_UNKNOWN = 5;

/** One warning for the fields of the file that recruit does not know: the first few by name, with the items (or rows) that have them. */
export function warnUnknownFields(ctx: Uses<'warn'>, source: ItemSource, unknownFields: ReadonlyMap<string, number>): void {
  const csv = source.isSheet;
  const things = csv ? 'row' : 'item';
  const entries = [...unknownFields];
  if (entries.length === 1) {
    const [field, count] = entries[0]!;
    ctx.warn(
      csv
        ? `column "${shortName(field)}" is not a field recruit knows; its cells (in ${plural(count, things)}) are passed through to the service as text`
        : `unknown field "${shortName(field)}" (in ${plural(count, things)}) is passed through to the service as it is`,
    );
    return;
  }
  if (entries.length === 0) return;
  const named = entries.slice(0, NAMED_UNKNOWN).map(([field, count]) => `"${shortName(field)}" (in ${plural(count, things)})`);
  const more = entries.length - named.length;
  const list = `${named.join(', ')}${more > 0 ? ` and ${more.toLocaleString('en-US')} more` : ''}`;
  const total = entries.length.toLocaleString('en-US');
  ctx.warn(
    csv
      ? `${total} columns are not fields recruit knows; their cells are passed through to the service as text: ${list}`
      : `${total} unknown fields are passed through to the service as they are: ${list}`,
  );
}

/** A field name as a warning shows it: a name longer than a line is cut. */
function shortName(field: string): string {
  return field.length > 60 ? `${field.slice(0, 59)}…` : field;
}

function reportValidation(ctx: Uses<'warn' | 'info'>, source: ItemSource, validated: Validated, deriver: ItemDeriver): void {
  warnUnknownFields(ctx, source, validated.unknownFields);
  noteCsv(ctx, source);
  if (deriver.leftOut.size > 0) ctx.info(`note: ${[...deriver.leftOut].join(', ')} ${deriver.leftOut.size === 1 ? 'is' : 'are'} set by the service and ${deriver.leftOut.size === 1 ? 'is' : 'are'} not sent`);
  const total = validated.titles.size;
  if (total === 0) {
    const existing = source.csv?.existing ?? 0;
    throw new UsageError(
      `--file ${source.display} has no jobs${existing > 0 ? ` to create: every row has an id (${plural(existing, 'existing job')})` : ''}`,
      [],
      existing > 0 ? 'add rows with an empty id for the jobs to create, or empty the id and jobCode of a row to create a copy of its job' : undefined,
    );
  }
  if (validated.problems.length === 0) return;
  const invalid = new Set(validated.problems.map((p) => p.item)).size;
  throw new UsageError(
    `${invalid} of ${plural(total, 'job')} in ${source.display} ${invalid === 1 ? 'is' : 'are'} invalid; nothing was sent`,
    validated.problems.map((p) => detailOf(source, validated, p)),
    source.isSheet
      ? 'rows are numbered as a spreadsheet shows them (the header is row 1); fix them and run the same command again'
      : 'items are numbered from 0 in file order; fix them and run the same command again',
  );
}

/**
 * Items edited since an earlier run created them: sent, each would be a second job beside the
 * first (the journal knows the item at that place by its old body). Refused, nothing sent.
 */
function refuseEdited(source: ItemSource, validated: Validated, edited: ReadonlyMap<number, number> | undefined): void {
  if (!edited || edited.size === 0) return;
  const entries = [...edited].sort(([a], [b]) => a - b);
  const details = entries.map(([item, jobId]) => {
    const row = validated.rows.get(item);
    return {
      item,
      ...(row !== undefined ? { row } : {}),
      message: `created as job ${jobId} from an earlier version of this file; sending it would create a second job`,
    };
  });
  const jobs = entries.map(([, jobId]) => jobId);
  throw new UsageError(
    `${plural(entries.length, 'item')} of ${source.display} ${entries.length === 1 ? 'was' : 'were'} edited after an earlier run created ${entries.length === 1 ? 'it' : 'them'}; nothing was sent`,
    details,
    `to change ${jobs.length === 1 ? 'that job' : 'those jobs'}: \`recruit jobs update ${jobs.slice(0, 3).join(' ')}${jobs.length > 3 ? ' …' : ''} --<field> <value>\`, ` +
      `or \`recruit jobs apply --file <file>\` with the jobs' codes; to create ${entries.length === 1 ? 'it' : 'them'} as new jobs anyway: --create-edited`,
  );
}

/**
 * `--dry-run`'s result, for the command to print: the count of valid jobs, and each item's resolved
 * body read again from the input as it is asked for (a third pass; no body is kept). The input
 * stays open until `close`, which removes the copy of stdin.
 */
export interface DryRun {
  total: number;
  bodies: () => AsyncGenerator<{ index: number; body: Record<string, unknown> }>;
  close: () => void;
}

async function* bodiesOf(source: ItemSource, deriver: ItemDeriver): AsyncGenerator<{ index: number; body: Record<string, unknown> }> {
  for await (const raw of source.items()) {
    const { body } = await deriver.derive(raw);
    yield { index: raw.index, body };
  }
}

/**
 * A first run of this input for this account, while another account's journal of it records
 * created jobs (another token, or another address: another host name of the same service is one
 * too, its journal and lock its own; the keys, without the address, keep it from creating twice): say so. (A journal whose requests were all refused, as with a wrong token, created
 * nothing and is not worth a word.)
 */
async function tellOtherAccounts(ctx: Uses<'info'>, dir: string, identity: string, file: string): Promise<void> {
  const prefix = `${inputPart(identity)}-`;
  try {
    for (const name of readdirSync(dir)) {
      if (!name.startsWith(prefix) || !/^[\da-f]+-[\da-f]+\.ndjson$/.test(name) || name === basename(file)) continue;
      const created = await countCreated(join(dir, name));
      if (created === 0) continue;
      ctx.info(
        `note: ${plural(created, 'job')} of this file ${created === 1 ? 'was' : 'were'} created earlier with another token or at another address; ` +
          'this run has a journal of its own and sends every item with the same keys: an account that has them answers with those jobs, another account creates its own (docs/batch.md: "Another account")',
      );
      return;
    }
  } catch {
    // only a note: a journal that cannot be read is not worth failing for
  }
}

interface Checked {
  input: InputFile;
  source: ItemSource;
  api: ApiClient;
  deriver: ItemDeriver;
  cache: BodyCache;
  validated: Validated;
  concurrency: number;
}

/** Opens the input and checks every item: nothing is sent unless every item is valid. The input is the caller's to dispose of. */
async function openChecked(ctx: Uses<'io' | 'env' | 'globals' | 'now' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>, options: BatchOptions): Promise<Checked> {
  const concurrency = options.concurrency !== undefined ? parseConcurrency(options.concurrency, '--concurrency') : ctx.settings().concurrency;
  const format = fileFormat(options.file, options.format);
  const input = await openInput(ctx, options.file);
  sweepSpools(ctx.env);
  try {
    const source = await ItemSource.open(input.path, input.display, format, {
      sheet: options.sheet,
      note: (text) => ctx.info(text),
      ...delimiterOption(format, options.delimiter),
      ...(await encodingOption(ctx, format, options.encoding)),
    });
    if (source.encodingNote) ctx.info(source.encodingNote);
    const api = await ctx.api();
    const deriver = new ItemDeriver(accountTypeOf(ctx), new ReferenceResolver(api), () => getJobOptions(ctx));
    const cache = new BodyCache(options.bodyCacheBytes);
    const checking = ctx.spinner(`checking ${source.display}`);
    let validated: Validated;
    // Ctrl-C while checking (names are looked up over the network): said at once, and the checks
    // stop at the next item; nothing has been sent. A second Ctrl-C quits at once (Node's default).
    let interrupted = false;
    const onInterrupt = (): void => {
      interrupted = true;
      ctx.info(`interrupted: stopping the checks of ${source.display}; nothing was sent (Ctrl-C again quits at once)`);
    };
    process.once('SIGINT', onInterrupt);
    try {
      const shown: CheckProgress = (n, resolving) => {
        if (interrupted) throw new InterruptedError('interrupted while checking the file', { reported: true });
        if (checking !== NO_SPINNER) checking.update(`${resolving ? 'resolving names for' : 'checking'} item ${n} of ${source.display}`);
      };
      validated = await validateAll(source, deriver, cache, shown);
      if (interrupted) throw new InterruptedError('interrupted while checking the file', { reported: true });
    } finally {
      process.off('SIGINT', onInterrupt);
      checking.stop();
    }
    reportValidation(ctx, source, validated, deriver);
    return { input, source, api, deriver, cache, validated, concurrency };
  } catch (error) {
    input.dispose();
    throw error;
  }
}

/** `--dry-run`: every item checked and its names resolved, nothing sent; the command prints the result and closes it. */
export async function dryRunBatch(ctx: Uses<'io' | 'env' | 'globals' | 'now' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>, options: BatchOptions): Promise<DryRun> {
  const { input, source, deriver, validated } = await openChecked(ctx, options);
  return { total: validated.titles.size, bodies: () => bodiesOf(source, deriver), close: () => input.dispose() };
}

/** The batch's results for the command to print. */
export async function runBatch(ctx: Uses<'io' | 'env' | 'globals' | 'clock' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>, options: BatchOptions): Promise<RunResults> {
  const { input, source, api, deriver, cache, validated, concurrency } = await openChecked(ctx, options);
  try {
    const target = targetOf(ctx, api);
    const account = accountOf(target.baseUrl, api);
    const resume = fileResume('create', input, options, ctx.globals);
    const run = openRun(ctx, { account, input: input.identity, command: 'recruit jobs create --file', what: input.display, resume, ...(options.fs ? { fs: options.fs } : {}) });
    try {
      const results = new Results(validated.titles, validated.jobCodes);
      const journal = await run.openJournal({
        items: validated.identities,
        restart: options.restart === true,
        onCreated: (index, record) => (record ? results.created(index, 'already_created', record) : results.failed(index, 'not_attempted', null, EXIT.OK)),
      });
      if (journal.fresh) await tellOtherAccounts(ctx, run.dir, input.identity, run.file);
      if (options.createEdited !== true) refuseEdited(source, validated, journal.earlier.edited);
      return await sendPhase(ctx, { journal, api, deriver, source, cache, validated, results, concurrency, identity: input.identity, target, account });
    } finally {
      run.close();
    }
  } finally {
    input.dispose();
  }
}
