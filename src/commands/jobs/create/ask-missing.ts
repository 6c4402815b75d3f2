// `recruit jobs create` on a terminal with field flags that leave the job incomplete: the wizard,
// with the flags' values (names resolved to ids) as answers, asks only what is missing, then opens
// the review. No draft is offered, as for a clone (--from).
import { allItems } from '../../../api/paginate.js';
import { namedShape } from '../../../api/shapes.js';
import type { ApiClient } from '../../../api/client.js';
import type { Job, Named } from '../../../api/types.js';
import type { Uses } from '../../../context/context.js';
import { fieldNamed } from '../../../domain/job-fields.js';
import { checkJobInput, isMissing } from '../../../jobs/job-input.js';
import { accountTypeOf } from '../../../jobs/target.js';
import { withSpinner } from '../../../terminal/spinner.js';

/** The fields a checked body lacks (the customer on a staffing account included), by their labels. */
export function missingFields(ctx: Uses<'env' | 'globals' | 'settings' | 'sandboxAccount'>, body: Record<string, unknown>): string[] {
  const missing = checkJobInput(body, { accountType: accountTypeOf(ctx) }).problems.filter(isMissing);
  return missing.map((p) => (fieldNamed(p.field)?.label ?? p.field).toLowerCase());
}

/**
 * The industry of a job function or employer type given without `--industry` (the wizard asks the
 * industry first, and a new industry drops them): the first industry whose list holds the id.
 */
async function industryOf(api: ApiClient, body: Record<string, unknown>): Promise<number | undefined> {
  const scoped = [['/job-functions', body.jobFunctionId], ['/employer-types', body.employerTypeId]] as const;
  const given = scoped.filter(([, id]) => typeof id === 'number');
  if (given.length === 0) return undefined;
  const industries = await allItems<Named>(api, '/industries', {}, namedShape);
  for (const industry of industries) {
    const lists = await Promise.all(given.map(([path]) => allItems<Named>(api, path, { industry_id: industry.id }, namedShape)));
    if (given.every(([, id], i) => lists[i]!.some((item) => item.id === id))) return industry.id;
  }
  return undefined;
}

export async function askMissing(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'prompter' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>, body: Record<string, unknown>, missing: string[]): Promise<void> {
  const api = await ctx.api();
  const input = { ...body };
  if (input.industryId === undefined) {
    const industry = await withSpinner(ctx, 'finding the industry', () => industryOf(api, input));
    if (industry !== undefined) input.industryId = industry;
  }
  const [{ loadJobNamer }, { answersFromBody }, { createWithWizard }] = await Promise.all([
    import('../job-names.js'),
    import('../../../wizard/answers.js'),
    import('./wizard.js'),
  ]);
  const asJob = input as unknown as Job;
  const nameOf = await withSpinner(ctx, 'reading the names', () => loadJobNamer(ctx, [asJob]));
  const prefilled = answersFromBody(input, (field) => nameOf(asJob, field));
  // An industry not found leaves its job function and employer type to be asked with it.
  if (!prefilled.answers.industry) {
    delete prefilled.answers.jobFunction;
    delete prefilled.answers.employerType;
  }
  const intro = `Asking for what the flags did not give${missing.length > 0 ? ` (${missing.join(', ')})` : ''}, then the review.`;
  return createWithWizard(ctx, { prefilled: { ...prefilled, intro } });
}
