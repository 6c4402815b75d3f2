// `recruit jobs create --from <id> [field flags]`: a new job from an existing job's fields (those a
// client may send; not its code or publication), with the flags laid on top. It is created like any
// `jobs create`: the local checks, a persisted submission and its Idempotency-Key (so an interrupted
// clone is resumed with `--resume`). On a terminal without --yes the wizard opens at its review,
// filled in, so that any field can be changed before submitting.
import { ApiError } from '../../../api/errors.js';
import { getJob } from '../../../api/jobs.js';
import type { ApiClient } from '../../../api/client.js';
import type { Job } from '../../../api/types.js';
import type { Uses } from '../../../context/context.js';
import { CliError, UsageError } from '../../../core/errors.js';
import { EXIT } from '../../../core/exit-codes.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { cloneFields, overlayFlags } from '../../../jobs/clone.js';
import { REFERENCES } from '../../../jobs/job-input.js';
import { checkIndustryMembers, describeIndustryChange, industryChange, type IndustryScoped } from '../../../jobs/clone-industry.js';
import type { Prompter } from '../../../prompts/prompter.js';
import { checkedBody, publicationFromFlags, sendChecked } from './from-flags.js';
import type { CreateOptions } from './flags.js';

export interface CloneDeps {
  /** Tests inject one; by default the wizard prompts on the terminal. */
  prompter?: Prompter;
}

async function readSource(ctx: Uses<'sandboxAccount' | 'spinner'>, api: ApiClient, id: number): Promise<Job> {
  try {
    return await withSpinner(ctx, `fetching job ${id}`, () => getJob(api, id));
  } catch (error) {
    if (!(error instanceof ApiError) || error.kind !== 'not_found') throw error;
    const account = ctx.sandboxAccount();
    const hint = account
      ? (await import('../../../context/sandbox-failure.js')).explainSandboxFailure(error, account)
      : undefined;
    const cli = new CliError(
      `no job ${id} to clone in this account (404 from GET /jobs/${id}); nothing was created`,
      EXIT.API_FAILED,
      error.code,
      [],
      hint instanceof CliError && hint.hint
        ? hint.hint
        : '--from reads the job from the account in effect (profile, base URL and token); `recruit jobs list` shows its jobs',
    );
    cli.status = 404;
    throw cli;
  }
}

export async function createClone(
  ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'clock' | 'prompter' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>,
  sourceId: number,
  flags: Record<string, unknown>,
  options: CreateOptions,
  deps: CloneDeps = {},
): Promise<void> {
  const api = await ctx.api();
  const source = await readSource(ctx, api, sourceId);
  const { fields, unknown } = cloneFields(source);
  if (unknown.length > 0) {
    ctx.info(`Not copied from job ${sourceId}: ${unknown.join(', ')} (fields the CLI does not know; the service may set them itself).`);
  }
  // --wait is for scripts: the clone is sent as it is, then waited for.
  const wizard = ctx.interactive && !options.dryRun && !options.wait;
  const input: Record<string, unknown> = { ...flags };
  publicationFromFlags(input, options);

  // The job function and employer type belong to the industry: see clone-industry.ts.
  let dropped: IndustryScoped[] = [];
  const change = await withSpinner(ctx, 'resolving the industry', () => industryChange(api, source.industryId, input));
  if (change) {
    input.industry = change.to.id;
    if (change.missing.length > 0) {
      if (!wizard) {
        const { message, hint } = describeIndustryChange(sourceId, change);
        throw new UsageError(`${message}; nothing was sent`, [], hint);
      }
      // On a terminal the wizard asks them, as it does when its industry answer changes.
      dropped = change.missing;
      for (const d of dropped) delete fields[d.idField];
    }
  }

  const body = await checkedBody(ctx, overlayFlags(fields, input), {
    ...(dropped.length > 0 ? { ignore: (p) => dropped.some((d) => d.idField === p.field) } : {}),
    after: (resolved) => checkIndustryMembers(api, resolved, input, sourceId),
  });
  if (!wizard) return sendChecked(ctx, api, body, options, 'clone');

  const [{ loadJobNamer }, { answersFromBody }, { createWithWizard }, { watchSource }] = await Promise.all([
    import('../job-names.js'),
    import('../../../wizard/answers.js'),
    import('./wizard.js'),
    import('../../../wizard/source-changed.js'),
  ]);
  const asJob = body as unknown as Job;
  const nameOf = await withSpinner(ctx, 'reading the names', () => loadJobNamer(ctx, [asJob]));
  const prefilled = answersFromBody(body, (field) => nameOf(asJob, field));
  const title = String(source.title ?? ''); // ctx.info escapes control characters
  const intro =
    dropped.length > 0
      ? `Cloning job ${sourceId} "${title}" into another industry: choose its ${dropped.map((d) => d.what).join(' and ')}, then review the job.`
      : `Cloning job ${sourceId} "${title}" (a new job code; unpublished unless a flag says so): edit any field, then submit.`;
  // At Submit the source is read again: what changed there since is named, to keep or take.
  const beforeSubmit = watchSource({
    api,
    id: sourceId,
    read: source,
    notCopied: (field) => Object.hasOwn(input, field) || REFERENCES.some((r) => r.idField === field && input[r.name] !== undefined) || dropped.some((d) => d.idField === field),
    namer: (jobs) => loadJobNamer(ctx, jobs),
  });
  return createWithWizard(ctx, { ...(deps.prompter ? { prompter: deps.prompter } : {}), prefilled: { ...prefilled, intro, beforeSubmit } });
}
