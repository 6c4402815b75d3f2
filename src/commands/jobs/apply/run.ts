// `recruit jobs apply --file <path|-> [--prune] [--dry-run] [--yes]`: keeps the account's jobs in
// step with a file, matched by jobCode. Every item is checked (as `jobs create --file` checks it),
// every job of the account read, and a plan made (plan.ts) and shown before anything is sent;
// the changes then go through the bulk machinery (journal, keys, pacing, exactly-once, summary).
// A re-run plans again from the account as it now is: what an interrupted run did is unchanged.
import { allItems } from '../../../api/paginate.js';
import { jobShape } from '../../../api/shapes.js';
import type { Job } from '../../../api/types.js';
import { consent } from '../../consent.js';
import type { Context, Uses } from '../../../context/context.js';
import { InterruptedError, LocalStateError, UsageError, type ErrorDetail } from '../../../core/errors.js';
import { getJobOptions } from '../../../context/job-options.js';
import { writeJson } from '../../../terminal/output.js';
import { printReport } from '../../../terminal/job-results.js';
import { journalsDir } from '../../../core/paths.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { parseConcurrency } from '../../../config/settings.js';
import { openInput, sweepSpools } from '../../../jobs/batch/input-file.js';
import { ItemDeriver } from '../../../jobs/batch/item-body.js';
import { bodyHash } from '../../../exactly-once/canonical-json.js';
import { applyCreateIntent } from '../../../exactly-once/derived-key.js';
import { accountOf } from '../../../exactly-once/journal-files.js';
import type { Account } from '../../../exactly-once/records.js';
import { openRun, type Run } from '../../../exactly-once/run.js';
import { onStopSignals, type Stopper } from '../../../exactly-once/stop-signals.js';
import { delimiterOption, encodingOption, fileFormat, ItemSource } from '../../../jobs/batch/read-items.js';
import { plural } from '../../../jobs/batch/summary.js';
import { newItem, type BulkItem } from '../../../jobs/bulk/bulk-item.js';
import { endOf, sendPhase } from '../../../jobs/bulk/run-bulk.js';
import type { RunResults } from '../../../jobs/run-results.js';
import { printRun } from '../print-run.js';
import { warnUnknownFields } from '../../../jobs/batch/run-batch.js';
import { ReferenceResolver } from '../../../jobs/reference-resolver.js';
import { accountTypeOf, targetOf, type Target } from '../../../jobs/target.js';
import { idProblems, statusNotes, takeServiceFields } from './export.js';
import { ambiguousCodes, codeProblems, planApply, type Action, type FileItem } from './plan.js';
import { journaledCreates, recoverJournaled } from './known.js';
import { applyOperation } from './operation.js';
import { countsLine, planJson, planReport } from './output.js';
import type { ApplyOptions } from './flags.js';
import { fileResume } from '../../../exactly-once/resume-command.js';

/**
 * Every item of the file, checked and with names resolved; any problem (or a missing or repeated
 * code) refuses the file. The fields the service sets (an export's id, status, dates) are taken out
 * first and said once: the id is checked against the account later, the rest is not applied.
 */
async function readItems(ctx: Uses<'warn'>, source: ItemSource, deriver: ItemDeriver, rows: Map<number, number>, notes: string[]): Promise<FileItem[]> {
  const items: FileItem[] = [];
  const problems: ErrorDetail[] = [];
  const codes: { index: number; code: string | undefined }[] = [];
  const serviceNames = new Set<string>();
  const unknownFields = new Map<string, number>();
  for await (const raw of source.items()) {
    const { given, names } = takeServiceFields(raw.value);
    for (const name of names) serviceNames.add(name);
    const derived = await deriver.derive(raw);
    for (const field of derived.unknownFields) unknownFields.set(field, (unknownFields.get(field) ?? 0) + 1);
    if (raw.row !== undefined) rows.set(raw.index, raw.row);
    for (const p of derived.problems) problems.push({ ...(p.item !== undefined ? { item: p.item } : {}), field: p.field, message: p.message });
    const code = typeof derived.body.jobCode === 'string' ? derived.body.jobCode : undefined;
    codes.push({ index: raw.index, code });
    items.push({ index: raw.index, code: code ?? '', body: derived.body, given });
  }
  warnUnknownFields(ctx, source, unknownFields);
  if (serviceNames.size > 0) {
    notes.push(`note: ${[...serviceNames].join(', ')} ${serviceNames.size === 1 ? 'is' : 'are'} set by the service and not applied${serviceNames.has('id') ? ' (an id is checked: it must be the job of its jobCode)' : ''}`);
  }
  if (items.length === 0) throw new UsageError(`--file ${source.display} has no jobs`, [], 'an empty file would close every job with --prune: say so with a file of the jobs to keep');
  problems.push(...codeProblems(codes, nameIn(rows)));
  if (problems.length > 0) {
    const invalid = new Set(problems.map((p) => p.item)).size;
    const csv = rows.size > 0;
    throw new UsageError(
      `${invalid} of ${plural(items.length, csv ? 'row' : 'item')} in ${source.display} ${invalid === 1 ? 'is' : 'are'} invalid; nothing was sent`,
      inRows(source, rows, problems),
      csv
        ? 'rows are numbered as a spreadsheet shows them (the header is row 1); fix them and run the same command again'
        : 'items are numbered from 0 in file order; fix them and run the same command again',
    );
  }
  return items;
}

