// The filters of `jobs list` the service lacks: by customer, hiring manager, department,
// industry and job function (ids or names, resolved as everywhere: context/resolve.ts) and by age.
// The service filters jobs by status and search only, so these read every page of that list and
// keep the jobs that match here; each page is a request, paced as any other by the API client.
import type { ApiClient } from '../../../api/client.js';
import { allItems } from '../../../api/paginate.js';
import { namedShape } from '../../../api/shapes.js';
import type { Job, Named } from '../../../api/types.js';
import { INDUSTRY_LOOKUP, isId, resolveReference, type IndustryScope } from '../../../context/resolve.js';
import { UsageError } from '../../../core/errors.js';
import { normalizeName, noSuchName } from '../../../core/suggest.js';
import { REFERENCE_FIELDS, type ReferenceField } from '../../../domain/job-fields.js';
import { INDUSTRY_QUERY } from '../../../domain/lookup-kinds.js';
import { isSince, parseSince } from './since.js';

/** The filter flags as commander gives them (each repeatable: a job matches any of a flag's values). */
export interface FilterOptions {
  customer?: string[];
  hiringManager?: string[];
  department?: string[];
  industry?: string[];
  jobFunction?: string[];
  createdSince?: string;
  updatedSince?: string;
}

type ReferenceKey = 'customer' | 'hiringManager' | 'department' | 'industry' | 'jobFunction';

/** Flag, option key and the job field it filters: the registry's references but the employer type. */
const REFERENCE_FLAGS = REFERENCE_FIELDS.filter((r) => r.name !== 'employerType').map(
  (r) => [`--${r.name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, r.name as ReferenceKey, r.idField] as const,
);

export type JobFilter = (job: Job) => boolean;

export function hasFilters(options: FilterOptions): boolean {
  return REFERENCE_FLAGS.some(([, key]) => (options[key]?.length ?? 0) > 0) || options.createdSince !== undefined || options.updatedSince !== undefined;
}

const refOf = (field: string): ReferenceField => REFERENCE_FIELDS.find((r) => r.idField === field)!;

/** A job function (or employer type) named without one industry: every industry's items of that name. */
async function idsAcrossIndustries(api: ApiClient, ref: ReferenceField, value: string): Promise<number[]> {
  const industries = await allItems<Named>(api, INDUSTRY_LOOKUP.path, {}, namedShape);
  const names: string[] = [];
  const ids: number[] = [];
  for (const industry of industries) {
    const items = await allItems<Named>(api, ref.path, { [INDUSTRY_QUERY]: industry.id }, namedShape);
    for (const item of items) {
      names.push(item.name);
      if (normalizeName(item.name) === normalizeName(value)) ids.push(item.id);
    }
  }
  if (ids.length === 0) throw new UsageError(noSuchName(ref.what, value, [...new Set(names)]), [], `give an id or the exact name; \`recruit lookup ${ref.kind} --industry <id>\` lists them`);
  return ids;
}

/** The ids one flag's values stand for. A job function's name in every industry when --industry is not one. */
async function idsOf(api: ApiClient, field: string, values: readonly string[], industry: IndustryScope | undefined): Promise<Set<number>> {
  const ref = refOf(field);
  const ids = new Set<number>();
  for (const value of values) {
    if (isId(value)) ids.add(Number(value));
    else if (ref.byIndustry && !industry) for (const id of await idsAcrossIndustries(api, ref, value)) ids.add(id);
    else ids.add((await resolveReference(api, ref, value, ref.byIndustry ? industry : undefined)).id);
  }
  return ids;
}

/**
 * The filter of the options, every name resolved and every date checked: an unknown name or a bad
 * date is a usage error before the first page is read. `now` is the context's clock.
 */
export async function jobFilter(api: ApiClient, options: FilterOptions, now: number): Promise<JobFilter> {
  const createdSince = options.createdSince === undefined ? undefined : parseSince('--created-since', options.createdSince, now);
  const updatedSince = options.updatedSince === undefined ? undefined : parseSince('--updated-since', options.updatedSince, now);
  // Names of job functions are looked for in the one industry given, else in every industry.
  const industries = options.industry ?? [];
  const industry =
    industries.length === 1 ? (isId(industries[0]!) ? { id: Number(industries[0]) } : await resolveReference(api, INDUSTRY_LOOKUP, industries[0]!)) : undefined;
  const wanted: Array<[field: string, ids: Set<number>]> = [];
  for (const [, key, field] of REFERENCE_FLAGS) {
    const values = options[key] ?? [];
    if (values.length > 0) wanted.push([field, await idsOf(api, field, values, industry)]);
  }
  return (job) =>
    wanted.every(([field, ids]) => typeof job[field] === 'number' && ids.has(job[field])) &&
    (createdSince === undefined || isSince(job, 'createdAt', createdSince)) &&
    (updatedSince === undefined || isSince(job, 'updatedAt', updatedSince));
}
