// PATCH /jobs/{jobId}/status over real HTTP: settable codes, approval and capacity checks, and what
// a status change leaves alone (docs/api-rules.md, "States and transitions", "Limits").
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import type { FieldProblem } from '../../src/sandbox/http-error.js';
import type { JobResource } from '../../src/sandbox/job.js';
import type { Page } from '../../src/sandbox/pagination.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const DIRECT = 'sbx_direct_full';
const APPROVAL = 'sbx_approval_full';

interface ErrorBody {
  error: { code: string; message: string; details?: FieldProblem[] };
}

/** Every read of the clock moves it one second on, so any stored change shows in updatedAt. */
let clock = Date.parse('2026-03-02T08:00:00.000Z');
const tick = () => (clock += 1000);

async function createJob(sandbox: RunningSandbox, overrides: Record<string, unknown> = {}, token = DIRECT) {
  const res = await call<JobResource>(sandbox, 'POST', '/v1/jobs', { token, body: validJob(overrides) });
  expect(res.status).toBe(201);
  return res.body;
}

function setStatus<T = JobResource>(sandbox: RunningSandbox, id: number, body: unknown, token = DIRECT) {
  return call<T>(sandbox, 'PATCH', `/v1/jobs/${id}/status`, { token, body });
}

async function getJob(sandbox: RunningSandbox, id: number, token = DIRECT): Promise<JobResource> {
  const res = await call<JobResource>(sandbox, 'GET', `/v1/jobs/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

function admin(sandbox: RunningSandbox, action: 'approve' | 'reject', id: number) {
  return call<JobResource>(sandbox, 'POST', `/_sandbox/jobs/${id}/${action}`, { token: null });
}

describe('PATCH /jobs/{jobId}/status', () => {
  const sandbox = useSandbox({ now: tick });

  it.each([
    [1, 'Closed'],
    [2, 'New'],
    [4, 'Rejected'],
    [5, 'In Progress'],
  ])('sets status %d (%s)', async (status, label) => {
    const job = await createJob(sandbox.current);
    // Start elsewhere so that every code is a real change.
    if (status === 5) expect((await setStatus(sandbox.current, job.id, { status: 2 })).status).toBe(200);
    const res = await setStatus(sandbox.current, job.id, { status });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: job.id, status, statusLabel: label });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(job.updatedAt));
    expect((await getJob(sandbox.current, job.id)).status).toBe(status);
  });

  it('walks one job through every settable code in turn', async () => {
    const job = await createJob(sandbox.current);
    for (const status of [1, 2, 4, 5, 2, 1]) {
      const res = await setStatus(sandbox.current, job.id, { status });
      expect(res.status, `to ${status}`).toBe(200);
      expect(res.body.status).toBe(status);
    }
  });

  it.each([
    ['3 (set only by the approval workflow)', { status: 3 }],
    ['0', { status: 0 }],
    ['6', { status: 6 }],
    ['-1', { status: -1 }],
    ['the string "5"', { status: '5' }],
    ['5.5', { status: 5.5 }],
    ['null', { status: null }],
    ['a missing status', {}],
    ['a misspelt field', { statusCode: 2 }],
  ])('refuses %s with 400 naming status and leaves the job unchanged', async (_what, body) => {
    const job = await createJob(sandbox.current);
    const res = await setStatus<ErrorBody>(sandbox.current, job.id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details?.map((d) => d.field)).toEqual(['status']);
    expect(await getJob(sandbox.current, job.id)).toEqual(job);
  });

  it('refuses a body that is not a JSON object', async () => {
    const job = await createJob(sandbox.current);
    expect((await setStatus(sandbox.current, job.id, 5)).status).toBe(400);
  });

  it('answers 200 and changes nothing when the job already has the status', async () => {
    const job = await createJob(sandbox.current);
    const res = await setStatus(sandbox.current, job.id, { status: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(job);
    expect(await getJob(sandbox.current, job.id)).toEqual(job);
  });

  it('answers 404 for an unknown job and for a job of another account', async () => {
    expect((await setStatus(sandbox.current, 999_999, { status: 2 })).status).toBe(404);
    const theirs = await createJob(sandbox.current, {}, APPROVAL);
    expect((await setStatus(sandbox.current, theirs.id, { status: 2 })).status).toBe(404);
    expect((await getJob(sandbox.current, theirs.id, APPROVAL)).status).toBe(3);
  });

  it('leaves both publication channels as they are: a published job moved to New stays published', async () => {
    const job = await createJob(sandbox.current, { publishToCareerPage: true, publishToFreeJobBoards: true });
    for (const status of [2, 1, 4, 5]) {
      const res = await setStatus(sandbox.current, job.id, { status });
      expect(res.status).toBe(200);
      expect(res.body, `after ${status}`).toMatchObject({ status, publishToCareerPage: true, publishToFreeJobBoards: true });
    }
  });

  it('leaves unpublished channels off when a job is moved back to In Progress', async () => {
    const job = await createJob(sandbox.current);
    await setStatus(sandbox.current, job.id, { status: 2 });
    const res = await setStatus(sandbox.current, job.id, { status: 5 });
    expect(res.body).toMatchObject({ publishToCareerPage: false, publishToFreeJobBoards: false });
  });

  describe('and the approval status', () => {
    it.each([1, 2, 4])('keeps a pending approval pending when status %d is set', async (status) => {
      const job = await createJob(sandbox.current, {}, APPROVAL);
      const res = await setStatus(sandbox.current, job.id, { status }, APPROVAL);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status, approvalStatus: 0, approvalStatusLabel: 'Pending' });
    });

    it('keeps an approval Approved when the job is closed and reopened', async () => {
      const job = await createJob(sandbox.current, {}, APPROVAL);
      expect((await admin(sandbox.current, 'approve', job.id)).status).toBe(200);
      for (const status of [1, 5]) {
        const res = await setStatus(sandbox.current, job.id, { status }, APPROVAL);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ status, approvalStatus: 1, approvalStatusLabel: 'Approved' });
      }
    });

    it('keeps a rejected approval rejected when status 2 is set', async () => {
      const job = await createJob(sandbox.current, {}, APPROVAL);
      expect((await admin(sandbox.current, 'reject', job.id)).status).toBe(200);
      const res = await setStatus(sandbox.current, job.id, { status: 2 }, APPROVAL);
      expect(res.body).toMatchObject({ status: 2, approvalStatus: -1 });
    });

    it('keeps the direct account approval null (Unknown)', async () => {
      const job = await createJob(sandbox.current);
      const res = await setStatus(sandbox.current, job.id, { status: 1 });
      expect(res.body).toMatchObject({ approvalStatus: null, approvalStatusLabel: 'Unknown' });
    });

    it('refuses activating (5) a job whose approval is pending, with 409, and leaves it pending', async () => {
      const job = await createJob(sandbox.current, {}, APPROVAL);
      const res = await setStatus<ErrorBody>(sandbox.current, job.id, { status: 5 }, APPROVAL);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('approval_required');
      expect(await getJob(sandbox.current, job.id, APPROVAL)).toEqual(job);
    });

    it('refuses activating a pending job that was first moved to New', async () => {
      const job = await createJob(sandbox.current, {}, APPROVAL);
      await setStatus(sandbox.current, job.id, { status: 2 }, APPROVAL);
      const res = await setStatus<ErrorBody>(sandbox.current, job.id, { status: 5 }, APPROVAL);
      expect(res.status).toBe(409);
      expect((await getJob(sandbox.current, job.id, APPROVAL)).status).toBe(2);
    });

    it('refuses activating (5) a job whose approval was rejected, with 409', async () => {
      const job = await createJob(sandbox.current, {}, APPROVAL);
      const rejected = await admin(sandbox.current, 'reject', job.id);
      expect(rejected.body).toMatchObject({ status: 4, approvalStatus: -1 });
      const res = await setStatus<ErrorBody>(sandbox.current, job.id, { status: 5 }, APPROVAL);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('approval_required');
      expect(await getJob(sandbox.current, job.id, APPROVAL)).toEqual(rejected.body);
    });
  });
});

describe('PATCH /jobs/{jobId}/status and the active-job limit', () => {
  const sandbox = useSandbox({ activeJobLimit: 12, now: tick });

  async function activeCount(): Promise<number> {
    const res = await call<Page<JobResource>>(sandbox.current, 'GET', '/v1/jobs?status=5&pageSize=1');
    return res.body.meta.pagination.totalItems;
  }

  /** Creates direct jobs until the limit answers 409. */
  async function fill(): Promise<void> {
    for (let i = 0; i < 100; i++) {
      const res = await call<ErrorBody>(sandbox.current, 'POST', '/v1/jobs', { body: validJob() });
      if (res.status === 409) return;
      expect(res.status).toBe(201);
    }
    throw new Error('the active-job limit was never reached');
  }

  it('refuses moving a job to In Progress at the limit with 409 and leaves it unchanged', async () => {
    const job = await createJob(sandbox.current);
    const parked = (await setStatus(sandbox.current, job.id, { status: 2 })).body;
    await fill();
    expect(await activeCount()).toBe(12);

    const res = await setStatus<ErrorBody>(sandbox.current, job.id, { status: 5 });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('active_job_limit_reached');
    expect(await getJob(sandbox.current, job.id)).toEqual(parked);
    expect(await activeCount()).toBe(12);
  });

  it('still answers 200 for setting 5 on a job that is already In Progress at the limit', async () => {
    const list = await call<Page<JobResource>>(sandbox.current, 'GET', '/v1/jobs?status=5&pageSize=1');
    const active = list.body.data[0]!;
    const res = await setStatus(sandbox.current, active.id, { status: 5 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(active);
  });

  it('allows moving jobs out of In Progress at the limit, which frees a slot', async () => {
    const list = await call<Page<JobResource>>(sandbox.current, 'GET', '/v1/jobs?status=5&pageSize=1');
    const active = list.body.data[0]!;
    expect((await setStatus(sandbox.current, active.id, { status: 1 })).status).toBe(200);
    expect(await activeCount()).toBe(11);
    const parked = await call<Page<JobResource>>(sandbox.current, 'GET', '/v1/jobs?status=2&pageSize=1');
    const res = await setStatus(sandbox.current, parked.body.data[0]!.id, { status: 5 });
    expect(res.status).toBe(200);
    expect(await activeCount()).toBe(12);
  });
});