/** How messages name an item: by its row in a CSV file, else by its number from 0. */
const nameIn = (rows: ReadonlyMap<number, number>) => (index: number): string => (rows.has(index) ? `row ${rows.get(index)}` : `item ${index}`);

/** A CSV file's problems by row and column, as `jobs create --file` names them, instead of items numbered from 0. */
function inRows(source: ItemSource, rows: ReadonlyMap<number, number>, problems: readonly ErrorDetail[]): ErrorDetail[] {
  const header = source.csv?.header;
  return problems.map((p) => {
    const row = p.item !== undefined ? rows.get(p.item) : undefined;
    if (row === undefined) return p;
    const column = header && p.field !== undefined && p.field !== '(row)' ? header.columnFor(p.field) : undefined;
    return { ...p, row, ...(column !== undefined ? { column } : {}) };
  });
}

function itemsOf(actions: readonly Action[], jobs: readonly Job[]): BulkItem<Action>[] {
  const byId = new Map(jobs.map((job) => [job.id, job]));
  return actions.map((action, index) => {
    const item = newItem<Action>(index, action.kind === 'create' ? 0 : action.jobId);
    if (action.kind !== 'create') item.basis = byId.get(action.jobId); // read again before its PATCH
    item.title = action.title;
    item.planned = { body: action.body, unchanged: false, detail: action };
    item.id = `${action.kind}.${action.code}.${bodyHash(action.body)}`;
    item.intent = action.kind === 'create' ? applyCreateIntent(action.code, action.from) : { operation: `apply-${action.kind}`, target: action.jobId, body: action.body, state: action.from };
    return item;
  });
}

