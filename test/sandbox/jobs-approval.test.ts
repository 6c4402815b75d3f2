// The approval flow, which happens outside the API (docs/reference/sandbox.md): POST /_sandbox/jobs/{id}/approve and
// /reject. Approval activates the job and so enforces the active-job limit (docs/api-rules.md, "States and transitions").
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import type { FieldProblem } from '../../src/sandbox/http-error.js';
import type { JobResource } from '../../src/sandbox/job.js';
import type { Page } from '../../src/sandbox/pagination.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const APPROVAL = 'sbx_approval_full';

interface ErrorBody {
  error: { code: string; message: string; details?: FieldProblem[] };
}

async function createPending(sandbox: RunningSandbox, overrides: Record<string, unknown> = {}): Promise<JobResource> {
  const res = await call<JobResource>(sandbox, 'POST', '/v1/jobs', { token: APPROVAL, body: validJob(overrides) });
  expect(res.status).toBe(201);
  expect(res.body).toMatchObject({ status: 3, approvalStatus: 0 });
  return res.body;
}

/** The admin routes need no bearer token. */
function admin<T = JobResource>(sandbox: RunningSandbox, action: 'approve' | 'reject', id: number | string) {
  return call<T>(sandbox, 'POST', `/_sandbox/jobs/${id}/${action}`, { token: null });
}

