// GET /jobs over real HTTP: the pagination envelope (default page size 10), newest first, the
// `status` and `search` filters, paging, and one account's jobs only.
import { beforeAll, describe, expect, it } from 'vitest';
import type { FieldProblem } from '../../src/sandbox/http-error.js';
import type { JobResource } from '../../src/sandbox/job.js';
import type { Page } from '../../src/sandbox/pagination.js';
import { call, useSandbox, validJob, type ApiResponse } from '../helpers/sandbox.js';

const DIRECT = 'sbx_direct_full';
const APPROVAL = 'sbx_approval_full';
const STAFFING = 'sbx_staffing_full';

const STATUS_LABELS: Record<number, string> = { 1: 'Closed', 2: 'New', 3: 'Pending Approval', 4: 'Rejected', 5: 'In Progress' };
const APPROVAL_LABELS = new Map<number | null, string>([
  [null, 'Unknown'],
  [0, 'Pending'],
  [1, 'Approved'],
  [-1, 'Rejected'],
]);

interface ErrorBody {
  error: { code: string; message: string; details?: FieldProblem[] };
}

const sandbox = useSandbox();

function list(query = '', token = DIRECT): Promise<ApiResponse<Page<JobResource>>> {
  return call<Page<JobResource>>(sandbox.current, 'GET', `/v1/jobs${query}`, { token });
}

/** Every job of the account, fetched in one page. */
async function all(token = DIRECT): Promise<JobResource[]> {
  const res = await list('?pageSize=100', token);
  expect(res.status).toBe(200);
  expect(res.body.meta.pagination.totalPages).toBe(1);
  return res.body.data;
}

const ids = (jobs: JobResource[]) => jobs.map((j) => j.id);

// A few jobs of our own on top of the seeded ones, in several statuses.
const created: JobResource[] = [];
beforeAll(async () => {
  const titles = ['Zebra Keeper', 'Night Auditor', 'Zebra Trainer', 'Harbour Pilot'];
  for (const title of titles) {
    const res = await call<JobResource>(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ title }) });
    expect(res.status).toBe(201);
    created.push(res.body);
  }
  const parked = await call(sandbox.current, 'PATCH', `/v1/jobs/${created[1]!.id}/status`, { body: { status: 2 } });
  expect(parked.status).toBe(200);
});

