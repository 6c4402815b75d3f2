// Admin routes under /_sandbox/: what happens outside the API in a real account (approval), and
// test controls (reset, faults). Never under /v1, and without authentication: the sandbox binds to
// loopback by default.
import { ACCOUNTS, TOKENS } from '../accounts.js';
import type { Faults} from '../faults.js';
import { FaultSpecError, FAULT_KINDS, type FaultKind } from '../faults.js';
import { HttpError } from '../http-error.js';
import { toResource } from '../job.js';
import { approveJob, rejectJob } from '../job-workflow.js';
import { RateLimitSpecError, type RateLimiter } from '../rate-limit.js';
import { isCanonicalId } from '../route.js';
import type { SandboxStore } from '../store.js';

export interface AdminRoute {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  handle(input: { params: Record<string, string>; body: unknown; store: SandboxStore; faults: Faults; limiter: RateLimiter }): {
    status: number;
    body: unknown;
  };
}

function job(store: SandboxStore, raw: string) {
  const found = isCanonicalId(raw) ? store.jobs.get(Number(raw)) : undefined;
  if (!found) throw new HttpError(404, 'not_found', `No job with id ${raw}`);
  return found;
}

export const adminRoutes: AdminRoute[] = [
  { method: 'GET', path: '/health', handle: () => ({ status: 200, body: { ok: true } }) },
  {
    method: 'GET',
    path: '/tokens',
    handle: () => ({
      status: 200,
      body: TOKENS.map(({ token, account, permissions }) => ({ token, account, permissions })),
    }),
  },
  {
    method: 'POST',
    path: '/jobs/{jobId}/approve',
    handle: ({ params, store }) => {
      const found = job(store, params.jobId!);
      return { status: 200, body: toResource(approveJob(store, ACCOUNTS[found.account], found)) };
    },
  },
  {
    method: 'POST',
    path: '/jobs/{jobId}/reject',
    handle: ({ params, store }) => ({ status: 200, body: toResource(rejectJob(store, job(store, params.jobId!))) }),
  },
  {
    method: 'POST',
    path: '/reset',
    handle: ({ store, faults, limiter }) => {
      store.reset();
      faults.configure('');
      limiter.reset();
      return { status: 200, body: { reset: true, jobs: store.jobs.size } };
    },
  },
  { method: 'GET', path: '/faults', handle: ({ faults }) => ({ status: 200, body: faults.describe() }) },
  {
    method: 'PUT',
    path: '/faults',
    handle: ({ body, faults }) => {
      const { spec = '', queue = [] } = (body ?? {}) as { spec?: unknown; queue?: unknown };
      if (typeof spec !== 'string' || !Array.isArray(queue) || queue.some((k) => !FAULT_KINDS.includes(k as FaultKind))) {
        throw new HttpError(400, 'invalid_faults', `Send {"spec": "503=0.1,...", "queue": [${FAULT_KINDS.map((k) => `"${k}"`).join(', ')}]}`);
      }
      try {
        faults.configure(spec, queue as FaultKind[]);
      } catch (error) {
        if (error instanceof FaultSpecError) throw new HttpError(400, 'invalid_faults', error.message);
        throw error;
      }
      return { status: 200, body: faults.describe() };
    },
  },
  { method: 'GET', path: '/rate-limit', handle: ({ limiter }) => ({ status: 200, body: limiter.describe() }) },
  {
    method: 'PUT',
    path: '/rate-limit',
    handle: ({ body, limiter }) => {
      const { limit } = (body ?? {}) as { limit?: unknown };
      if (typeof limit !== 'string') throw new HttpError(400, 'invalid_rate_limit', 'Send {"limit": "50/s"}, {"limit": "120/min"} or {"limit": "off"}');
      try {
        limiter.configure(limit);
      } catch (error) {
        if (error instanceof RateLimitSpecError) throw new HttpError(400, 'invalid_rate_limit', error.message);
        throw error;
      }
      return { status: 200, body: limiter.describe() };
    },
  },
];
