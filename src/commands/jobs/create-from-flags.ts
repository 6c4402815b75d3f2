// `recruit jobs create --title ... --location ...`: one job from field flags, without prompts.
import { getJobOptions } from '../../cli/job-options.js';
import type { Context } from '../../cli/context.js';
import { UsageError, type ErrorDetail } from '../../cli/errors.js';
import { writeJson } from '../../cli/output.js';
import { withSpinner } from '../../cli/spinner.js';
import { flagFor } from '../../jobs/flag-input.js';
import { checkCodes, checkJobInput, type Problem } from '../../jobs/job-input.js';
import { ReferenceResolver } from '../../jobs/reference-resolver.js';
import { SubmissionStore } from '../../jobs/submissions.js';
import { sendAndReport } from '../../jobs/send-and-report.js';
import { newSubmission } from '../../jobs/submit.js';
import { accountTypeOf, targetOf } from '../../jobs/target.js';
import type { CreateOptions } from './create.js';

function asDetails(problems: Problem[]): ErrorDetail[] {
  return problems.map((p) => {
    const flag = flagFor(p.field);
    return { field: flag ? `${flag} (${p.field})` : p.field, message: p.message };
  });
}

export async function createFromFlags(ctx: Context, input: Record<string, unknown>, options: CreateOptions): Promise<void> {
  if (options.publishCareerPage) input.publishToCareerPage = true;
  if (options.publishFreeBoards) input.publishToFreeJobBoards = true;
  const checked = checkJobInput(input, { accountType: accountTypeOf(ctx) });
  if (checked.problems.length > 0) throw new UsageError('the job is invalid; nothing was sent', asDetails(checked.problems));

  const api = await ctx.api();
  const [problems, options_] = await withSpinner(ctx, 'checking the job: resolving names', async () => [
    await new ReferenceResolver(api).resolve(checked.body, checked.names),
    await getJobOptions(ctx),
  ] as const);
  problems.push(
    ...checkCodes(checked.body, {
      jobTypes: options_.jobTypes,
      educationLevels: options_.educationLevels,
    }),
  );
  if (problems.length > 0) throw new UsageError('the job is invalid; nothing was sent', asDetails(problems));

  if (options.dryRun) {
    await writeJson(ctx, checked.body);
    ctx.info('The job is valid; nothing was sent (--dry-run).');
    return;
  }

  const submission = newSubmission(ctx.newKey(), checked.body, targetOf(ctx, api), 'flags', ctx.now());
  await sendAndReport(ctx, api, new SubmissionStore(ctx.env), submission);
}
