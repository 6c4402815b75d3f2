// Lookup endpoints of the sandbox: pagination envelope, page/pageSize, search, industry_id,
// job options, per-account data and determinism, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call, useSandbox, type ApiResponse } from '../helpers/sandbox.js';

type ErrorResponse = ApiResponse<{ error: { code: string; message: string; details?: Array<{ field: string }> } }>;

interface Envelope<T = { id: number; name: string }> {
  data: T[];
  meta: { pagination: { page: number; pageSize: number; totalItems: number; totalPages: number } };
}

/** Every endpoint with the number of items it holds for the direct account. */
const ENDPOINTS: Array<[path: string, total: number]> = [
  ['/v1/industries', 20],
  ['/v1/job-functions?industry_id=1', 14],
  ['/v1/employer-types?industry_id=1', 5],
  ['/v1/customers', 0],
  ['/v1/departments', 6],
  ['/v1/hiring-managers', 5],
  ['/v1/users', 8],
];

function expectBadParameter(res: ErrorResponse, field: string): void {
  expect(res.status).toBe(400);
  expect(res.body.error.code).toBe('invalid_parameter');
  expect(res.body.error.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
}

describe('sandbox lookups', () => {
  const sandbox = useSandbox();

  async function get<T = { id: number; name: string }>(path: string, token?: string): Promise<Envelope<T>> {
    const res = await call<Envelope<T>>(sandbox.current, 'GET', path, token === undefined ? {} : { token });
    expect(res.status, `${path}: ${res.text}`).toBe(200);
    return res.body;
  }

  describe('pagination envelope', () => {
    it.each(ENDPOINTS)('%s returns the envelope with page size 10 and %i items in total', async (path, total) => {
      const res = await call<Envelope>(sandbox.current, 'GET', path);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json\b/);
      expect(Object.keys(res.body).sort()).toEqual(['data', 'meta']);
      expect(res.body.meta.pagination).toEqual({
        page: 1,
        pageSize: 10,
        totalItems: total,
        totalPages: Math.ceil(total / 10),
      });
      expect(res.body.data).toHaveLength(Math.min(total, 10));
      for (const item of res.body.data) {
        expect(Number.isInteger(item.id)).toBe(true);
        expect(typeof item.name).toBe('string');
      }
    });

    it('returns items {id, name} only from job-functions and employer-types', async () => {
      for (const path of ['/v1/job-functions?industry_id=2', '/v1/employer-types?industry_id=2']) {
        const body = await get(path);
        for (const item of body.data) expect(Object.keys(item).sort()).toEqual(['id', 'name']);
      }
    });

    it('honours page and pageSize, with a partial last page', async () => {
      const first = await get('/v1/industries?page=1&pageSize=7');
      expect(first.data).toHaveLength(7);
      expect(first.meta.pagination).toEqual({ page: 1, pageSize: 7, totalItems: 20, totalPages: 3 });
      const last = await get('/v1/industries?page=3&pageSize=7');
      expect(last.data).toHaveLength(6);
      expect(last.meta.pagination).toEqual({ page: 3, pageSize: 7, totalItems: 20, totalPages: 3 });
      const all = await get('/v1/industries?pageSize=20');
      expect(all.data.slice(14)).toEqual(last.data);
      expect(all.data.slice(0, 7)).toEqual(first.data);
    });

    it('pages through every item exactly once', async () => {
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const body = await get(`/v1/industries?page=${page}&pageSize=7`);
        seen.push(...body.data.map((i) => i.id));
      }
      expect(seen).toHaveLength(20);
      expect(new Set(seen).size).toBe(20);
    });

    it('returns an empty page past the end with the right meta', async () => {
      const body = await get('/v1/industries?page=4&pageSize=7');
      expect(body.data).toEqual([]);
      expect(body.meta.pagination).toEqual({ page: 4, pageSize: 7, totalItems: 20, totalPages: 3 });
      const far = await get('/v1/job-functions?industry_id=1&page=50');
      expect(far.data).toEqual([]);
      expect(far.meta.pagination).toEqual({ page: 50, pageSize: 10, totalItems: 14, totalPages: 2 });
    });

    it('accepts pageSize up to 100', async () => {
      const body = await get('/v1/industries?pageSize=100');
      expect(body.data).toHaveLength(20);
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 100, totalItems: 20, totalPages: 1 });
    });

    it('refuses pageSize 101 with a 400 naming pageSize', async () => {
      const res = await call(sandbox.current, 'GET', '/v1/industries?pageSize=101');
      expectBadParameter(res, 'pageSize');
      expect(res.body.error.message).toContain('pageSize');
    });

    it.each(['0', '-1', 'abc', '1.5', ''])('refuses pageSize=%j with a 400', async (value) => {
      expectBadParameter(await call(sandbox.current, 'GET', `/v1/industries?pageSize=${value}`), 'pageSize');
      expectBadParameter(await call(sandbox.current, 'GET', `/v1/job-functions?industry_id=1&pageSize=${value}`), 'pageSize');
    });

    it.each(['0', '-2', 'x'])('refuses page=%j with a 400', async (value) => {
      expectBadParameter(await call(sandbox.current, 'GET', `/v1/users?page=${value}`), 'page');
    });
  });

  describe('search', () => {
    it('filters industries by name, case-insensitively', async () => {
      const body = await get('/v1/industries?search=TECHNOLOGY');
      expect(body.data).toEqual([{ id: 1, name: 'Information Technology' }]);
      expect(body.meta.pagination).toEqual({ page: 1, pageSize: 10, totalItems: 1, totalPages: 1 });
      const lower = await get('/v1/industries?search=technology');
      expect(lower).toEqual(body);
    });

    it('filters job functions of the industry by name', async () => {
      const body = await get('/v1/job-functions?industry_id=1&search=deVELopment');
      expect(body.data.map((f) => f.name).sort()).toEqual(['Mobile Development', 'Software Development']);
      expect(body.meta.pagination.totalItems).toBe(2);
      // "Sales" exists in other industries but not in Information Technology.
      const none = await get('/v1/job-functions?industry_id=1&search=sales');
      expect(none.data).toEqual([]);
      expect(none.meta.pagination).toMatchObject({ totalItems: 0, totalPages: 0 });
    });

    it('filters employer types of the industry by name', async () => {
      const body = await get('/v1/employer-types?industry_id=1&search=saas');
      expect(body.data).toEqual([expect.objectContaining({ name: 'SaaS Startup' })]);
      const two = await get('/v1/employer-types?industry_id=1&search=IT ');
      // Trimmed "it": IT Consultancy, Enterprise IT Department (and no others of industry 1).
      expect(two.data.map((t) => t.name).sort()).toEqual(['Enterprise IT Department', 'IT Consultancy']);
    });

    it('filters customers by name', async () => {
      const body = await get('/v1/customers?search=CONTOSO', 'sbx_staffing_full');
      expect(body.data.map((c) => c.name)).toEqual(['Contoso Retail']);
      expect(body.meta.pagination.totalItems).toBe(1);
      const several = await get('/v1/customers?search=ware', 'sbx_staffing_full');
      expect(several.data.map((c) => c.name).sort()).toEqual(['Litware Software', 'Proseware Pharma']);
    });

    it('paginates the filtered items, not all of them', async () => {
      const body = await get('/v1/job-functions?industry_id=1&search=e&pageSize=3&page=2');
      const all = await get('/v1/job-functions?industry_id=1&search=e&pageSize=100');
      expect(all.data.every((f) => f.name.toLowerCase().includes('e'))).toBe(true);
      expect(body.meta.pagination.totalItems).toBe(all.data.length);
      expect(body.data).toEqual(all.data.slice(3, 6));
    });
  });

  describe('industry_id on job-functions and employer-types', () => {
    it.each(['/v1/job-functions', '/v1/employer-types'])('%s requires industry_id (400 naming it)', async (path) => {
      const res = await call(sandbox.current, 'GET', path);
      expectBadParameter(res, 'industry_id');
      expect(res.body.error.message).toContain('industry_id');
      expectBadParameter(await call(sandbox.current, 'GET', `${path}?industry_id=`), 'industry_id');
      expectBadParameter(await call(sandbox.current, 'GET', `${path}?page=1`), 'industry_id');
    });

    it.each(['abc', '1.5', '-1', '1e2', ' 1'])('refuses a non-integer industry_id %j', async (value) => {
      const q = encodeURIComponent(value);
      expectBadParameter(await call(sandbox.current, 'GET', `/v1/job-functions?industry_id=${q}`), 'industry_id');
      expectBadParameter(await call(sandbox.current, 'GET', `/v1/employer-types?industry_id=${q}`), 'industry_id');
    });

    it.each(['0', '21', '999'])('refuses an unknown industry %s', async (value) => {
      expectBadParameter(await call(sandbox.current, 'GET', `/v1/job-functions?industry_id=${value}`), 'industry_id');
      expectBadParameter(await call(sandbox.current, 'GET', `/v1/employer-types?industry_id=${value}`), 'industry_id');
    });

    it('lists the 14 job functions of Information Technology on 2 pages', async () => {
      const industries = await get('/v1/industries?search=information');
      expect(industries.data).toEqual([{ id: 1, name: 'Information Technology' }]);
      const page1 = await get('/v1/job-functions?industry_id=1');
      const page2 = await get('/v1/job-functions?industry_id=1&page=2');
      expect(page1.meta.pagination).toEqual({ page: 1, pageSize: 10, totalItems: 14, totalPages: 2 });
      expect(page2.meta.pagination).toEqual({ page: 2, pageSize: 10, totalItems: 14, totalPages: 2 });
      expect(page1.data).toHaveLength(10);
      expect(page2.data).toHaveLength(4);
      const names = [...page1.data, ...page2.data].map((f) => f.name);
      expect(names).toContain('Software Development');
      expect(names).toContain('Machine Learning');
      expect(names).not.toContain('Nursing');
    });

    it('gives each industry its own job functions and employer types', async () => {
      const it1 = await get('/v1/job-functions?industry_id=1&pageSize=100');
      const health = await get('/v1/job-functions?industry_id=2&pageSize=100');
      expect(health.data.map((f) => f.name)).toContain('Nursing');
      const ids1 = new Set(it1.data.map((f) => f.id));
      expect(health.data.some((f) => ids1.has(f.id))).toBe(false);
      const types1 = await get('/v1/employer-types?industry_id=1');
      const types2 = await get('/v1/employer-types?industry_id=2');
      expect(types1.data.map((t) => t.name)).toContain('Software Vendor');
      expect(types2.data.map((t) => t.name)).toContain('Hospital');
      expect(types2.data.map((t) => t.name)).not.toContain('Software Vendor');
    });

    it('has job functions and employer types for every industry', async () => {
      const industries = await get('/v1/industries?pageSize=100');
      for (const { id } of industries.data) {
        expect((await get(`/v1/job-functions?industry_id=${id}`)).meta.pagination.totalItems).toBeGreaterThan(0);
        expect((await get(`/v1/employer-types?industry_id=${id}`)).meta.pagination.totalItems).toBeGreaterThan(0);
      }
    });
  });

  describe('GET /job-options', () => {
    it('describes the initial status, the statuses and the option lists', async () => {
      const res = await call(sandbox.current, 'GET', '/v1/job-options');
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json\b/);
      const options = res.body as {
        initialStatus: string;
        statuses: Array<{ code: number; label: string; canSet: boolean }>;
        jobTypes: Array<{ code: string; label: string }>;
        educationLevels: Array<{ code: string; label: string }>;
        salaryIntervals: Array<{ code: string; label: string }>;
      };
      expect(options.initialStatus).toBe('account_workflow');
      expect(options.statuses.map((s) => s.code).sort()).toEqual([1, 2, 3, 4, 5]);
      for (const status of options.statuses) {
        expect(typeof status.label).toBe('string');
        expect(status.label.length).toBeGreaterThan(0);
        expect(status.canSet).toBe(status.code !== 3);
      }
      const labels = new Map(options.statuses.map((s) => [s.code, s.label]));
      expect(labels.get(2)).toBe('New');
      expect(labels.get(4)).toBe('Rejected');
      expect(labels.get(5)).toBe('In Progress');
      expect(options.salaryIntervals.map((s) => s.code)).toEqual(['H', 'D', 'W', 'M', 'Y']);
      for (const list of [options.jobTypes, options.educationLevels, options.salaryIntervals]) {
        expect(list.length).toBeGreaterThan(0);
        for (const entry of list) {
          expect(typeof entry.code).toBe('string');
          expect(typeof entry.label).toBe('string');
        }
      }
    });
  });

  describe('per-account data', () => {
    it('gives each account its own customers: direct none, approval 3, staffing 24', async () => {
      const direct = await get('/v1/customers', 'sbx_direct_full');
      expect(direct.data).toEqual([]);
      expect(direct.meta.pagination).toEqual({ page: 1, pageSize: 10, totalItems: 0, totalPages: 0 });
      const approval = await get('/v1/customers', 'sbx_approval_full');
      expect(approval.data).toHaveLength(3);
      expect(approval.meta.pagination.totalItems).toBe(3);
      const staffing = await get('/v1/customers', 'sbx_staffing_lookups');
      expect(staffing.meta.pagination).toEqual({ page: 1, pageSize: 10, totalItems: 24, totalPages: 3 });
      const staffingAll = await get('/v1/customers?pageSize=100', 'sbx_staffing_lookups');
      const staffingIds = new Set(staffingAll.data.map((c) => c.id));
      expect(approval.data.some((c) => staffingIds.has(c.id))).toBe(false);
    });

    it("references only the staffing account's own customers from its seeded jobs", async () => {
      const customers = await get('/v1/customers?pageSize=100', 'sbx_staffing_full');
      const ids = new Set(customers.data.map((c) => c.id));
      const jobs = await get<{ id: number; customerId: number | null }>('/v1/jobs?pageSize=100', 'sbx_staffing_full');
      expect(jobs.data.length).toBeGreaterThan(0);
      for (const job of jobs.data) expect(ids, `job ${job.id} customer ${job.customerId}`).toContain(job.customerId);
    });

    it('gives each account its own departments, hiring managers and users', async () => {
      for (const path of ['/v1/departments', '/v1/hiring-managers', '/v1/users']) {
        const direct = await get(path, 'sbx_direct_full');
        const staffing = await get(path, 'sbx_staffing_full');
        expect(direct.meta.pagination.totalItems).toBe(staffing.meta.pagination.totalItems);
        const directIds = new Set(direct.data.map((x) => x.id));
        expect(staffing.data.some((x) => directIds.has(x.id))).toBe(false);
      }
    });
  });
});

