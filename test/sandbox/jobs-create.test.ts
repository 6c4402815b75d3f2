// POST /jobs over real HTTP: the created resource, field validation (src/domain/job-fields.ts), staffing and
// approval accounts, publication at creation and the active-job limit (docs/api-rules.md, "Create-job rules").
import { describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import type { FieldProblem } from '../../src/sandbox/http-error.js';
import type { JobResource } from '../../src/sandbox/job.js';
import type { Page } from '../../src/sandbox/pagination.js';
import { call, useSandbox, validJob, words, type ApiResponse } from '../helpers/sandbox.js';

const DIRECT = 'sbx_direct_full';
const APPROVAL = 'sbx_approval_full';
const STAFFING = 'sbx_staffing_full';

interface ErrorBody {
  error: { code: string; message: string; details?: FieldProblem[] };
}

function createJob(sandbox: RunningSandbox, body: unknown, token = DIRECT): Promise<ApiResponse<JobResource>> {
  return call<JobResource>(sandbox, 'POST', '/v1/jobs', { token, body });
}

function refuse(sandbox: RunningSandbox, body: unknown, token = DIRECT): Promise<ApiResponse<ErrorBody>> {
  return call<ErrorBody>(sandbox, 'POST', '/v1/jobs', { token, body });
}

async function countJobs(sandbox: RunningSandbox, token = DIRECT, filter = ''): Promise<number> {
  const res = await call<Page<JobResource>>(sandbox, 'GET', `/v1/jobs?pageSize=1${filter}`, { token });
  expect(res.status).toBe(200);
  return res.body.meta.pagination.totalItems;
}

/** The fields a 400 names, in order. */
function badFields(res: ApiResponse<ErrorBody>): string[] {
  expect(res.status).toBe(400);
  return (res.body.error.details ?? []).map((d) => d.field);
}

function problem(res: ApiResponse<ErrorBody>, field: string): FieldProblem | undefined {
  return res.body.error.details?.find((d) => d.field === field);
}

/** Creates direct jobs until the active-job limit answers 409; returns how many were created. */
async function fillActiveSlots(sandbox: RunningSandbox): Promise<number> {
  for (let created = 0; created < 100; created++) {
    const res = await refuse(sandbox, validJob({ title: `Filler ${created}` }));
    if (res.status === 409) {
      expect(res.body.error.code).toBe('active_job_limit_reached');
      return created;
    }
    expect(res.status).toBe(201);
  }
  throw new Error('the active-job limit was never reached');
}

/** Approves approval-account jobs until the active-job limit answers 409. */
async function fillApprovalSlots(sandbox: RunningSandbox): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const job = await createJob(sandbox, validJob({ title: `Approval filler ${i}` }), APPROVAL);
    expect(job.status).toBe(201);
    const approved = await call<ErrorBody>(sandbox, 'POST', `/_sandbox/jobs/${job.body.id}/approve`, { token: null });
    if (approved.status === 409) {
      expect(approved.body.error.code).toBe('active_job_limit_reached');
      return;
    }
    expect(approved.status).toBe(200);
  }
  throw new Error('the active-job limit was never reached');
}

const JOB_RESOURCE_FIELDS = [
  'id', 'jobCode', 'title', 'status', 'statusLabel', 'approvalStatus', 'approvalStatusLabel', 'description',
  'location', 'industryId', 'jobFunctionId', 'employerTypeId', 'customerId', 'jobType', 'educationLevel',
  'salaryInterval', 'salaryMin', 'salaryMax', 'currency', 'experience', 'qualifications', 'skills',
  'optionalSkills', 'departmentId', 'hiringManagerId', 'publishToCareerPage', 'publishToFreeJobBoards',
  'createdAt', 'updatedAt',
];