async function getJob(sandbox: RunningSandbox, id: number, token = APPROVAL): Promise<JobResource> {
  const res = await call<JobResource>(sandbox, 'GET', `/v1/jobs/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function activeCount(sandbox: RunningSandbox): Promise<number> {
  const res = await call<Page<JobResource>>(sandbox, 'GET', '/v1/jobs?status=5&pageSize=1', { token: APPROVAL });
  return res.body.meta.pagination.totalItems;
}

describe('approving and rejecting', () => {
  const sandbox = useSandbox();

  it('approve makes the job Approved and In Progress, as GET then shows', async () => {
    const job = await createPending(sandbox.current);
    const res = await admin(sandbox.current, 'approve', job.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: job.id,
      title: job.title,
      status: 5,
      statusLabel: 'In Progress',
      approvalStatus: 1,
      approvalStatusLabel: 'Approved',
    });
    expect(await getJob(sandbox.current, job.id)).toEqual(res.body);
  });

  it('approve leaves the job unpublished', async () => {
    const job = await createPending(sandbox.current);
    const res = await admin(sandbox.current, 'approve', job.id);
    expect(res.body).toMatchObject({ publishToCareerPage: false, publishToFreeJobBoards: false });
  });

  it('approve takes an active slot', async () => {
    const before = await activeCount(sandbox.current);
    const job = await createPending(sandbox.current);
    expect(await activeCount(sandbox.current)).toBe(before);
    await admin(sandbox.current, 'approve', job.id);
    expect(await activeCount(sandbox.current)).toBe(before + 1);
  });

  it('approves a seeded pending job (its stored details pass revalidation)', async () => {
    const pending = await call<Page<JobResource>>(sandbox.current, 'GET', '/v1/jobs?status=3&pageSize=100', {
      token: APPROVAL,
    });
    const seeded = pending.body.data.reduce((a, b) => (a.id < b.id ? a : b));
    const res = await admin(sandbox.current, 'approve', seeded.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 5, approvalStatus: 1 });
  });

  it('reject makes the job Rejected with status 4 Rejected, and takes no slot', async () => {
    const before = await activeCount(sandbox.current);
    const job = await createPending(sandbox.current);
    const res = await admin(sandbox.current, 'reject', job.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: job.id,
      status: 4,
      statusLabel: 'Rejected',
      approvalStatus: -1,
      approvalStatusLabel: 'Rejected',
    });
    expect(await getJob(sandbox.current, job.id)).toEqual(res.body);
    expect(await activeCount(sandbox.current)).toBe(before);
  });

  it('approves a pending job that the status endpoint moved to New', async () => {
    const job = await createPending(sandbox.current);
    const moved = await call(sandbox.current, 'PATCH', `/v1/jobs/${job.id}/status`, {
      token: APPROVAL,
      body: { status: 2 },
    });
    expect(moved.status).toBe(200);
    const res = await admin(sandbox.current, 'approve', job.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 5, approvalStatus: 1 });
  });

  it.each([1, 4])('records the approval of a pending job closed or rejected meanwhile (status %i) without reopening it', async (status) => {
    const job = await createPending(sandbox.current);
    const moved = await call(sandbox.current, 'PATCH', `/v1/jobs/${job.id}/status`, { token: APPROVAL, body: { status } });
    expect(moved.status).toBe(200);
    const res = await admin(sandbox.current, 'approve', job.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status, approvalStatus: 1, approvalStatusLabel: 'Approved' });
  });

  describe('a job that is not pending approval', () => {
    it.each(['approve', 'reject'] as const)('%s answers 409 for an approved job and changes nothing', async (action) => {
      const job = await createPending(sandbox.current);
      const approved = (await admin(sandbox.current, 'approve', job.id)).body;
      const res = await admin<ErrorBody>(sandbox.current, action, job.id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('not_pending_approval');
      expect(await getJob(sandbox.current, job.id)).toEqual(approved);
    });

    it.each(['approve', 'reject'] as const)('%s answers 409 for a rejected job and changes nothing', async (action) => {
      const job = await createPending(sandbox.current);
      const rejected = (await admin(sandbox.current, 'reject', job.id)).body;
      const res = await admin<ErrorBody>(sandbox.current, action, job.id);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('not_pending_approval');
      expect(await getJob(sandbox.current, job.id)).toEqual(rejected);
    });

    it.each(['approve', 'reject'] as const)('%s answers 409 for a job of an account without approval', async (action) => {
      const direct = await call<JobResource>(sandbox.current, 'POST', '/v1/jobs', { body: validJob() });
      const res = await admin<ErrorBody>(sandbox.current, action, direct.body.id);
      expect(res.status).toBe(409);
      expect((await getJob(sandbox.current, direct.body.id, 'sbx_direct_full')).approvalStatus).toBeNull();
    });
  });

  it.each([
    ['approve', '999999'],
    ['reject', '999999'],
    ['approve', 'abc'],
  ] as const)('%s answers 404 for unknown job id %s', async (action, id) => {
    const res = await admin<ErrorBody>(sandbox.current, action, id);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it('is not reachable under /v1', async () => {
    const job = await createPending(sandbox.current);
    const res = await call(sandbox.current, 'POST', `/v1/jobs/${job.id}/approve`, { token: APPROVAL });
    expect(res.status).toBe(404);
    expect((await getJob(sandbox.current, job.id)).approvalStatus).toBe(0);
  });
});

describe('approving when the active-job limit is full', () => {
  const limit = 3;
  const sandbox = useSandbox({ activeJobLimit: limit });

  it('answers 409 active_job_limit_reached and leaves the job pending (status 3, approval 0)', async () => {
    const seededActive = await activeCount(sandbox.current);
    expect(seededActive).toBeLessThan(limit);
    for (let i = seededActive; i < limit; i++) {
      const filler = await createPending(sandbox.current);
      expect((await admin(sandbox.current, 'approve', filler.id)).status).toBe(200);
    }
    expect(await activeCount(sandbox.current)).toBe(limit);

    const job = await createPending(sandbox.current);
    const res = await admin<ErrorBody>(sandbox.current, 'approve', job.id);
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('active_job_limit_reached');
    const after = await getJob(sandbox.current, job.id);
    expect(after).toMatchObject({ status: 3, statusLabel: 'Pending Approval', approvalStatus: 0, approvalStatusLabel: 'Pending' });
    expect(after).toEqual(job);
    expect(await activeCount(sandbox.current)).toBe(limit);
  });

  it('still allows rejecting at the limit', async () => {
    const job = await createPending(sandbox.current);
    const res = await admin(sandbox.current, 'reject', job.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 4, approvalStatus: -1 });
  });

  it('approves the waiting job once a slot is freed', async () => {
    const active = await call<Page<JobResource>>(sandbox.current, 'GET', '/v1/jobs?status=5&pageSize=1', {
      token: APPROVAL,
    });
    const closed = await call(sandbox.current, 'PATCH', `/v1/jobs/${active.body.data[0]!.id}/status`, {
      token: APPROVAL,
      body: { status: 1 },
    });
    expect(closed.status).toBe(200);
    const waiting = await call<Page<JobResource>>(sandbox.current, 'GET', '/v1/jobs?status=3&pageSize=1', {
      token: APPROVAL,
    });
    const res = await admin(sandbox.current, 'approve', waiting.body.data[0]!.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 5, approvalStatus: 1 });
  });
});
