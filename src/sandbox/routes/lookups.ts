// GET lookup endpoints (organization.read).
import { HttpError, badParameter } from '../http-error.js';
import { paginate, searchByName } from '../pagination.js';
import { ok, type Route, type RouteRequest } from '../route.js';
import { STATUSES } from '../job-status.js';
import {
  EDUCATION_LEVELS,
  employerTypes,
  industries,
  JOB_TYPES,
  jobFunctions,
  SALARY_INTERVAL_OPTIONS,
  type IndustryChild,
  type Named,
} from '../seed-lookups.js';

const industryIds = new Set(industries.map((i) => i.id));

/** `industry_id` is required; an unknown industry is a 400 that says so (docs/decisions.md). */
function industryFilter(req: RouteRequest): number {
  const raw = req.query.get('industry_id');
  if (raw === null || raw === '') {
    throw new HttpError(400, 'invalid_parameter', 'industry_id is required (see GET /industries)', [
      { field: 'industry_id', code: 'required', message: 'is required' },
    ]);
  }
  if (!/^\d+$/.test(raw)) throw badParameter('industry_id', 'not_positive_integer', 'must be a positive integer');
  const id = Number(raw);
  if (!industryIds.has(id)) throw badParameter('industry_id', 'unknown', `no industry has id ${id}`);
  return id;
}

function byIndustry(items: IndustryChild[]) {
  return (req: RouteRequest) => {
    const industryId = industryFilter(req);
    const list: Named[] = items.filter((i) => i.industryId === industryId).map(({ id, name }) => ({ id, name }));
    return ok(paginate(searchByName(list, req.query), req.query));
  };
}

function list<T extends { name: string }>(pick: (req: RouteRequest) => readonly T[]) {
  return (req: RouteRequest) => ok(paginate(searchByName(pick(req), req.query), req.query));
}

const JOB_OPTIONS = {
  initialStatus: 'account_workflow',
  statuses: STATUSES,
  jobTypes: JOB_TYPES,
  educationLevels: EDUCATION_LEVELS,
  salaryIntervals: SALARY_INTERVAL_OPTIONS,
};

export const lookupRoutes: Route[] = [
  { method: 'GET', path: '/job-options', permission: 'organization.read', handle: () => ok(JOB_OPTIONS) },
  { method: 'GET', path: '/industries', permission: 'organization.read', handle: list(() => industries) },
  { method: 'GET', path: '/job-functions', permission: 'organization.read', handle: byIndustry(jobFunctions) },
  { method: 'GET', path: '/employer-types', permission: 'organization.read', handle: byIndustry(employerTypes) },
  { method: 'GET', path: '/customers', permission: 'organization.read', handle: list((r) => r.account.lookups.customers) },
  { method: 'GET', path: '/departments', permission: 'organization.read', handle: list((r) => r.account.lookups.departments) },
  {
    method: 'GET',
    path: '/hiring-managers',
    permission: 'organization.read',
    handle: list((r) => r.account.lookups.hiringManagers),
  },
  { method: 'GET', path: '/users', permission: 'organization.read', handle: list((r) => r.account.lookups.users) },
];
