// The job operations of the API, each answer checked for the shape the CLI reads (shapes.ts).
import type { ApiClient, ApiResponse } from './client.js';
import { ApiError } from './errors.js';
import { checked, createdJobShape, jobShape } from './shapes.js';
import type { Job } from './types.js';

export interface Created {
  job: Job;
  /** The service answered with the recorded answer of an earlier request with this key. */
  replayed: boolean;
  attempts: number;
}

export function getJob(api: ApiClient, id: number): Promise<Job> {
  return api.get<Job>(`/jobs/${id}`, undefined, jobShape);
}

/**
 * POST /jobs. Only a 201 Created (first time or replayed) with a job id counts: any other 2xx is
 * an answer whose outcome cannot be known, so the caller keeps the key and sends it again.
 */
export async function createJob(api: ApiClient, body: unknown, idempotencyKey: string): Promise<Created> {
  const res = await api.request('POST', '/jobs', { body, idempotencyKey });
  if (res.status !== 201) {
    const why = `${res.status} answer is not 201 Created; whether the job was created is not known`;
    throw new ApiError('bad_answer', why, res.status, [], { method: res.method, path: res.path, attempts: res.attempts }, undefined, res.text);
  }
  return { job: checked<Job>(res, createdJobShape), replayed: res.replayed, attempts: res.attempts };
}

export async function updateJob(api: ApiClient, id: number, patch: Record<string, unknown>, idempotencyKey: string): Promise<ApiResponse<Job>> {
  const res = await api.request<Job>('PATCH', `/jobs/${id}`, { body: patch, idempotencyKey });
  checked(res, jobShape);
  return res;
}

export interface Changed {
  job: Job;
  /** The service answered with the recorded answer of an earlier request with this key. */
  replayed: boolean;
}

function named(code: unknown, label: unknown): string {
  return typeof label === 'string' && label !== '' ? `${String(code)} (${label})` : String(code);
}

/**
 * PATCH /jobs/{id}/status. The job answered must have the status asked for: the service sets the
 * requested code or refuses. Another status is an answer that contradicts the request, whose
 * outcome cannot be known (the caller keeps the key).
 */
export async function changeJobStatus(api: ApiClient, id: number, status: number, idempotencyKey: string, label?: string): Promise<Changed> {
  const res = await api.request('PATCH', `/jobs/${id}/status`, { body: { status }, idempotencyKey });
  const job = checked<Job>(res, jobShape);
  if (job.status !== status) {
    const why = `asked for status ${named(status, label)}, the answer says status ${named(job.status, job.statusLabel)}${res.replayed ? ' (a replayed answer)' : ''}`;
    throw new ApiError('contradicting_answer', why, res.status, [], { method: res.method, path: res.path, attempts: res.attempts }, undefined, res.text);
  }
  return { job, replayed: res.replayed };
}

export async function setJobStatus(api: ApiClient, id: number, status: number, idempotencyKey: string, label?: string): Promise<Job> {
  return (await changeJobStatus(api, id, status, idempotencyKey, label)).job;
}
