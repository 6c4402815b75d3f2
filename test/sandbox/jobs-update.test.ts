// PATCH /jobs/{jobId} over real HTTP: field changes, validation, ownership, and the publication
// rules on update (docs/api-rules.md, "Publication rules": the update column and rules 1-5).
import { describe, expect, it } from 'vitest';
import type { FieldProblem } from '../../src/sandbox/http-error.js';
import type { JobResource } from '../../src/sandbox/job.js';
import { call, useSandbox, validJob, words, type ApiResponse } from '../helpers/sandbox.js';

const DIRECT = 'sbx_direct_full';
const APPROVAL = 'sbx_approval_full';
const STAFFING = 'sbx_staffing_full';

interface ErrorBody {
  error: { code: string; message: string; details?: FieldProblem[] };
}

/** Every read of the clock moves it one second on, so any stored change shows in updatedAt. */
let clock = Date.parse('2026-03-02T08:00:00.000Z');
const sandbox = useSandbox({ now: () => (clock += 1000) });

async function createJob(overrides: Record<string, unknown> = {}, token = DIRECT): Promise<JobResource> {
  const res = await call<JobResource>(sandbox.current, 'POST', '/v1/jobs', { token, body: validJob(overrides) });
  expect(res.status).toBe(201);
  return res.body;
}

function patchJob<T = JobResource>(id: number | string, body: unknown, token = DIRECT): Promise<ApiResponse<T>> {
  return call<T>(sandbox.current, 'PATCH', `/v1/jobs/${id}`, { token, body });
}

