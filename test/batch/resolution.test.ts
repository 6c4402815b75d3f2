// Names in batch files are resolved once per run; staffing accounts need a customer.
import { describe, expect, it } from 'vitest';
import { call, useSandbox } from '../helpers/sandbox.js';
import { batch, countTitle, jobs, parseJson, posts, useRecordingProxy, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

describe('batch name resolution', () => {
  it('fetches each lookup list once per run, however many items name it', async () => {
    const named = jobs('Named Job', 12, {
      jobFunctionId: undefined,
      employerTypeId: undefined,
      industry: 'Information Technology',
      jobFunction: 'Software Development',
      employerType: 'SaaS Startup',
      jobType: 'FT',
      department: 'Engineering',
    });
    // Without the industry, a job function is looked for in every industry (each list once too).
    const unscoped = jobs('Unscoped Named Job', 6, { jobFunctionId: undefined, jobFunction: 'DevOps', educationLevel: 'BA' });
    const file = writeJobs('named.ndjson', [...named, ...unscoped]);
    proxy.reset();

    const res = await batch(proxy.baseUrl, file, ['--concurrency', '6']);
    expect(res.code, res.stderr).toBe(0);

    const gets = proxy.requests.filter((r) => r.method === 'GET');
    const perUrl = new Map<string, number>();
    for (const r of gets) perUrl.set(r.path, (perUrl.get(r.path) ?? 0) + 1);
    expect([...perUrl.entries()].filter(([, n]) => n > 1)).toEqual([]);
    const paths = [...perUrl.keys()].map((p) => p.replace(/\?.*/, ''));
    expect(paths.filter((p) => p === '/industries')).toHaveLength(1);
    expect(paths.filter((p) => p === '/employer-types')).toHaveLength(1);
    expect(paths.filter((p) => p === '/departments')).toHaveLength(1);
    expect(paths.filter((p) => p === '/job-options').length).toBeLessThanOrEqual(1);
    // Every industry's job functions, each list fetched once (the unscoped "DevOps").
    const industries = (await call(sandbox.current, 'GET', '/v1/industries?pageSize=100')).body.data.length;
    expect(paths.filter((p) => p === '/job-functions')).toHaveLength(industries);
    expect(posts(proxy)).toHaveLength(18);

    const created = [...sandbox.current.store.jobs.values()].filter((j) => j.title.startsWith('Named Job '));
    expect(created).toHaveLength(12);
    expect(created.every((j) => j.jobFunctionId === 101 && j.employerTypeId === 504 && j.departmentId === 2001)).toBe(true);
    const devops = [...sandbox.current.store.jobs.values()].filter((j) => j.title.startsWith('Unscoped Named Job '));
    expect(devops.map((j) => j.jobFunctionId)).toEqual(Array(6).fill(102));
  });

  it('lists an ambiguous name with its candidates and sends nothing', async () => {
    const file = writeJobs('ambiguous.ndjson', jobs('Ambiguous Job', 2, { jobFunctionId: undefined, jobFunction: 'Sales', employerTypeId: 510 }));
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/item 0 jobFunction: "Sales" is ambiguous: 128 Sales \(Finance\);/);
    expect(res.stderr).toMatch(/item 1 jobFunction: "Sales" is ambiguous/);
    expect(posts(proxy)).toHaveLength(0);
  });
  it('suggests the closest names for misspelt ones, in the words of the flags, and sends nothing', async () => {
    const items = [
      ...jobs('Typo Job', 1, { jobFunctionId: undefined, industry: 'Informaton Technology', jobFunction: 'DevOps' }),
      ...jobs('Typo Function Job', 2, { jobFunctionId: undefined, industryId: 1, jobFunction: 'Data Enginering' }),
      ...jobs('Typo Department Job', 1, { department: 'Enginering' }),
    ];
    const file = writeJobs('typos.ndjson', items);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('item 0 industry: no industry named "Informaton Technology"; did you mean "Information Technology"?');
    expect(res.stderr).toContain('item 1 jobFunction: no job function named "Data Enginering" in Information Technology (1); did you mean "Data Engineering"?');
    expect(res.stderr).toContain('item 2 jobFunction: no job function named "Data Enginering" in Information Technology (1); did you mean "Data Engineering"?');
    expect(res.stderr).toContain('item 3 department: no department named "Enginering"; did you mean "Engineering"?');
    expect(posts(proxy)).toHaveLength(0);
  });
});

describe('batch on a staffing account', () => {
  it('refuses items without a customer before sending, and resolves customers by name', async () => {
    const env = { RECRUIT_ACCOUNT_TYPE: 'staffing' };
    const token = 'sbx_staffing_full';
    const missing = writeJobs('staffing-missing.ndjson', jobs('Staffing Job', 2));
    proxy.reset();
    const refused = await batch(proxy.baseUrl, missing, [], { env, token });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/item 0 customerId: is required on a staffing account/);
    expect(refused.stderr).toMatch(/item 1 customerId: is required on a staffing account/);
    expect(posts(proxy)).toHaveLength(0);

    const customer = (await call(sandbox.current, 'GET', '/v1/customers', { token })).body.data[0];
    const file = writeJobs('staffing.ndjson', jobs('Staffing Job', 2, { customer: customer.name }));
    const res = await batch(proxy.baseUrl, file, ['--json'], { env, token });
    expect(res.code, res.stderr).toBe(0);
    const results = parseJson(res.stdout);
    expect(results.map((r: { ok: boolean }) => r.ok)).toEqual([true, true]);
    expect(sandbox.current.store.jobs.get(results[0].jobId)?.customerId).toBe(customer.id);
    expect(countTitle(sandbox.current, 'Staffing Job 1')).toBe(1);
  });
});