describe('POST /jobs on the direct account', () => {
  // A high limit so the many creations of this block never hit it; the limit has its own sandbox.
  const sandbox = useSandbox({ activeJobLimit: 1000 });

  it('answers 201 with the full job: generated id and job code, In Progress, approval Unknown', async () => {
    const body = validJob({ title: 'Site Reliability Engineer', skills: ['Go', 'Kubernetes'], salaryInterval: 'Y' });
    const res = await createJob(sandbox.current, body);

    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual([...JOB_RESOURCE_FIELDS].sort());
    expect(Number.isInteger(res.body.id)).toBe(true);
    expect(res.body.jobCode).toMatch(/^JOB-\d{5}$/);
    expect(res.body.jobCode).toBe(`JOB-${String(res.body.id).padStart(5, '0')}`);
    expect(res.body).toMatchObject({
      title: 'Site Reliability Engineer',
      description: body.description,
      location: 'Austin, TX, USA',
      jobFunctionId: 101,
      employerTypeId: 501,
      industryId: 1,
      skills: ['Go', 'Kubernetes'],
      salaryInterval: 'Y',
      status: 5,
      statusLabel: 'In Progress',
      approvalStatus: null,
      approvalStatusLabel: 'Unknown',
      customerId: null,
    });
    expect(res.body.createdAt).toBe(res.body.updatedAt);
    expect(Number.isNaN(Date.parse(res.body.createdAt))).toBe(false);
  });

  it('points the location header at the new job, which GET returns unchanged', async () => {
    const res = await createJob(sandbox.current, validJob());
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/v1/jobs/${res.body.id}`);

    const fetched = await call<JobResource>(sandbox.current, 'GET', res.headers.location as string);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(res.body);
  });

  it('gives consecutive creations increasing ids and distinct job codes', async () => {
    const first = await createJob(sandbox.current, validJob());
    const second = await createJob(sandbox.current, validJob());
    expect(second.body.id).toBeGreaterThan(first.body.id);
    expect(second.body.jobCode).not.toBe(first.body.jobCode);
  });

  it('creates the job unpublished on both channels when no publication flag is sent', async () => {
    const res = await createJob(sandbox.current, validJob());
    expect(res.status).toBe(201);
    expect(res.body.publishToCareerPage).toBe(false);
    expect(res.body.publishToFreeJobBoards).toBe(false);
  });

  it('publishes on the career page at creation when asked (approval off, capacity free)', async () => {
    const res = await createJob(sandbox.current, validJob({ publishToCareerPage: true }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 5, publishToCareerPage: true, publishToFreeJobBoards: false });
  });

  it('publishes on the free job boards at creation when asked', async () => {
    const res = await createJob(sandbox.current, validJob({ publishToFreeJobBoards: true }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ publishToCareerPage: false, publishToFreeJobBoards: true });
  });

  it('keeps a job code given by the client', async () => {
    const res = await createJob(sandbox.current, validJob({ jobCode: 'ENG-2026.001_a' }));
    expect(res.status).toBe(201);
    expect(res.body.jobCode).toBe('ENG-2026.001_a');
  });

  it('refuses a malformed job code', async () => {
    expect(badFields(await refuse(sandbox.current, validJob({ jobCode: 'has spaces' })))).toEqual(['jobCode']);
  });

  it('keeps every optional field it is given', async () => {
    const optional = {
      industryId: 1,
      jobType: 'PT',
      educationLevel: 'MA',
      salaryInterval: 'M',
      salaryMin: 4000,
      salaryMax: 5500,
      currency: 'EUR',
      experience: 3.5,
      qualifications: 'A degree in computer science or equivalent experience',
      skills: ['TypeScript'],
      optionalSkills: ['Rust', 'Terraform'],
      departmentId: 2001,
      hiringManagerId: 3001,
    };
    const res = await createJob(sandbox.current, validJob(optional));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject(optional);
  });

  describe('required fields', () => {
    it.each(['title', 'description', 'location', 'jobFunctionId', 'employerTypeId'])(
      'refuses a body without %s with a 400 that names it',
      async (field) => {
        const body = validJob();
        delete body[field];
        const before = await countJobs(sandbox.current);
        const res = await refuse(sandbox.current, body);
        expect(res.body.error.code).toBe('validation_failed');
        expect(badFields(res)).toEqual([field]);
        expect(problem(res, field)?.code).toBe('required');
        expect(await countJobs(sandbox.current)).toBe(before);
      },
    );

    it('refuses a null required field like a missing one, naming it once', async () => {
      const res = await refuse(sandbox.current, validJob({ title: null }));
      expect(badFields(res)).toEqual(['title']);
      expect(problem(res, 'title')?.code).toBe('required');
    });

    it('refuses a blank title', async () => {
      expect(badFields(await refuse(sandbox.current, validJob({ title: '   ' })))).toEqual(['title']);
    });

    it('names every bad field in one 400', async () => {
      const res = await refuse(sandbox.current, {
        title: '',
        description: words(5),
        location: 'Remote',
        jobFunctionId: 'software',
        salaryInterval: 'Q',
        salaryMin: -1,
      });
      expect(new Set(badFields(res))).toEqual(
        new Set(['title', 'description', 'location', 'jobFunctionId', 'employerTypeId', 'salaryInterval', 'salaryMin']),
      );
      for (const field of ['title', 'description', 'location']) expect(res.body.error.message).toContain(field);
    });
  });

  describe('description', () => {
    it('refuses 99 words as too_short', async () => {
      const res = await refuse(sandbox.current, validJob({ description: words(99) }));
      expect(badFields(res)).toEqual(['description']);
      expect(problem(res, 'description')?.code).toBe('too_short');
    });

    it('accepts exactly 100 words', async () => {
      const res = await createJob(sandbox.current, validJob({ description: words(100) }));
      expect(res.status).toBe(201);
      expect(res.body.description).toBe(words(100));
    });

    it('counts words, not whitespace: 99 words padded with spaces and newlines are still too short', async () => {
      const padded = `  ${words(99).replaceAll(' ', ' \n\t ')}   `;
      expect(badFields(await refuse(sandbox.current, validJob({ description: padded })))).toEqual(['description']);
    });
  });

  describe('location', () => {
    it.each(['Remote', 'Austin', 'Remote, USA', 'remote', 'Austin, , USA', ''])('refuses %j', async (location) => {
      const res = await refuse(sandbox.current, validJob({ location }));
      expect(badFields(res)).toEqual(['location']);
    });

    it.each(['Austin, TX, USA', 'Berlin, Germany'])('accepts %j', async (location) => {
      const res = await createJob(sandbox.current, validJob({ location }));
      expect(res.status).toBe(201);
      expect(res.body.location).toBe(location);
    });
  });

  describe('salary', () => {
    it.each(['H', 'D', 'W', 'M', 'Y'])('accepts salaryInterval %s', async (salaryInterval) => {
      const res = await createJob(sandbox.current, validJob({ salaryInterval }));
      expect(res.status).toBe(201);
      expect(res.body.salaryInterval).toBe(salaryInterval);
    });

    it.each(['Q', 'y', 'Yearly', '', 5])('refuses salaryInterval %j', async (salaryInterval) => {
      expect(badFields(await refuse(sandbox.current, validJob({ salaryInterval })))).toEqual(['salaryInterval']);
    });

    it('refuses salaryMin above salaryMax', async () => {
      const res = await refuse(sandbox.current, validJob({ salaryMin: 90_000, salaryMax: 80_000 }));
      expect(badFields(res)).toEqual(['salaryMin']);
    });

    it('accepts salaryMin equal to salaryMax', async () => {
      const res = await createJob(sandbox.current, validJob({ salaryMin: 80_000, salaryMax: 80_000 }));
      expect(res.status).toBe(201);
    });

    it('refuses a currency that is not an ISO 4217 code', async () => {
      expect(badFields(await refuse(sandbox.current, validJob({ currency: 'dollars' })))).toEqual(['currency']);
    });
  });

  describe('lookup ids', () => {
    it.each([
      ['jobFunctionId', '101'],
      ['jobFunctionId', 101.5],
      ['jobFunctionId', 0],
      ['employerTypeId', true],
      ['employerTypeId', -501],
      ['industryId', '1'],
      ['departmentId', 2001.1],
      ['hiringManagerId', 'Chen Wei'],
    ])('refuses %s %j: not a positive integer', async (field, value) => {
      const res = await refuse(sandbox.current, validJob({ [field]: value }));
      expect(badFields(res)).toContain(field);
      expect(problem(res, field)?.code).toBe('invalid_type');
    });

    it.each([
      ['jobFunctionId', 99_999],
      ['employerTypeId', 99_999],
      ['industryId', 999],
      ['departmentId', 9999],
      ['hiringManagerId', 9999],
    ])('refuses an unknown %s (%d)', async (field, value) => {
      const res = await refuse(sandbox.current, validJob({ [field]: value }));
      expect(badFields(res)).toEqual([field]);
      expect(problem(res, field)?.code).toBe('unknown');
    });

    it('refuses a department of another account', async () => {
      // Department ids are per account; 2101 belongs to the approval account.
      expect(badFields(await refuse(sandbox.current, validJob({ departmentId: 2101 })))).toEqual(['departmentId']);
    });

    it('refuses a job function and an employer type of different industries', async () => {
      const healthcare = await call<Page<{ id: number }>>(sandbox.current, 'GET', '/v1/employer-types?industry_id=2');
      const hospital = healthcare.body.data[0]!.id;
      const res = await refuse(sandbox.current, validJob({ jobFunctionId: 101, employerTypeId: hospital }));
      expect(badFields(res)).toEqual(['employerTypeId']);
      expect(problem(res, 'employerTypeId')?.code).toBe('wrong_industry');
    });

    it('refuses an industryId that neither the job function nor the employer type belongs to', async () => {
      const res = await refuse(sandbox.current, validJob({ industryId: 2 }));
      expect(new Set(badFields(res))).toEqual(new Set(['jobFunctionId', 'employerTypeId']));
    });

    it('accepts an industryId that matches both and stores it', async () => {
      const res = await createJob(sandbox.current, validJob({ industryId: 1 }));
      expect(res.status).toBe(201);
      expect(res.body.industryId).toBe(1);
    });

    it('accepts a job function and employer type of another industry taken from the lookups', async () => {
      const functions = await call<Page<{ id: number }>>(sandbox.current, 'GET', '/v1/job-functions?industry_id=2');
      const types = await call<Page<{ id: number }>>(sandbox.current, 'GET', '/v1/employer-types?industry_id=2');
      const body = validJob({ jobFunctionId: functions.body.data[0]!.id, employerTypeId: types.body.data[0]!.id });
      const res = await createJob(sandbox.current, body);
      expect(res.status).toBe(201);
      expect(res.body.industryId).toBe(2);
    });
  });

  describe('job type and education level codes from GET /job-options', () => {
    interface JobOptions {
      jobTypes: Array<{ code: string }>;
      educationLevels: Array<{ code: string }>;
    }

    it('accepts every job type and education level that /job-options lists', async () => {
      const options = await call<JobOptions>(sandbox.current, 'GET', '/v1/job-options');
      expect(options.body.jobTypes.length).toBeGreaterThan(0);
      expect(options.body.educationLevels.length).toBeGreaterThan(0);
      for (const { code } of options.body.jobTypes) {
        const res = await createJob(sandbox.current, validJob({ jobType: code }));
        expect(res.status, `jobType ${code}`).toBe(201);
        expect(res.body.jobType).toBe(code);
      }
      for (const { code } of options.body.educationLevels) {
        const res = await createJob(sandbox.current, validJob({ educationLevel: code }));
        expect(res.status, `educationLevel ${code}`).toBe(201);
        expect(res.body.educationLevel).toBe(code);
      }
    });

    it.each([
      ['jobType', 'FULLTIME'],
      ['jobType', 'ft'],
      ['educationLevel', 'BSc'],
      ['educationLevel', 3],
    ])('refuses %s %j', async (field, value) => {
      expect(badFields(await refuse(sandbox.current, validJob({ [field]: value })))).toEqual([field]);
    });
  });

  describe('fields the client may not send', () => {
    it.each([
      ['status', 2],
      ['id', 12345],
      ['approvalStatus', 1],
      ['statusLabel', 'New'],
      ['createdAt', '2026-01-01T00:00:00.000Z'],
    ])('refuses the read-only field %s', async (field, value) => {
      const res = await refuse(sandbox.current, validJob({ [field]: value }));
      expect(badFields(res)).toEqual([field]);
      expect(problem(res, field)?.code).toBe('read_only');
    });

    it('ignores unknown extra fields', async () => {
      const res = await createJob(sandbox.current, validJob({ benefits: ['gym'], internalNote: 'x' }));
      expect(res.status).toBe(201);
      expect(res.body).not.toHaveProperty('benefits');
      expect(res.body).not.toHaveProperty('internalNote');
    });

    it.each(['publishToCareerPage', 'publishToFreeJobBoards'])('refuses a non-boolean %s', async (field) => {
      expect(badFields(await refuse(sandbox.current, validJob({ [field]: 'yes' })))).toEqual([field]);
    });

    it.each([
      ['skills', 'Go, Rust'],
      ['skills', ['Go', '']],
      ['optionalSkills', [1, 2]],
    ])('refuses %s %j: not a list of non-empty strings', async (field, value) => {
      expect(badFields(await refuse(sandbox.current, validJob({ [field]: value })))).toEqual([field]);
    });
  });

  describe('title length in characters (Unicode code points)', () => {
    it.each([
      ['200 ASCII letters', 'x'.repeat(200)],
      ['200 emoji (400 UTF-16 units)', '🚀'.repeat(200)],
      ['101 emoji (202 UTF-16 units)', '🎉'.repeat(101)],
      ['200 mathematical letters outside the BMP', '𝔘'.repeat(200)],
    ])('accepts %s', async (_what, title) => {
      const res = await createJob(sandbox.current, validJob({ title }));
      expect(res.status, res.text).toBe(201);
      expect(res.body.title).toBe(title);
    });

    it.each([
      ['201 ASCII letters', 'x'.repeat(201)],
      ['201 emoji', '🚀'.repeat(201)],
    ])('refuses %s with 400 too_long, naming the count', async (_what, title) => {
      const before = await countJobs(sandbox.current);
      const res = await refuse(sandbox.current, validJob({ title }));
      expect(badFields(res)).toEqual(['title']);
      expect(problem(res, 'title')).toEqual({ field: 'title', code: 'too_long', message: 'has 201 characters; at most 200 are allowed' });
      expect(await countJobs(sandbox.current)).toBe(before);
    });

    it('counts the same way on update', async () => {
      const created = await createJob(sandbox.current, validJob({ title: 'Emoji Update Target' }));
      const path = `/v1/jobs/${created.body.id}`;
      expect((await call(sandbox.current, 'PATCH', path, { body: { title: '🚀'.repeat(200) } })).status).toBe(200);
      const refused = await call<ErrorBody>(sandbox.current, 'PATCH', path, { body: { title: '🚀'.repeat(201) } });
      expect(problem(refused, 'title')?.code).toBe('too_long');
    });

    it.each(['', '   ', '\t\n', '\u00a0\u2003'])('refuses the blank title %j', async (title) => {
      const res = await refuse(sandbox.current, validJob({ title }));
      expect(badFields(res)).toEqual(['title']);
    });
  });

  describe('a body that is not a JSON object', () => {
    it.each([
      ['an array', '[]'],
      ['a string', '"a job"'],
      ['a number', '42'],
      ['null', 'null'],
      ['empty', ''],
    ])('refuses %s with 400 validation_failed', async (_what, rawBody) => {
      const before = await countJobs(sandbox.current);
      const res = await call<ErrorBody>(sandbox.current, 'POST', '/v1/jobs', {
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('validation_failed');
      expect(await countJobs(sandbox.current)).toBe(before);
    });

    it('refuses malformed JSON with 400 invalid_json', async () => {
      const res = await call<ErrorBody>(sandbox.current, 'POST', '/v1/jobs', {
        rawBody: '{"title": ',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.code).toBe('invalid_json');
    });
  });
});

describe('POST /jobs on the staffing account', () => {
  const sandbox = useSandbox();

  it('refuses a job without customerId with a 400 that names customerId', async () => {
    const res = await refuse(sandbox.current, validJob(), STAFFING);
    expect(badFields(res)).toEqual(['customerId']);
    expect(problem(res, 'customerId')?.code).toBe('required');
  });

  it('refuses a null customerId', async () => {
    expect(badFields(await refuse(sandbox.current, validJob({ customerId: null }), STAFFING))).toEqual(['customerId']);
  });

  it('refuses an unknown customerId', async () => {
    const res = await refuse(sandbox.current, validJob({ customerId: 987_654 }), STAFFING);
    expect(badFields(res)).toEqual(['customerId']);
    expect(problem(res, 'customerId')?.code).toBe('unknown');
  });

  it('refuses a customer of another account', async () => {
    const others = await call<Page<{ id: number }>>(sandbox.current, 'GET', '/v1/customers', { token: APPROVAL });
    const foreign = others.body.data[0]!.id;
    const own = await call<Page<{ id: number }>>(sandbox.current, 'GET', '/v1/customers?pageSize=100', { token: STAFFING });
    expect(own.body.data.map((c) => c.id)).not.toContain(foreign);
    expect(badFields(await refuse(sandbox.current, validJob({ customerId: foreign }), STAFFING))).toEqual(['customerId']);
  });

  it('creates a job for a customer that GET /customers lists', async () => {
    const customers = await call<Page<{ id: number }>>(sandbox.current, 'GET', '/v1/customers', { token: STAFFING });
    const customerId = customers.body.data[0]!.id;
    const res = await createJob(sandbox.current, validJob({ customerId }), STAFFING);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ customerId, status: 5, approvalStatus: null });
  });

  it('does not require customerId on the direct account', async () => {
    const res = await createJob(sandbox.current, validJob());
    expect(res.status).toBe(201);
    expect(res.body.customerId).toBeNull();
  });
});

describe('POST /jobs on the approval account', () => {
  const sandbox = useSandbox();

  it('creates the job as Pending Approval with approvalStatus 0 Pending, unpublished', async () => {
    const res = await createJob(sandbox.current, validJob(), APPROVAL);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: 3,
      statusLabel: 'Pending Approval',
      approvalStatus: 0,
      approvalStatusLabel: 'Pending',
      publishToCareerPage: false,
      publishToFreeJobBoards: false,
    });
  });

  it.each(['publishToCareerPage', 'publishToFreeJobBoards'])(
    'refuses %s true with 409 publication_requires_approval and creates nothing',
    async (flag) => {
      const before = await countJobs(sandbox.current, APPROVAL);
      const res = await refuse(sandbox.current, validJob({ [flag]: true }), APPROVAL);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('publication_requires_approval');
      expect(await countJobs(sandbox.current, APPROVAL)).toBe(before);
    },
  );

  it('accepts both publication flags explicitly false', async () => {
    const res = await createJob(
      sandbox.current,
      validJob({ publishToCareerPage: false, publishToFreeJobBoards: false }),
      APPROVAL,
    );
    expect(res.status).toBe(201);
    expect(res.body.status).toBe(3);
  });

  it('still reports a 400 before the publication 409 when the body is invalid', async () => {
    const res = await refuse(sandbox.current, validJob({ publishToCareerPage: true, location: 'Remote' }), APPROVAL);
    expect(badFields(res)).toEqual(['location']);
  });
});

describe('POST /jobs and the active-job limit', () => {
  describe('on the direct account', () => {
    const sandbox = useSandbox({ activeJobLimit: 10 });

    it('answers 409 active_job_limit_reached at the limit and creates nothing', async () => {
      await fillActiveSlots(sandbox.current);
      const before = await countJobs(sandbox.current);
      const res = await refuse(sandbox.current, validJob({ title: 'One too many' }));
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('active_job_limit_reached');
      expect(await countJobs(sandbox.current)).toBe(before);
      const search = await call<Page<JobResource>>(sandbox.current, 'GET', '/v1/jobs?search=one%20too%20many');
      expect(search.body.data).toEqual([]);
    });

    it('frees a slot when an active job leaves In Progress', async () => {
      const list = await call<Page<JobResource>>(sandbox.current, 'GET', '/v1/jobs?status=5&pageSize=1');
      const active = list.body.data[0]!;
      const closed = await call(sandbox.current, 'PATCH', `/v1/jobs/${active.id}/status`, { body: { status: 1 } });
      expect(closed.status).toBe(200);
      expect((await createJob(sandbox.current, validJob())).status).toBe(201);
      expect((await refuse(sandbox.current, validJob())).status).toBe(409);
    });

    it('counts the limit per account: the approval account can still activate a job', async () => {
      const job = await createJob(sandbox.current, validJob(), APPROVAL);
      const approved = await call<JobResource>(sandbox.current, 'POST', `/_sandbox/jobs/${job.body.id}/approve`);
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe(5);
    });
  });

  describe('on the approval account', () => {
    const sandbox = useSandbox({ activeJobLimit: 3 });

    it('creates a pending job even when every active slot is taken', async () => {
      await fillApprovalSlots(sandbox.current);
      const res = await createJob(sandbox.current, validJob({ title: 'Waiting for a slot' }), APPROVAL);
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ status: 3, approvalStatus: 0 });
    });
  });

  describe('pending jobs take no slot', () => {
    const limit = 4;
    const sandbox = useSandbox({ activeJobLimit: limit });

    it('approves a job into the last free slot although more pending jobs were created meanwhile', async () => {
      const approve = (id: number) => call<JobResource>(sandbox.current, 'POST', `/_sandbox/jobs/${id}/approve`);
      const seededActive = await countJobs(sandbox.current, APPROVAL, '&status=5');
      expect(seededActive).toBeLessThan(limit - 1);
      // Leave exactly one free slot.
      for (let i = seededActive; i < limit - 1; i++) {
        const job = await createJob(sandbox.current, validJob(), APPROVAL);
        expect((await approve(job.body.id)).status).toBe(200);
      }
      const pending = [];
      for (let i = 0; i < 3; i++) pending.push(await createJob(sandbox.current, validJob(), APPROVAL));
      expect(pending.map((p) => p.status)).toEqual([201, 201, 201]);

      const approved = await approve(pending[0]!.body.id);
      expect(approved.status).toBe(200);
      expect(approved.body.status).toBe(5);
      expect((await approve(pending[1]!.body.id)).status).toBe(409);
      expect(await countJobs(sandbox.current, APPROVAL, '&status=5')).toBe(limit);
    });
  });
});
