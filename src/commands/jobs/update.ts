// `recruit jobs update <jobId>`: builds a patch from --file, field flags and --set, checks it
// before sending, keeps the job's free-board publication unless told otherwise, and sends it with
// a new Idempotency-Key that the client reuses on its retries.
import { getJob, updateJob } from '../../api/jobs.js';
import { parseJobId } from './args.js';
import type { Context } from '../../cli/context.js';
import { UsageError } from '../../cli/errors.js';
import { writeJson } from '../../cli/output.js';
import { sanitize } from '../../cli/sanitize.js';
import { withSpinner } from '../../cli/spinner.js';
import { PUBLICATION_FIELDS } from '../../domain/job-rules.js';
import { checkReadOnly, salaryAgainstJob, throwProblems, unknownFields, valueProblems } from './update-checks.js';
import { buildPatch, type UpdateOptions } from './update-patch.js';
import { describePublication, needsCurrentFreeBoards, planPublication, summarizePublication } from './update-publication.js';
import { needsJobIndustry, resolveNames } from './update-references.js';

export default async function update(ctx: Context, jobId: string, options: UpdateOptions): Promise<void> {
  const id = parseJobId(jobId);
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

  const api = await ctx.api();
  // Read the job only when needed: for its free-board setting or its industry.
  const job = needsCurrentFreeBoards(patch) || needsJobIndustry(patch, names) ? await withSpinner(ctx, `reading job ${id}`, () => getJob(api, id)) : undefined;
  if (names.length > 0) await withSpinner(ctx, 'resolving names', () => resolveNames(api, patch, names, job?.industryId));
  if (job) throwProblems(salaryAgainstJob(patch, job));
  const plan = planPublication(patch, job);

  const res = await withSpinner(ctx, `updating job ${id}`, () => updateJob(api, id, patch, ctx.newKey()));
  ctx.info(describePublication(plan));
  if (res.replayed && res.attempts > 1) {
    ctx.info(`The connection failed after the service applied the update; the retry got the recorded answer (applied once).`);
  }
  if (ctx.globals.json) return writeJson(ctx, res.body);

  const changed = Object.keys(patch).filter((k) => !(PUBLICATION_FIELDS as readonly string[]).includes(k));
  const parts = [...(changed.length > 0 ? [changed.join(', ')] : []), ...summarizePublication(plan)];
  ctx.io.stdout.write(`Updated job ${id}: ${sanitize(parts.join('; '))}\n`);
}
