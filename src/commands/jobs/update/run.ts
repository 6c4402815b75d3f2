// `recruit jobs update <jobId>`: builds a patch from --file, field flags and --set, checks it
// before sending, keeps the job's free-board publication unless told otherwise, and sends it with
// a new Idempotency-Key that the client reuses on its retries. Then it reports what the service
// changed, field by field, and which fields it ignored (update-report.ts). Several ids, `-` (ids on
// stdin) or --dry-run make it a bulk change (update-bulk.ts), reported as a batch is.
import { checkOneStdin, readStdin } from '../../../terminal/read-input.js';
import { getJob, updateJob } from '../../../api/jobs.js';
import { parseJobId } from '../args.js';
import type { Context } from '../../../context/context.js';
import { UsageError } from '../../../core/errors.js';
import { writeOut } from '../../../terminal/io.js';
import { writeJson } from '../../../terminal/output.js';
import { withSpinner } from '../../../terminal/spinner.js';
import type { JobNamer } from '../job-view.js';
import { checkReadOnly, salaryAgainstJob, throwProblems, unknownFields, valueProblems } from './checks.js';
import { buildPatch, type NameReference } from './patch.js';
import { describePublication, needsCurrentFreeBoards, planPublication } from './publication.js';
import { compareJobs, describeIgnored, formatReport } from '../update-report.js';
import { needsJobIndustry, resolveNames } from './references.js';
import type { UpdateOptions } from './flags.js';
import type { Job } from '../../../api/types.js';

/** What a command that sends through `jobs update` (`jobs edit`) may add. */
export interface UpdateHooks {
  /** Sees the job as read right before its PATCH; throwing sends nothing. */
  beforeSend?: (job: Job) => void;
}

export default function update(ctx: Context, jobIds: string[] | string, options: UpdateOptions): Promise<void> {
  return updateWith(ctx, jobIds, options);
}

export async function updateWith(ctx: Context, jobIds: string[] | string, options: UpdateOptions, hooks: UpdateHooks = {}): Promise<void> {
  const args = Array.isArray(jobIds) ? jobIds : [jobIds];
  const bulk = args.length > 1 || args[0] === '-' || options.dryRun === true;
  if (args.includes('-')) checkOneStdin([['the job ids', '-'], ['--file', options.file], ['--description-file', options.descriptionFile]]);
  const id = bulk ? 0 : parseJobId(args[0]!);
  const { patch, names } = await buildPatch(ctx, options);
  if (Object.keys(patch).length === 0 && names.length === 0) {
    throw new UsageError('nothing to update', [], 'pass field flags (--title ...), --set key=value, --file, or a publication flag');
  }
  checkReadOnly(patch);
  throwProblems(valueProblems(patch));
  const unknown = unknownFields(patch);
  if (unknown.length > 0) {
    ctx.warn(`${unknown.join(', ')}: not a known job field; sent as given (the service may have fields the CLI does not know)`);
  }

  if (bulk) return bulkUpdate(ctx, args, patch, names, options);

  const api = await ctx.api();
  // The job before the update: for the report (people), its free-board setting, or its industry.
  // With --json it is read only for the last two, as before: a script gets the job, not the report.
  const human = !ctx.globals.json;
  const needsJob = human || needsCurrentFreeBoards(patch) || needsJobIndustry(patch, names) || hooks.beforeSend !== undefined;
  const job = needsJob ? await withSpinner(ctx, `reading job ${id}`, () => getJob(api, id)) : undefined;
  if (job) hooks.beforeSend?.(job);
  if (names.length > 0) await withSpinner(ctx, 'resolving names', () => resolveNames(api, patch, names, job?.industryId));
  if (job) throwProblems(salaryAgainstJob(patch, job));
  const plan = planPublication(patch, job);

  const res = await withSpinner(ctx, `updating job ${id}`, () => updateJob(api, id, patch, ctx.newKey()));
  // Said when publication was asked about (or with --verbose): a free-board setting kept as it was is no news on every update.
  if (plan.careerSent || !plan.kept || ctx.globals.verbose) ctx.info(describePublication(plan));
  if (res.replayed && res.attempts > 1) {
    ctx.info(`The connection failed after the service applied the update; the retry got the recorded answer (applied once).`);
  }
  // The free-board value the CLI added to keep the job's setting was not asked for.
  const requested = Object.keys(patch).filter((k) => !(plan.kept && k === 'publishToFreeJobBoards'));
  if (!human) {
    const ignored = describeIgnored(compareJobs(job, res.body, patch, requested));
    if (ignored) ctx.warn(`the service ignored ${ignored}`);
    return writeJson(ctx, res.body);
  }

  // An answer that is not the whole job (a field the job had is missing) is no ground for "ignored".
  const after = Object.keys(job!).every((k) => Object.hasOwn(res.body, k)) ? res.body : await getJob(api, id);
  const reports = compareJobs(job, after, patch, requested);
  let namer: JobNamer | undefined;
  if (ctx.io.stdout.isTTY) {
    // Names for the ids and codes shown (a terminal only); no request when none is shown.
    const { loadJobNamer } = await import('../job-names.js');
    namer = await loadJobNamer(ctx, [job!, after], reports.filter((r) => r.outcome !== 'ignored').map((r) => r.field));
  }
  await writeOut(ctx.io.stdout, formatReport(id, reports, { before: job, after }, namer));
}

async function bulkUpdate(ctx: Context, args: string[], patch: Record<string, unknown>, names: NameReference[], options: UpdateOptions): Promise<void> {
  const { jobIds } = await import('../../../jobs/bulk/ids.js');
  const { ids, repeated } = await jobIds(args, () => readStdin(ctx.io.stdin), ctx.io.stdin.isTTY === true);
  if (repeated.length > 0) ctx.warn(`job ${repeated.join(', ')} given more than once; each job is updated once`);
  const [{ runBulk }, { updateOperation }, { printRun }] = await Promise.all([import('../../../jobs/bulk/run-bulk.js'), import('./bulk.js'), import('../print-run.js')]);
  const api = await ctx.api();
  const { accountFlags, resumeIds } = await import('../../../exactly-once/resume-command.js');
  const named = names.map((n) => ({ flag: n.flag, value: n.value }));
  const resume = { kind: 'update' as const, ids: resumeIds(ids, args.includes('-')), set: patch, names: named, globals: accountFlags(ctx.globals) };
  const run = await runBulk(ctx, updateOperation(api, patch, names, ctx.globals.verbose === true), ids, {
    ...(typeof options.concurrency === 'string' ? { concurrency: options.concurrency } : {}),
    dryRun: options.dryRun === true,
    resume,
  });
  await printRun(ctx, run);
}
