// Resolves reference flags given as names (`--job-function "Data Engineering"`) to ids. Job
// functions and employer types belong to an industry: --industry when given, else the job's own.
import type { ApiClient } from '../../../api/client.js';
import { UsageError } from '../../../core/errors.js';
import { resolveReference, type IndustryScope } from '../../../context/resolve.js';
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
 * when the patch names no industry.
 */
export async function resolveNames(
  api: ApiClient,
  patch: Record<string, unknown>,
  names: readonly NameReference[],
  jobIndustry: unknown,
): Promise<void> {
  const industryName = names.find((n) => n.field === 'industryId');
  let industry: IndustryScope | undefined;
  if (industryName) {
    industry = await resolveReference(api, lookupOf('industryId'), industryName.value);
    patch.industryId = industry.id;
  }
  for (const ref of names) {
    if (ref.field === 'industryId') continue;
    let scope: IndustryScope | undefined;
    if (BY_INDUSTRY.has(ref.field)) {
      const industryId = typeof patch.industryId === 'number' ? patch.industryId : jobIndustry;
      if (typeof industryId !== 'number') {
        throw new UsageError(`${ref.flag} "${ref.value}" is a name, and the job's industry is not known`, [], 'pass --industry, or give the id');
      }
      scope = industry?.id === industryId ? industry : { id: industryId };
    }
    patch[ref.field] = (await resolveReference(api, lookupOf(ref.field), ref.value, scope)).id;
  }
}
