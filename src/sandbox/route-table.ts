// Where a request goes: the API under /v1, the admin routes under /_sandbox/. An unknown path is a
// 404 and a known path with another method a 405 with Allow, for requests Node parses and for the
// methods its parser refuses alike. HEAD is served by every GET route.
import { HttpError } from './http-error.js';
import type { Route } from './route.js';
import { Router, type Match } from './router.js';
import { adminRoutes, type AdminRoute } from './routes/admin.js';
import { jobRoutes } from './routes/jobs.js';
import { lookupRoutes } from './routes/lookups.js';

export const API_PREFIX = '/v1';
export const ADMIN_PREFIX = '/_sandbox';

const apiRouter = new Router<Route>([...lookupRoutes, ...jobRoutes]);
const adminRouter = new Router<AdminRoute>(adminRoutes);

export type Found =
  | { kind: 'api'; path: string; match: Match<Route> }
  | { kind: 'admin'; path: string; match: Match<AdminRoute> };

/** The route for `method pathname`, admin or API; throws the 404 or 405 otherwise. */
export function findRoute(method: string, pathname: string): Found {
  if (isApiPath(pathname)) return findApiRoute(method, pathname);
  return findAdminRoute(method, pathname);
}

/** Whether the request is one for the API (authenticated, subject to faults), found or not. */
export function isApiPath(pathname: string): boolean {
  return pathname.startsWith(`${API_PREFIX}/`);
}

/** An admin route under /_sandbox/; any other path outside /v1 is a 404. */
export function findAdminRoute(method: string, pathname: string): Extract<Found, { kind: 'admin' }> {
  if (pathname.startsWith(`${ADMIN_PREFIX}/`)) {
    const path = pathname.slice(ADMIN_PREFIX.length);
    const match = adminRouter.match(method, path);
    if (!match) throw new HttpError(404, 'not_found', `No sandbox admin route ${pathname}`);
    if ('allowed' in match) throw notAllowed(`Use ${match.allowed.join(' or ')} on ${pathname}`, match.allowed);
    return { kind: 'admin', path, match };
  }
  throw new HttpError(404, 'not_found', `No route ${pathname}; the API lives under ${API_PREFIX}/`);
}

/** An API route under /v1/. */
export function findApiRoute(method: string, pathname: string): Extract<Found, { kind: 'api' }> {
  const path = pathname.slice(API_PREFIX.length);
  const match = apiRouter.match(method, path);
  if (!match) throw new HttpError(404, 'not_found', `No route ${method} ${pathname}`);
  if ('allowed' in match) throw notAllowed(`${method} is not allowed on ${pathname}`, match.allowed);
  return { kind: 'api', path, match };
}

function notAllowed(message: string, allowed: string[]): HttpError {
  return new HttpError(405, 'method_not_allowed', message, [], { allow: allowed.join(', ') });
}

/** A request target as a URL; a target that is not a URL (`http://[`) is a 400, not a crash. */
export function parseTarget(target: string): URL {
  try {
    return new URL(target, 'http://sandbox');
  } catch {
    throw new HttpError(400, 'bad_request', 'The request target is not a valid URL');
  }
}
