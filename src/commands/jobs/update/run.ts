// `recruit jobs update <jobId>`: builds a patch from --file, field flags and --set, checks it
// before sending, keeps the job's free-board publication unless told otherwise, and sends it with
// a new Idempotency-Key that the client reuses on its retries. Then it reports what the service
// changed, field by field, and which fields it ignored (update-report.ts). Several ids, `-` (ids on
// stdin) or --dry-run make it a bulk change (update-bulk.ts), reported as a batch is.
import { checkOneStdin, readStdin } from '../../../terminal/read-input.js';
import { getJob, updateJob } from '../../../api/jobs.js';
import { parseJobId } from '../args.js';
import type { Uses } from '../../../context/context.js';
import { UsageError, type ErrorDetail } from '../../../core/errors.js';
import { writeOut } from '../../../terminal/io.js';
import { writeJson } from '../../../terminal/output.js';
import { withSpinner } from '../../../terminal/spinner.js';
import type { JobNamer } from '../job-view.js';
import { checkReadOnly, salaryAgainstJob, throwProblems, unknownFields, valueProblems } from './checks.js';
import { buildPatch, type BuiltPatch, type NameReference } from './patch.js';
import { describePublication, needsCurrentFreeBoards, planPublication } from './publication.js';
import { compareJobs, describeIgnored, formatReport } from '../update-report.js';
import { industryMoveProblems, needsJobIndustry, unresolvedNames, type Unresolved } from './references.js';
import { getJobOptions } from '../../../context/job-options.js';
import { checkCodes } from '../../../jobs/job-input.js';
import type { UpdateOptions } from './flags.js';
import type { Job } from '../../../api/types.js';

/** What a command that sends through `jobs update` (`jobs edit`) may add. */
export interface UpdateHooks {
  /** Sees the job as read right before its PATCH; throwing sends nothing. */
  beforeSend?: (job: Job) => void;
  /** The job as the caller read it: the checks use it rather than reading it again. */
  job?: Job;
}

export default function update(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'clock' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner' | 'elapsedMs'>, jobIds: string[] | string, options: UpdateOptions): Promise<void> {
  return updateWith(ctx, jobIds, options);
}

/** The patch built from the options and the problems it has of its own (no request made); read-only fields end here. */
async function localChecks(ctx: Uses<'io' | 'settings' | 'warn' | 'info'>, options: UpdateOptions): Promise<BuiltPatch & { local: ErrorDetail[] }> {
  const { patch, names } = await buildPatch(ctx, options);
  if (Object.keys(patch).length === 0 && names.length === 0) {
    throw new UsageError('nothing to update', [], 'pass field flags (--title ...), --set key=value, --file, or a publication flag');
  }
  checkReadOnly(patch);
  const unknown = unknownFields(patch);
  if (unknown.length > 0) {
    ctx.warn(`${unknown.join(', ')}: not a known job field; sent as given (the service may have fields the CLI does not know)`);
  }
  return { patch, names, local: valueProblems(patch) };
}

/** jobType and educationLevel against the codes of /job-options, as `jobs create` checks them. */
async function codeProblems(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'api'>, patch: Record<string, unknown>): Promise<ErrorDetail[]> {
  if (typeof patch.jobType !== 'string' && typeof patch.educationLevel !== 'string') return [];
  const options = await getJobOptions(ctx);
  return checkCodes(patch, { jobTypes: options.jobTypes, educationLevels: options.educationLevels }).map(({ field, message }) => ({ field, message }));
}

export interface CheckedUpdate {
  /** The body to send: names resolved to ids. */
  patch: Record<string, unknown>;
  /** The job as read for the checks, when it was needed. */
  job?: Job;
}

/**
 * Every check of `jobs update <id>` before anything is sent, every problem told at once (as
 * `jobs create` does, docs/decisions.md "Every problem in one round"): the patch's own, names
 * resolved, codes, and against the job (salary bounds, an industry moved without its job function
 * and employer type). A usage error (exit 2) when any fails; a service that cannot be reached then
 * leaves the patch's own problems to tell.
 */
export async function checkUpdate(ctx: Uses<'io' | 'env' | 'globals' | 'now' | 'settings' | 'api' | 'warn' | 'info' | 'spinner'>, id: number, options: UpdateOptions, hooks: UpdateHooks = {}): Promise<CheckedUpdate> {
  const { patch, names, local } = await localChecks(ctx, options);
  if (local.length > 0 && names.length === 0) throwProblems(local);
  const api = await ctx.api();
  // The job before the update: for the report (people), its free-board setting, its industry, or
  // to check a change of industry. With --json it is read only when needed: a script gets the job, not the report.
  const human = !ctx.globals.json;
  const movesIndustry = typeof patch.industryId === 'number' || names.some((n) => n.field === 'industryId');
  const needsJob = human || movesIndustry || needsCurrentFreeBoards(patch) || needsJobIndustry(patch, names) || hooks.beforeSend !== undefined;
  let job = hooks.job;
  const remote: ErrorDetail[] = [];
  let unresolved: Unresolved[] = [];
  try {
    if (!job && needsJob) job = await withSpinner(ctx, `reading job ${id}`, () => getJob(api, id));
    if (job) hooks.beforeSend?.(job);
    if (names.length > 0) unresolved = await withSpinner(ctx, 'resolving names', () => unresolvedNames(api, patch, names, job?.industryId));
    if (job) remote.push(...salaryAgainstJob(patch, job), ...industryMoveProblems(patch, names, job));
    remote.push(...(await codeProblems(ctx, patch)));
  } catch (error) {
    if (local.length === 0) throw error;
  }
  // A single name not found: its own error, with the suggestion and the lookup that lists the names.
  if (local.length === 0 && remote.length === 0 && unresolved.length === 1) throw unresolved[0]!.error;
  throwProblems([...local, ...remote, ...unresolved.map((u) => u.detail)]);
  return { patch, ...(job ? { job } : {}) };
}

export async function updateWith(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'clock' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner' | 'elapsedMs'>, jobIds: string[] | string, options: UpdateOptions, hooks: UpdateHooks = {}): Promise<void> {
  const args = Array.isArray(jobIds) ? jobIds : [jobIds];
  const bulk = args.length > 1 || args[0] === '-' || options.dryRun === true;
  if (args.includes('-')) checkOneStdin([['the job ids', '-'], ['--file', options.file], ['--description-file', options.descriptionFile]]);
  if (bulk) {
    const { patch, names, local } = await localChecks(ctx, options);
    throwProblems(local);
    throwProblems(await codeProblems(ctx, patch));
    return bulkUpdate(ctx, args, patch, names, options);
  }
  const id = parseJobId(args[0]!);
  const { patch, job } = await checkUpdate(ctx, id, options, hooks);
  const api = await ctx.api();
  const human = !ctx.globals.json;
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

async function bulkUpdate(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'clock' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner' | 'elapsedMs'>, args: string[], patch: Record<string, unknown>, names: NameReference[], options: UpdateOptions): Promise<void> {
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
