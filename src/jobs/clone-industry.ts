// A clone's industry. The job function and employer type belong to an industry, so a clone keeps
// the source's three together: `--industry` that moves the clone to another industry needs
// `--job-function` and `--employer-type` with it (else the source's would be sent with an industry
// they do not belong to, and the service would answer 400), and a job function or employer type
// given by id must belong to the clone's industry. Both are found out before anything is sent.
import type { ApiClient } from '../api/client.js';
import { allItems } from '../api/paginate.js';
import { namedShape } from '../api/shapes.js';
import type { Named } from '../api/types.js';
import { inIndustry, INDUSTRY_LOOKUP, industryScope, resolveReference, type IndustryScope } from '../context/resolve.js';
import { INDUSTRY_SCOPED } from './clone.js';
import type { Problem } from './job-input.js';

export type IndustryScoped = (typeof INDUSTRY_SCOPED)[number];

export interface IndustryChange {
  /** The industry the flag names, resolved. */
  to: IndustryScope;
  /** The source's industry, when the job has one. */
  from?: IndustryScope;
  /** Whether the clone moves to another industry (also when the source's industry is not known). */
  changed: boolean;
  /** Fields of the source that belong to its industry and were not given by a flag. */
  missing: IndustryScoped[];
}

/** What `--industry` does to the clone; undefined without the flag. */
export async function industryChange(api: ApiClient, sourceIndustry: unknown, flags: Record<string, unknown>): Promise<IndustryChange | undefined> {
  const given = flags.industry;
  if (given === undefined) return undefined;
  const to: IndustryScope =
    typeof given === 'number' ? { id: given } : await resolveReference(api, INDUSTRY_LOOKUP, String(given));
  const changed = typeof sourceIndustry !== 'number' || sourceIndustry !== to.id;
  const missing = changed ? INDUSTRY_SCOPED.filter((s) => flags[s.name] === undefined) : [];
  if (!changed || missing.length === 0) return { to, changed, missing };
  // Names for the message, which is where this ends without a terminal.
  const [named, from] = await Promise.all([
    to.name === undefined ? industryScope(api, to.id) : to,
    typeof sourceIndustry === 'number' ? industryScope(api, sourceIndustry) : undefined,
  ]);
  return { to: named, ...(from ? { from } : {}), changed, missing };
}

const describeIndustry = (i: IndustryScope) => (i.name ? `${i.name} (${i.id})` : `industry ${i.id}`);

/** The usage error's words: what changed, and the flags to add. */
export function describeIndustryChange(sourceId: number, change: IndustryChange): { message: string; hint: string } {
  const flags = change.missing.map((m) => m.flag);
  const whats = change.missing.map((m) => m.what);
  const move = change.from
    ? `--industry moves the clone of job ${sourceId} from ${describeIndustry(change.from)} to ${describeIndustry(change.to)}`
    : `--industry sets the clone of job ${sourceId} in ${describeIndustry(change.to)}, and job ${sourceId}'s industry is not known`;
  return {
    message: `${move}, and its ${whats.join(' and ')} belong${whats.length === 1 ? 's' : ''} to an industry: give ${flags.join(' and ')} too`,
    hint: `${change.missing.map((m) => `\`recruit lookup ${m.kind} --industry ${change.to.id}\``).join(' and ')} list${change.missing.length === 1 ? 's' : ''} them`,
  };
}

/**
 * Job functions and employer types given by id must belong to the clone's industry (names were
 * looked up in it already). Returns a problem per id that does not, naming its flag.
 */
export async function checkIndustryMembers(
  api: ApiClient,
  body: Record<string, unknown>,
  flags: Record<string, unknown>,
  sourceId: number,
): Promise<Problem[]> {
  const industryId = body.industryId;
  if (typeof industryId !== 'number') return [];
  const byId = INDUSTRY_SCOPED.filter((s) => typeof flags[s.name] === 'number');
  if (byId.length === 0) return [];
  const problems: Problem[] = [];
  let industry: IndustryScope | undefined;
  for (const scoped of byId) {
    const id = flags[scoped.name] as number;
    const items = await allItems<Named>(api, scoped.path, { industry_id: industryId }, namedShape);
    if (items.some((i) => i.id === id)) continue;
    industry ??= await industryScope(api, industryId);
    const whose = flags.industry === undefined ? `, the industry of job ${sourceId} (give --industry to change it)` : '';
    problems.push({ field: scoped.idField, message: `${id} is not a ${scoped.what}${inIndustry(industry)}${whose}` });
  }
  return problems;
}
