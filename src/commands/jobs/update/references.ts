// Resolves reference flags given as names (`--job-function "Data Engineering"`) to ids. Job
// functions and employer types belong to an industry: --industry when given, else the job's own.
import type { ApiClient } from '../../../api/client.js';
import type { Job } from '../../../api/types.js';
import { UsageError, type ErrorDetail } from '../../../core/errors.js';
import { resolveReference, type IndustryScope } from '../../../context/resolve.js';
import { INDUSTRY_SCOPED } from '../../../jobs/clone.js';
import { REFERENCES } from '../../../jobs/job-input.js';
import type { NameReference } from './patch.js';

const BY_INDUSTRY = new Set(['jobFunctionId', 'employerTypeId']);

/** Whether resolving `names` needs the job's industry: no industry in the patch or among the names. */
export function needsJobIndustry(patch: Record<string, unknown>, names: readonly NameReference[]): boolean {
  return names.some((n) => BY_INDUSTRY.has(n.field)) && typeof patch.industryId !== 'number' && !names.some((n) => n.field === 'industryId');
}

function lookupOf(field: string) {
  const ref = REFERENCES.find((r) => r.idField === field);
  if (!ref) throw new Error(`no lookup list for ${field}`);
  return ref;
}

/**
 * Sets the resolved ids into `patch`. `jobIndustry` is the industry of the job being updated, used
 * when the patch names no industry. A name that is not found throws its error; several, one error
 * naming them all.
 */
export async function resolveNames(
  api: ApiClient,
  patch: Record<string, unknown>,
  names: readonly NameReference[],
  jobIndustry: unknown,
): Promise<void> {
  const failed = await unresolvedNames(api, patch, names, jobIndustry);
  if (failed.length === 1) throw failed[0]!.error;
  if (failed.length > 1) throw new UsageError('names not found; nothing was sent', failed.map((f) => f.detail));
}

export interface Unresolved {
  /** The resolver's own error (its message names the list and suggests names; its hint the lookup). */
  error: UsageError;
  detail: ErrorDetail;
}

/** Sets the ids of the names that resolve into `patch`; returns every name that does not, each with its error. */
export async function unresolvedNames(
  api: ApiClient,
  patch: Record<string, unknown>,
  names: readonly NameReference[],
  jobIndustry: unknown,
): Promise<Unresolved[]> {
  const failed: Unresolved[] = [];
  const attempt = async (ref: NameReference, resolve: () => Promise<void>): Promise<boolean> => {
    try {
      await resolve();
      return true;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      failed.push({ error, detail: { field: ref.field, message: error.message.replace(/^no /, `${ref.flag}: no `) } });
      return false;
    }
  };
  const industryName = names.find((n) => n.field === 'industryId');
  let industry: IndustryScope | undefined;
  if (industryName) {
    const found = await attempt(industryName, async () => {
      industry = await resolveReference(api, lookupOf('industryId'), industryName.value);
      patch.industryId = industry.id;
    });
    // Names of an industry that is not known cannot be looked up in it; the industry is the problem told.
    if (!found) return failed;
  }
  for (const ref of names) {
    if (ref.field === 'industryId') continue;
    await attempt(ref, async () => {
      let scope: IndustryScope | undefined;
      if (BY_INDUSTRY.has(ref.field)) {
        const industryId = typeof patch.industryId === 'number' ? patch.industryId : jobIndustry;
        if (typeof industryId !== 'number') {
          throw new UsageError(`${ref.flag} "${ref.value}" is a name, and the job's industry is not known`, [], 'pass --industry, or give the id');
        }
        scope = industry?.id === industryId ? industry : { id: industryId };
      }
      patch[ref.field] = (await resolveReference(api, lookupOf(ref.field), ref.value, scope)).id;
    });
  }
  return failed;
}

/**
 * A job moved to another industry keeps its job function and employer type unless the patch
 * gives them, and they belong to its old industry: the service would refuse the PATCH (400). As
 * for a clone (jobs/clone-industry.ts), the flags missing are named before anything is sent.
 */
export function industryMoveProblems(patch: Record<string, unknown>, names: readonly NameReference[], job: Job): ErrorDetail[] {
  const to = patch.industryId;
  if (typeof to !== 'number' || to === job.industryId) return [];
  const given = (field: string) => Object.hasOwn(patch, field) || names.some((n) => n.field === field);
  const missing = INDUSTRY_SCOPED.filter((s) => !given(s.idField) && job[s.idField] !== undefined && job[s.idField] !== null);
  if (missing.length === 0) return [];
  const whats = missing.map((m) => m.what);
  const from = typeof job.industryId === 'number' ? ` from industry ${job.industryId}` : '';
  return [
    {
      field: 'industryId',
      message:
        `moves job ${String(job.id)}${from} to industry ${to}, and its ${whats.join(' and ')} belong${whats.length === 1 ? 's' : ''} to an industry: ` +
        `give ${missing.map((m) => m.flag).join(' and ')} too (${missing.map((m) => `\`recruit lookup ${m.kind} --industry ${to}\``).join(' and ')} list${missing.length === 1 ? 's' : ''} them)`,
    },
  ];
}