async function getJob(id: number, token = DIRECT): Promise<JobResource> {
  const res = await call<JobResource>(sandbox.current, 'GET', `/v1/jobs/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body;
}

async function setStatus(id: number, status: number): Promise<void> {
  const res = await call(sandbox.current, 'PATCH', `/v1/jobs/${id}/status`, { body: { status } });
  expect(res.status).toBe(200);
}

function badFields(res: ApiResponse<ErrorBody>): string[] {
  expect(res.status).toBe(400);
  return (res.body.error.details ?? []).map((d) => d.field);
}

function flags(job: JobResource): { publishToCareerPage: boolean; publishToFreeJobBoards: boolean } {
  return { publishToCareerPage: job.publishToCareerPage, publishToFreeJobBoards: job.publishToFreeJobBoards };
}

/** An active (In Progress) direct job taken off the active list, with the given publication. */
async function inactiveJob(publication: Record<string, boolean> = {}): Promise<JobResource> {
  const job = await createJob(publication);
  await setStatus(job.id, 2);
  return getJob(job.id);
}

describe('PATCH /jobs/{jobId}: changing fields', () => {
  it('changes the given fields, keeps the others and moves updatedAt', async () => {
    const job = await createJob({ skills: ['Go'] });
    const res = await patchJob(job.id, {
      title: 'Staff Platform Engineer',
      location: 'Berlin, Germany',
      salaryInterval: 'M',
      salaryMin: 5000,
      salaryMax: 6000,
      currency: 'EUR',
    });

    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: job.id,
      title: 'Staff Platform Engineer',
      location: 'Berlin, Germany',
      salaryInterval: 'M',
      salaryMin: 5000,
      salaryMax: 6000,
      currency: 'EUR',
      description: job.description,
      skills: ['Go'],
      jobCode: job.jobCode,
      status: 5,
      createdAt: job.createdAt,
    });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThan(Date.parse(job.updatedAt));
    expect(await getJob(job.id)).toEqual(res.body);
  });

  it('changes the job function and employer type together within another industry', async () => {
    const job = await createJob();
    // Healthcare (industry 2): function 115 "Nursing", employer type 506 "Hospital".
    const res = await patchJob(job.id, { jobFunctionId: 115, employerTypeId: 506 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ jobFunctionId: 115, employerTypeId: 506, industryId: 2 });
  });

  it('accepts an empty body and changes no field', async () => {
    const job = await createJob();
    const res = await patchJob(job.id, {});
    expect(res.status).toBe(200);
    const { updatedAt: _before, ...rest } = job;
    expect(res.body).toMatchObject(rest);
  });

  it('clears an optional field set to null', async () => {
    const job = await createJob({ qualifications: 'A degree', experience: 4 });
    const res = await patchJob(job.id, { qualifications: null, experience: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ qualifications: null, experience: null });
  });
});

describe('PATCH /jobs/{jobId}: validation', () => {
  it('refuses invalid given fields with one 400 naming each, and changes nothing', async () => {
    const job = await createJob();
    const res = await patchJob<ErrorBody>(job.id, {
      title: 'Renamed',
      description: words(99),
      location: 'Remote',
      salaryInterval: 'Yearly',
    });
    expect(new Set(badFields(res))).toEqual(new Set(['description', 'location', 'salaryInterval']));
    expect(await getJob(job.id)).toEqual(job);
  });

  it('does not require fields the update omits', async () => {
    const job = await createJob();
    const res = await patchJob(job.id, { title: 'Only the title' });
    expect(res.status).toBe(200);
  });

  it.each(['title', 'description', 'location', 'jobFunctionId', 'employerTypeId'])(
    'refuses clearing the required field %s with null',
    async (field) => {
      const job = await createJob();
      expect(badFields(await patchJob<ErrorBody>(job.id, { [field]: null }))).toEqual([field]);
    },
  );

  it.each([
    ['status', 2],
    ['id', 1],
    ['approvalStatus', 1],
  ])('refuses the read-only field %s', async (field, value) => {
    const job = await createJob();
    expect(badFields(await patchJob<ErrorBody>(job.id, { [field]: value }))).toEqual([field]);
  });

  it('checks salaryMin against the stored salaryMax', async () => {
    const job = await createJob({ salaryMin: 50_000, salaryMax: 60_000 });
    expect(badFields(await patchJob<ErrorBody>(job.id, { salaryMin: 70_000 }))).toEqual(['salaryMin']);
    expect(badFields(await patchJob<ErrorBody>(job.id, { salaryMax: 40_000 }))).toEqual(['salaryMax']);
  });

  it('checks a new employer type against the industry of the stored job function', async () => {
    const job = await createJob();
    const res = await patchJob<ErrorBody>(job.id, { employerTypeId: 506 });
    expect(badFields(res)).toEqual(['employerTypeId']);
  });

  it('refuses a body that is not a JSON object', async () => {
    const job = await createJob();
    const res = await patchJob<ErrorBody>(job.id, ['title']);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('validation_failed');
  });

  it('refuses clearing customerId on the staffing account', async () => {
    const customers = await call<{ data: Array<{ id: number }> }>(sandbox.current, 'GET', '/v1/customers', {
      token: STAFFING,
    });
    const job = await createJob({ customerId: customers.body.data[0]!.id }, STAFFING);
    expect(badFields(await patchJob<ErrorBody>(job.id, { customerId: null }, STAFFING))).toEqual(['customerId']);
    const changed = await patchJob(job.id, { customerId: customers.body.data[1]!.id }, STAFFING);
    expect(changed.status).toBe(200);
    expect(changed.body.customerId).toBe(customers.body.data[1]!.id);
  });
});

describe('PATCH /jobs/{jobId}: which job', () => {
  it.each(['999999', 'abc', '0', '1.5'])('answers 404 for job id %s', async (id) => {
    const res = await patchJob<ErrorBody>(id, { title: 'Nobody' });
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('not_found');
  });

  it("answers 404 for another account's job and leaves it unchanged", async () => {
    const theirs = await createJob({}, APPROVAL);
    const res = await patchJob<ErrorBody>(theirs.id, { title: 'Hijacked' });
    expect(res.status).toBe(404);
    expect((await getJob(theirs.id, APPROVAL)).title).toBe(theirs.title);
  });
});

describe('PATCH /jobs/{jobId}: publication', () => {
  it('keeps the career-page setting when publishToCareerPage is omitted', async () => {
    const job = await createJob({ publishToCareerPage: true });
    const res = await patchJob(job.id, { title: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body.publishToCareerPage).toBe(true);
  });

  it('turns free boards OFF when publishToFreeJobBoards is omitted, even on a title-only change', async () => {
    const job = await createJob({ publishToFreeJobBoards: true, publishToCareerPage: true });
    const res = await patchJob(job.id, { title: 'Renamed' });
    expect(res.status).toBe(200);
    expect(flags(res.body)).toEqual({ publishToCareerPage: true, publishToFreeJobBoards: false });
    expect(flags(await getJob(job.id))).toEqual({ publishToCareerPage: true, publishToFreeJobBoards: false });
  });

  it('keeps free boards on when the update sends publishToFreeJobBoards true again', async () => {
    const job = await createJob({ publishToFreeJobBoards: true });
    const res = await patchJob(job.id, { title: 'Renamed', publishToFreeJobBoards: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Renamed', publishToFreeJobBoards: true });
  });

  it.each(['publishToCareerPage', 'publishToFreeJobBoards'] as const)('turns %s off with an explicit false', async (flag) => {
    const job = await createJob({ publishToCareerPage: true, publishToFreeJobBoards: true });
    const res = await patchJob(job.id, { publishToFreeJobBoards: true, [flag]: false });
    expect(res.status).toBe(200);
    expect(res.body[flag]).toBe(false);
  });

  it('enables both channels on an active job', async () => {
    const job = await createJob();
    const res = await patchJob(job.id, { publishToCareerPage: true, publishToFreeJobBoards: true });
    expect(res.status).toBe(200);
    expect(flags(res.body)).toEqual({ publishToCareerPage: true, publishToFreeJobBoards: true });
  });

  it.each(['publishToCareerPage', 'publishToFreeJobBoards'])(
    'refuses enabling %s on an inactive (New) job with 409 publication_not_allowed',
    async (flag) => {
      const job = await inactiveJob();
      const res = await patchJob<ErrorBody>(job.id, { [flag]: true });
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('publication_not_allowed');
      expect(await getJob(job.id)).toEqual(job);
    },
  );

  it.each([1, 4])('refuses enabling a channel on a job in status %d', async (status) => {
    const job = await createJob();
    await setStatus(job.id, status);
    const res = await patchJob<ErrorBody>(job.id, { publishToCareerPage: true });
    expect(res.status).toBe(409);
  });

  it.each(['publishToCareerPage', 'publishToFreeJobBoards'])(
    'refuses enabling %s on a pending-approval job with 409',
    async (flag) => {
      const job = await createJob({}, APPROVAL);
      const res = await patchJob<ErrorBody>(job.id, { [flag]: true }, APPROVAL);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('publication_not_allowed');
      expect(await getJob(job.id, APPROVAL)).toEqual(job);
    },
  );

  it('refuses enabling a channel on an unapproved job moved to New by the status endpoint', async () => {
    const job = await createJob({}, APPROVAL);
    const moved = await call<JobResource>(sandbox.current, 'PATCH', `/v1/jobs/${job.id}/status`, {
      token: APPROVAL,
      body: { status: 2 },
    });
    expect(moved.body).toMatchObject({ status: 2, approvalStatus: 0 });
    const res = await patchJob<ErrorBody>(job.id, { publishToCareerPage: true }, APPROVAL);
    expect(res.status).toBe(409);
  });

  it('enables a channel once the approval-account job is approved (and so active)', async () => {
    const job = await createJob({}, APPROVAL);
    const approved = await call(sandbox.current, 'POST', `/_sandbox/jobs/${job.id}/approve`, { token: null });
    expect(approved.status).toBe(200);
    const res = await patchJob(job.id, { publishToCareerPage: true }, APPROVAL);
    expect(res.status).toBe(200);
    expect(res.body.publishToCareerPage).toBe(true);
  });

  it('allows other changes to a pending-approval job when no channel is enabled', async () => {
    const job = await createJob({}, APPROVAL);
    const res = await patchJob(job.id, { title: 'Renamed while pending', publishToCareerPage: false }, APPROVAL);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'Renamed while pending', status: 3, approvalStatus: 0 });
  });

  it('applies the job change and the publication change as one: a 409 changes no field and no flag', async () => {
    // Published while active, then taken off the active list: free boards stay on (status changes keep publication).
    const job = await inactiveJob({ publishToFreeJobBoards: true });
    expect(job.publishToFreeJobBoards).toBe(true);

    const res = await patchJob<ErrorBody>(job.id, { title: 'Should not stick', publishToCareerPage: true });
    expect(res.status).toBe(409);
    const after = await getJob(job.id);
    expect(after).toEqual(job);
    expect(after.title).not.toBe('Should not stick');
    // The omitted free-board flag did not turn free boards off either.
    expect(after.publishToFreeJobBoards).toBe(true);
  });

  it('allows turning channels off on an inactive job', async () => {
    const job = await inactiveJob({ publishToCareerPage: true, publishToFreeJobBoards: true });
    const res = await patchJob(job.id, { publishToCareerPage: false });
    expect(res.status).toBe(200);
    expect(flags(res.body)).toEqual({ publishToCareerPage: false, publishToFreeJobBoards: false });
  });

  it('refuses a non-boolean publication flag with 400', async () => {
    const job = await createJob();
    expect(badFields(await patchJob<ErrorBody>(job.id, { publishToFreeJobBoards: 'true' }))).toEqual([
      'publishToFreeJobBoards',
    ]);
  });
});