describe('GET /jobs', () => {
  it('answers the pagination envelope with a default page size of 10', async () => {
    const everything = await all();
    expect(everything.length).toBeGreaterThan(10);

    const res = await list();
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
    expect(res.body.meta.pagination).toEqual({
      page: 1,
      pageSize: 10,
      totalItems: everything.length,
      totalPages: Math.ceil(everything.length / 10),
    });
    expect(res.body.data).toHaveLength(10);
  });

  it('lists newest first: ids strictly descending, our last creation on top', async () => {
    const everything = await all();
    expect(ids(everything)).toEqual([...ids(everything)].sort((a, b) => b - a));
    expect(everything[0]!.id).toBe(created.at(-1)!.id);
  });

  it('gives each item the full job with statusLabel and approvalStatusLabel matching its codes', async () => {
    for (const token of [DIRECT, APPROVAL, STAFFING]) {
      for (const job of await all(token)) {
        expect(job.statusLabel, `job ${job.id}`).toBe(STATUS_LABELS[job.status]);
        expect(job.approvalStatusLabel, `job ${job.id}`).toBe(APPROVAL_LABELS.get(job.approvalStatus));
      }
    }
    const mine = (await all()).find((j) => j.id === created[0]!.id);
    expect(mine).toEqual(created[0]);
  });

  it('shows the approval states of the approval account', async () => {
    const approvals = new Set((await all(APPROVAL)).map((j) => j.approvalStatus));
    expect(approvals).toEqual(new Set([0, 1, -1]));
  });

  describe('status filter', () => {
    it('keeps only jobs with the one given code', async () => {
      const expected = (await all()).filter((j) => j.status === 2);
      expect(expected.length).toBeGreaterThan(0);
      const res = await list('?status=2&pageSize=100');
      expect(res.status).toBe(200);
      expect(ids(res.body.data)).toEqual(ids(expected));
      expect(res.body.meta.pagination.totalItems).toBe(expected.length);
      expect(ids(res.body.data)).toContain(created[1]!.id);
    });

    it('keeps jobs with any of several comma-separated codes', async () => {
      const everything = await all();
      const expected = everything.filter((j) => j.status === 2 || j.status === 5);
      expect(expected.length).toBeLessThan(everything.length);
      const res = await list('?status=2,5&pageSize=100');
      expect(ids(res.body.data)).toEqual(ids(expected));
      expect(new Set(res.body.data.map((j) => j.status))).toEqual(new Set([2, 5]));
    });

    it('answers an empty page for a code no job has', async () => {
      const res = await list('?status=3');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.pagination).toMatchObject({ totalItems: 0, totalPages: 0 });
    });

    it('refuses a status that is not a list of codes with 400', async () => {
      const res = await call<ErrorBody>(sandbox.current, 'GET', '/v1/jobs?status=open');
      expect(res.status).toBe(400);
      expect(res.body.error.details?.[0]?.field).toBe('status');
    });
  });

  describe('search', () => {
    it('finds jobs by title, case-insensitively', async () => {
      const res = await list('?search=zEbRa');
      expect(res.status).toBe(200);
      expect(res.body.data.map((j) => j.title)).toEqual(['Zebra Trainer', 'Zebra Keeper']);
      expect(res.body.meta.pagination.totalItems).toBe(2);
    });

    it('finds a job by its job code', async () => {
      const res = await list(`?search=${created[3]!.jobCode}`);
      expect(ids(res.body.data)).toEqual([created[3]!.id]);
    });

    it('combines with the status filter', async () => {
      const res = await list('?search=night&status=5');
      expect(res.body.data).toEqual([]);
      const parked = await list('?search=night&status=2');
      expect(ids(parked.body.data)).toEqual([created[1]!.id]);
    });

    it('answers an empty page when nothing matches', async () => {
      const res = await list('?search=no-such-title-anywhere');
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.pagination.totalItems).toBe(0);
    });
  });

  describe('paging', () => {
    it('serves page 2 of size 5 as the sixth to tenth jobs', async () => {
      const everything = await all();
      const res = await list('?page=2&pageSize=5');
      expect(res.status).toBe(200);
      expect(ids(res.body.data)).toEqual(ids(everything.slice(5, 10)));
      expect(res.body.meta.pagination).toEqual({
        page: 2,
        pageSize: 5,
        totalItems: everything.length,
        totalPages: Math.ceil(everything.length / 5),
      });
    });

    it('walks every page of the default size and sees each job exactly once', async () => {
      const everything = await all();
      const first = await list();
      const seen: number[] = [];
      for (let page = 1; page <= first.body.meta.pagination.totalPages; page++) {
        seen.push(...ids((await list(`?page=${page}`)).body.data));
      }
      expect(seen).toEqual(ids(everything));
    });

    it('answers an empty data array past the last page', async () => {
      const res = await list('?page=99');
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.pagination.page).toBe(99);
    });

    it.each(['page=0', 'page=-1', 'pageSize=0', 'pageSize=abc', 'page=1.5'])('refuses %s with 400', async (query) => {
      const res = await call<ErrorBody>(sandbox.current, 'GET', `/v1/jobs?${query}`);
      expect(res.status).toBe(400);
    });
  });

  describe('accounts', () => {
    it("lists only the token's account's jobs", async () => {
      const direct = new Set(ids(await all(DIRECT)));
      const approval = new Set(ids(await all(APPROVAL)));
      const staffing = new Set(ids(await all(STAFFING)));
      for (const set of [direct, approval, staffing]) expect(set.size).toBeGreaterThan(0);
      for (const id of approval) expect(direct.has(id) || staffing.has(id)).toBe(false);
      for (const id of staffing) expect(direct.has(id)).toBe(false);
      for (const job of created) expect(direct.has(job.id)).toBe(true);
    });

    it("does not let a search or a status filter reach another account's jobs", async () => {
      const res = await list('?search=zebra', APPROVAL);
      expect(res.body.data).toEqual([]);
      const pending = await list('?status=3&pageSize=100', APPROVAL);
      expect(pending.body.data.length).toBeGreaterThan(0);
      expect((await list('?status=3')).body.data).toEqual([]);
    });

    it('counts a new job only in its own account', async () => {
      const before = await Promise.all([list('', DIRECT), list('', APPROVAL)]);
      const res = await call<JobResource>(sandbox.current, 'POST', '/v1/jobs', { token: APPROVAL, body: validJob() });
      expect(res.status).toBe(201);
      const after = await Promise.all([list('', DIRECT), list('', APPROVAL)]);
      expect(after[0].body.meta.pagination.totalItems).toBe(before[0].body.meta.pagination.totalItems);
      expect(after[1].body.meta.pagination.totalItems).toBe(before[1].body.meta.pagination.totalItems + 1);
      expect(after[1].body.data[0]!.id).toBe(res.body.id);
    });
  });
});