export default async function apply(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'clock' | 'prompter' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner' | 'elapsedMs' | 'atPrompt'>, options: ApplyOptions): Promise<void> {
  if (options.file === undefined) throw new UsageError('--file is required', [], 'e.g. recruit jobs apply --file examples/jobs-apply.json --dry-run');
  const concurrency = options.concurrency !== undefined ? parseConcurrency(options.concurrency, '--concurrency') : ctx.settings().concurrency;
  const format = fileFormat(options.file, options.format);
  const input = await openInput(ctx, options.file);
  sweepSpools(ctx.env);
  try {
    const source = await ItemSource.open(input.path, input.display, format, {
      readExisting: true,
      sheet: options.sheet,
      note: (text) => ctx.info(text),
      ...delimiterOption(format, options.delimiter),
      ...(await encodingOption(ctx, format, options.encoding)),
    });
    if (source.encodingNote) ctx.info(source.encodingNote);
    const api = await ctx.api();
    const deriver = new ItemDeriver(accountTypeOf(ctx), new ReferenceResolver(api), () => getJobOptions(ctx));
    const rows = new Map<number, number>();
    // Notes about the file that only matter when something is to change (said once the plan is known).
    const fileNotes: string[] = [];
    const fileItems = await withSpinner(ctx, `checking ${source.display}`, () => readItems(ctx, source, deriver, rows, fileNotes));

    const target = targetOf(ctx, api);
    const account = accountOf(target.baseUrl, api);
    const dir = journalsDir(ctx.env);
    const identity = JSON.stringify(['jobs apply', input.identity]);
    // Locked before the jobs are read: two runs on one account would plan the same creates.
    const resume = fileResume('apply', input, options, ctx.globals);
    const run = options.dryRun ? undefined : openRun(ctx, { account, input: identity, command: 'recruit jobs apply', what: input.display, resume });
    try {
      const listed = await withSpinner(ctx, 'reading every job of the account', () => allItems<Job>(api, '/jobs', {}, jobShape));
      // What the journals know wins over a list that may lag writes: a job created is not created again.
      const known = await recoverJournaled(api, fileItems.map((i) => i.code), listed, await readJournaled(dir, account));
      for (const note of known.notes) ctx.info(note);
      const jobs = [...listed, ...known.jobs];
      const ambiguous = ambiguousCodes(fileItems, jobs);
      if (ambiguous.length > 0) {
        throw new UsageError(`${plural(ambiguous.length, 'code')} of ${source.display} ${ambiguous.length === 1 ? 'matches' : 'match'} more than one job; nothing was sent`, inRows(source, rows, ambiguous), 'give those jobs codes of their own (`recruit jobs update <id> --job-code ...`), then run the same command again');
      }
      const wrongIds = idProblems(fileItems, jobs);
      if (wrongIds.length > 0) {
        const n = wrongIds.length;
        throw new UsageError(`${plural(n, 'item')} of ${source.display} ${n === 1 ? 'has' : 'have'} an id that is not the job of ${n === 1 ? 'its' : 'their'} jobCode; nothing was sent`, inRows(source, rows, wrongIds), 'an id in the file is only checked: items are matched with jobs by jobCode');
      }
      for (const note of statusNotes(fileItems, jobs, nameIn(rows))) ctx.info(note);
      const plan = planApply(fileItems, jobs, options.prune === true, known.gone);
      for (const u of plan.uncompared) {
        const [first] = u.fields;
        ctx.info(
          `note: ${nameIn(rows)(u.index)} (${u.code}): ${u.fields.join(', ')} ${u.fields.length === 1 ? 'is' : 'are'} not in the job the service returns, ` +
            `so apply cannot tell whether ${u.fields.length === 1 ? 'it' : 'they'} changed and leaves ${u.fields.length === 1 ? 'it' : 'them'} out of updates ` +
            `(recruit jobs update ${u.jobId} --set ${first}=... sends it)`,
        );
      }
      const changes = plan.actions.length;
      if (changes > 0) for (const note of fileNotes) ctx.info(note);
      if (options.dryRun || changes === 0) {
        if (ctx.globals.json) await writeJson(ctx, planJson(plan));
        else await printReport(ctx, planReport(plan), 'stdout');
        ctx.info(changes === 0 ? `nothing to change: ${plural(plan.unchanged.length, 'job')} unchanged` : `${countsLine(plan)}; nothing sent (--dry-run)`);
        return;
      }
      // The plan is what is consented to: people see it on stderr, stdout carries the results.
      if (!ctx.globals.json || ctx.interactive) await printReport(ctx, planReport(plan), 'stderr');
      const question = changes === 1 ? 'Apply this change?' : `Apply these ${changes} changes?`;
      const refusal = () => new UsageError(`the plan has ${plural(changes, 'change')}: without a terminal, apply it with --yes; nothing was sent`, [], 'see the plan first with --dry-run');
      // Ctrl-C at the question: exit 130 saying what was (not) done, as "declined" does; no error line.
      const agreed = await consent(ctx, question, refusal).catch((error: unknown) => {
        if (!(error instanceof InterruptedError)) throw error;
        ctx.info('nothing sent (interrupted)');
        throw new InterruptedError('Interrupted', { reported: true });
      });
      if (!agreed) {
        ctx.info('nothing sent (declined)');
        return;
      }
      await printRun(ctx, await send(ctx, api, plan.actions, { run: run!, concurrency, identity, target, account, jobs }));
    } finally {
      run?.close();
    }
  } finally {
    input.dispose();
  }
}

/** The apply journals' created jobs; one that cannot be read stops the run (a job might be created twice). */
async function readJournaled(dir: string, account: Account): Promise<Map<string, number[]>> {
  try {
    return await journaledCreates(dir, account);
  } catch (error) {
    throw new LocalStateError('read the apply journals in', dir, error, 'nothing was sent');
  }
}

interface SendOptions {
  /** The run: its account locked, its journal to open. */
  run: Run;
  concurrency: number;
  identity: string;
  target: Target;
  account: Account;
  /** Every job of the account as read for the plan. */
  jobs: readonly Job[];
}

async function send(ctx: Uses<'io' | 'env' | 'globals' | 'now' | 'newKey' | 'info' | 'spinner'>, api: Awaited<ReturnType<Context['api']>>, actions: readonly Action[], o: SendOptions): Promise<RunResults> {
  api.adaptConcurrency(o.concurrency);
  const items = itemsOf(actions, o.jobs);
  const stopper: Stopper = {};
  const offSignals = onStopSignals(ctx, stopper);
  try {
    if (ctx.globals.verbose) ctx.info(`apply journal: ${o.run.file}`);
    const journal = await o.run.openJournal({ items: { size: items.length, id: (i) => items[i]!.id } });
    const op = applyOperation(o.identity, actions, new Set(journal.earlier.keys.values()));
    try {
      await sendPhase(ctx, op, api, items, journal, { concurrency: o.concurrency, stopper, target: o.target, account: o.account, input: o.identity });
    } finally {
      journal.close();
    }
    return endOf(op, items, stopper.reason);
  } finally {
    offSignals();
  }
}
