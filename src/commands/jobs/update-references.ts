// Resolves reference flags given as names (`--job-function "Data Engineering"`) to ids. Job
// functions and employer types belong to an industry: --industry when given, else the job's own.
import type { ApiClient } from '../../api/client.js';
import { UsageError } from '../../cli/errors.js';
import { resolveReference } from '../../cli/resolve.js';
import type { NameReference } from './update-patch.js';

const LOOKUP_PATHS: Record<string, string> = {
  industryId: '/industries',
  jobFunctionId: '/job-functions',
  employerTypeId: '/employer-types',
  customerId: '/customers',
  departmentId: '/departments',
  hiringManagerId: '/hiring-managers',
};

const BY_INDUSTRY = new Set(['jobFunctionId', 'employerTypeId']);

/** Whether resolving `names` needs the job's industry: no industry in the patch or among the names. */
export function needsJobIndustry(patch: Record<string, unknown>, names: readonly NameReference[]): boolean {
  return names.some((n) => BY_INDUSTRY.has(n.field)) && typeof patch.industryId !== 'number' && !names.some((n) => n.field === 'industryId');
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
  const industry = names.find((n) => n.field === 'industryId');
  if (industry) patch.industryId = await resolveReference(api, '/industries', industry.value, industry.flag);
  for (const ref of names) {
    if (ref.field === 'industryId') continue;
    let query = {};
    if (BY_INDUSTRY.has(ref.field)) {
      const industryId = typeof patch.industryId === 'number' ? patch.industryId : jobIndustry;
      if (typeof industryId !== 'number') {
        throw new UsageError(`${ref.flag} "${ref.value}" is a name, and the job's industry is not known`, [], 'pass --industry, or give the id');
      }
      query = { industry_id: industryId };
    }
    patch[ref.field] = await resolveReference(api, LOOKUP_PATHS[ref.field]!, ref.value, ref.flag, query);
  }
}
