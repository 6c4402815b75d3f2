// GET lookup endpoints (organization.read), one per kind of the lookup-kind registry
// (src/domain/lookup-kinds.ts), served from the sandbox's data (lookup-data.ts).
import { LOOKUP_TABLE, INDUSTRY_QUERY, type LookupKindSpec } from '../../domain/lookup-kinds.js';
import { HttpError, badParameter } from '../http-error.js';
import { JOB_OPTIONS, lookupItems, type LookupItem } from '../lookup-data.js';
import { paginate, searchByName } from '../pagination.js';
import { ok, type Route, type RouteRequest } from '../route.js';

/** `industry_id` is required; an unknown industry is a 400 that says so (docs/decisions.md). */
function industryFilter(req: RouteRequest): number {
  const raw = req.query.get(INDUSTRY_QUERY);
  if (raw === null || raw === '') {
    throw new HttpError(400, 'invalid_parameter', `${INDUSTRY_QUERY} is required (see GET /industries)`, [
      { field: INDUSTRY_QUERY, code: 'required', message: 'is required' },
    ]);
  }
  if (!/^\d+$/.test(raw)) throw badParameter(INDUSTRY_QUERY, 'not_positive_integer', 'must be a positive integer');
  const id = Number(raw);
  if (!(lookupItems('industries', req.account) ?? []).some((i) => i.id === id)) throw badParameter(INDUSTRY_QUERY, 'unknown', `no industry has id ${id}`);
  return id;
}

function items(spec: LookupKindSpec, req: RouteRequest): readonly LookupItem[] {
  const all = lookupItems(spec.kind, req.account);
  if (!all) throw new Error(`The sandbox has no data for the lookup kind ${spec.kind} (src/sandbox/lookup-data.ts)`);
  if (!spec.byIndustry) return all;
  const industryId = industryFilter(req);
  return all.filter((i) => i.industryId === industryId).map(({ id, name }) => ({ id, name }));
}

function listRoute(spec: LookupKindSpec): Route {
  return {
    method: 'GET',
    path: spec.path,
    permission: 'organization.read',
    handle: (req) => ok(paginate(searchByName(items(spec, req), req.query), req.query)),
  };
}

/** The lookup routes of `table` (the registry's, unless a test gives another). */
export function lookupRoutesOf(table: readonly LookupKindSpec[]): Route[] {
  return table.map((spec) =>
    spec.noun === undefined ? { method: 'GET', path: spec.path, permission: 'organization.read', handle: () => ok(JOB_OPTIONS) } : listRoute(spec),
  );
}

export const lookupRoutes: Route[] = lookupRoutesOf(LOOKUP_TABLE);