describe('sandbox lookup data is seeded and deterministic', () => {
  let first: RunningSandbox;
  let second: RunningSandbox;
  beforeAll(async () => {
    first = await startSandbox({ port: 0 });
    second = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  const PATHS = [
    '/v1/job-options',
    '/v1/industries?pageSize=100',
    ...Array.from({ length: 20 }, (_, i) => `/v1/job-functions?industry_id=${i + 1}&pageSize=100`),
    ...Array.from({ length: 20 }, (_, i) => `/v1/employer-types?industry_id=${i + 1}&pageSize=100`),
    '/v1/departments?pageSize=100',
    '/v1/hiring-managers?pageSize=100',
    '/v1/users?pageSize=100',
    '/v1/customers?pageSize=100',
  ];

  it('serves identical lookups from two separately started sandboxes', async () => {
    for (const token of ['sbx_direct_full', 'sbx_approval_full', 'sbx_staffing_full']) {
      for (const path of PATHS) {
        const a = await call(first, 'GET', path, { token });
        const b = await call(second, 'GET', path, { token });
        expect(a.status).toBe(200);
        expect(b.text, `${token} ${path}`).toBe(a.text);
      }
    }
  });

  it('uses the documented stable ids', async () => {
    const industries = await call(first, 'GET', '/v1/industries?pageSize=100');
    expect(industries.body.data.map((i: { id: number }) => i.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    const functions = await call(first, 'GET', '/v1/job-functions?industry_id=1&pageSize=100');
    expect(functions.body.data[0]).toEqual({ id: 101, name: 'Software Development' });
    const types = await call(first, 'GET', '/v1/employer-types?industry_id=1');
    expect(types.body.data[0]).toEqual({ id: 501, name: 'Software Vendor' });
  });
});
