// What a route handler sees and returns. Handlers are synchronous: the store is in memory, so a
// request is carried out atomically between reading its body and writing its answer.
import type { Account, Permission } from './accounts.js';
import type { SandboxStore } from './store.js';

export interface RouteRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  body: unknown;
  account: Account;
  store: SandboxStore;
}

export interface RouteResponse {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH';
  /** Path under /v1 with `{name}` parameters, e.g. `/jobs/{jobId}`. */
  path: string;
  permission: Permission;
  /** Honours the Idempotency-Key header (replay, 422 on another body, 409 while in flight). */
  idempotent?: boolean;
  handle(req: RouteRequest): RouteResponse;
}

/**
 * An id in a path as the service writes it: digits without a leading zero. `/jobs/01` names no job
 * (docs/decisions.md, "Canonical paths"), so one job has one path.
 */
export function isCanonicalId(raw: string): boolean {
  return /^[1-9]\d*$/.test(raw);
}

export function ok(body: unknown, status = 200, headers?: Record<string, string>): RouteResponse {
  return headers ? { status, body, headers } : { status, body };
}
