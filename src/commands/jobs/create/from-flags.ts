// `recruit jobs create --title ... --location ...`: one job from field flags, without prompts when
// they are complete. The checks and the send are shared with `--from` (clone.ts).
import type { ApiClient } from '../../../api/client.js';
import { getJobOptions } from '../../../context/job-options.js';
import type { Uses } from '../../../context/context.js';
import { UsageError, type ErrorDetail } from '../../../core/errors.js';
import { writeJson } from '../../../terminal/output.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { flagFor } from '../../../jobs/flag-input.js';
import { checkCodes, checkJobInput, isMissing, type Problem } from '../../../jobs/job-input.js';
import { ReferenceResolver } from '../../../jobs/reference-resolver.js';
import { SubmissionStore, type Submission } from '../../../jobs/submissions.js';
import { sendPersisted } from '../../../jobs/send-persisted.js';
import { newSubmission } from '../../../jobs/submit.js';
import { accountTypeOf, targetOf } from '../../../jobs/target.js';
import type { CreateOptions } from './flags.js';
import { printCreated } from './print-created.js';

function asDetails(problems: Problem[]): ErrorDetail[] {
  return problems.map((p) => {
    const flag = flagFor(p.field);
    return { field: flag ? `${flag} (${p.field})` : p.field, message: p.message };
  });
}

export interface CheckHooks {
  /** Problems the caller expects and handles itself (e.g. fields the wizard will ask). */
  ignore?: (problem: Problem) => boolean;
  /** More checks of the resolved body, before anything is sent. */
  after?: (body: Record<string, unknown>) => Promise<Problem[]>;
}

/** The local checks, names resolved to ids and codes checked: the body to send, or a usage error (exit 2). */
export async function checkedBody(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'sandboxAccount' | 'api' | 'spinner'>, input: Record<string, unknown>, hooks: CheckHooks = {}): Promise<Record<string, unknown>> {
  const keep = (problems: Problem[]) => (hooks.ignore ? problems.filter((p) => !hooks.ignore!(p)) : problems);
  const checked = checkJobInput(input, { accountType: accountTypeOf(ctx) });
  const local = keep(checked.problems);
  // Names are checked even when the local checks failed, so that every problem is told in one
  // round; a service that cannot be reached then leaves the local problems to tell.
  const named = Object.keys(checked.names).length > 0;
  if (local.length > 0 && !named) throw new UsageError('the job is invalid; nothing was sent', asDetails(local));

  const api = await ctx.api();
  let problems: Problem[];
  try {
    problems = await withSpinner(ctx, 'checking the job: resolving names', async () => {
      const [resolved, options] = await Promise.all([new ReferenceResolver(api).resolve(checked.body, checked.names), getJobOptions(ctx)]);
      resolved.push(...checkCodes(checked.body, { jobTypes: options.jobTypes, educationLevels: options.educationLevels }));
      if (resolved.length === 0 && local.length === 0 && hooks.after) resolved.push(...(await hooks.after(checked.body)));
      return keep(resolved);
    });
  } catch (error) {
    if (local.length === 0) throw error;
    problems = [];
  }
  const all = [...local, ...problems];
  if (all.length > 0) throw new UsageError('the job is invalid; nothing was sent', asDetails(all));
  return checked.body;
}

/** `--dry-run`: the body on stdout, nothing sent. Otherwise the persisted submission, sent and reported. */
export async function sendChecked(
  ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'clock' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'warn' | 'info' | 'spinner'>,
  api: ApiClient,
  body: Record<string, unknown>,
  options: CreateOptions,
  source: Submission['source'],
): Promise<void> {
  if (options.dryRun) {
    await writeJson(ctx, body);
    ctx.info('The job is valid; nothing was sent (--dry-run).');
    return;
  }
  const submission = newSubmission(ctx.newKey(), body, targetOf(ctx, api), source, ctx.now());
  const created = await sendPersisted(ctx, api, new SubmissionStore(ctx.env), submission);
  // --wait: the summary line now (no JSON, no "publish once approved" note), then the job as it ends up.
  await printCreated(ctx, created, { waiting: options.wait === true });
  if (!options.wait) return;
  const { waitAndReport } = await import('../job-wait.js');
  await waitAndReport(ctx, api, [created.job.id], { until: { kind: 'active' }, single: true });
}

export function publicationFromFlags(input: Record<string, unknown>, options: CreateOptions): void {
  if (options.publishCareerPage) input.publishToCareerPage = true;
  if (options.publishFreeBoards) input.publishToFreeJobBoards = true;
}

/**
 * One job from the flags. On a terminal (without --yes, --dry-run or --wait), flags that leave
 * required fields out start the wizard with their values, which asks only those (ask-missing.ts);
 * elsewhere a missing field is a usage error, as any other problem.
 */
export async function createFromFlags(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'clock' | 'prompter' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>, input: Record<string, unknown>, options: CreateOptions): Promise<void> {
  publicationFromFlags(input, options);
  const ask = ctx.interactive && !options.dryRun && !options.wait;
  const body = await checkedBody(ctx, input, ask ? { ignore: isMissing } : {});
  if (ask) {
    const { askMissing, missingFields } = await import('./ask-missing.js');
    const missing = missingFields(ctx, body);
    if (missing.length > 0) return askMissing(ctx, body, missing);
  }
  await sendChecked(ctx, await ctx.api(), body, options, 'flags');
}
