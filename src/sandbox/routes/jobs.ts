// Job endpoints: create, list, get, update, change status.
import { HttpError, badParameter } from '../http-error.js';
import { toResource, type Job } from '../job.js';
import { changeStatus, createJob, updateJob } from '../job-workflow.js';
import { requireObject } from '../job-validation.js';
import { paginate } from '../pagination.js';
import { isCanonicalId, ok, type Route, type RouteRequest } from '../route.js';

function findJob(req: RouteRequest): Job {
  const raw = req.params.jobId ?? '';
  const id = isCanonicalId(raw) ? Number(raw) : NaN;
  const job = Number.isSafeInteger(id) ? req.store.findJob(req.account.id, id) : undefined;
  if (!job) throw new HttpError(404, 'not_found', `No job with id ${raw}`);
  return job;
}

/** `status` accepts one code or several, comma separated; `search` matches title and job code. */
function listJobs(req: RouteRequest) {
  const statusParam = req.query.get('status');
  let statuses: Set<number> | undefined;
  if (statusParam) {
    const codes = statusParam.split(',').map((s) => s.trim());
    if (codes.some((c) => !/^-?\d+$/.test(c))) throw badParameter('status', 'invalid', 'must be status codes, comma separated');
    statuses = new Set(codes.map(Number));
  }
  const term = req.query.get('search')?.trim().toLowerCase();
  const jobs: Job[] = [];
  for (const job of req.store.jobs.values()) {
    if (job.account !== req.account.id) continue;
    if (statuses && !statuses.has(job.status)) continue;
    if (term && !job.title.toLowerCase().includes(term) && !job.jobCode.toLowerCase().includes(term)) continue;
    jobs.push(job);
  }
  jobs.sort((a, b) => b.id - a.id);
  const page = paginate(jobs, req.query);
  return ok({ ...page, data: page.data.map(toResource) });
}

export const jobRoutes: Route[] = [
  {
    method: 'POST',
    path: '/jobs',
    permission: 'jobs.write',
    idempotent: true,
    handle: (req) => {
      const job = createJob(req.store, req.account, requireObject(req.body));
      return ok(toResource(job), 201, { location: `/v1/jobs/${job.id}` });
    },
  },
  { method: 'GET', path: '/jobs', permission: 'jobs.read', handle: listJobs },
  { method: 'GET', path: '/jobs/{jobId}', permission: 'jobs.read', handle: (req) => ok(toResource(findJob(req))) },
  {
    method: 'PATCH',
    path: '/jobs/{jobId}',
    permission: 'jobs.write',
    idempotent: true,
    handle: (req) => ok(toResource(updateJob(req.store, req.account, findJob(req), requireObject(req.body)))),
  },
  {
    method: 'PATCH',
    path: '/jobs/{jobId}/status',
    permission: 'jobs.status.write',
    idempotent: true,
    handle: (req) => ok(toResource(changeStatus(req.store, req.account, findJob(req), requireObject(req.body)))),
  },
];
