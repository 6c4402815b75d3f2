// `jobs create --from <id>` without a terminal, over loopback HTTP: the sandbox behind a recording
// proxy, so that every request body the CLI sends is seen as sent.
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, words } from '../helpers/sandbox.js';
import { useScriptedProxy, type Exchange } from '../helpers/scripted-proxy.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useScriptedProxy(sandbox);
const env = () => ({ RECRUIT_BASE_URL: proxy.baseUrl, RECRUIT_TOKEN: 'sbx_direct_full' });

/** Fields the service sets, and those a clone leaves to it (a new code, publication off). */
const SERVICE_SET = ['id', 'status', 'statusLabel', 'approvalStatus', 'approvalStatusLabel', 'createdAt', 'updatedAt', 'jobCode'];
const NOT_CLONED = [...SERVICE_SET, 'publishToCareerPage', 'publishToFreeJobBoards'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Job = Record<string, any>;

const getJob = async (id: number): Promise<Job> => (await call(sandbox.current, 'GET', `/v1/jobs/${id}`)).body as Job;
const totalJobs = async () => (await call(sandbox.current, 'GET', '/v1/jobs?pageSize=1')).body.meta.pagination.totalItems as number;
const createdId = (stdout: string) => Number(/^Created job (\d+) /m.exec(stdout)![1]);
const without = (job: Job, fields: string[]) => Object.fromEntries(Object.entries(job).filter(([k]) => !fields.includes(k)));
const posts = (): Exchange[] => proxy.creates();
/** The source as a clone sends it: the fields it may send, unset ones (null, []) left out. */
const asSent = (job: Job) =>
  Object.fromEntries(Object.entries(without(job, NOT_CLONED)).filter(([, v]) => v !== null && !(Array.isArray(v) && v.length === 0)));

/** A source job with every field set, published on the career page, with a code of its own, then closed. */
async function richSource(title: string): Promise<Job> {
  const [department, manager] = await Promise.all([
    call(sandbox.current, 'GET', '/v1/departments?pageSize=1'),
    call(sandbox.current, 'GET', '/v1/hiring-managers?pageSize=1'),
  ]);
  const res = await call(sandbox.current, 'POST', '/v1/jobs', {
    idempotencyKey: `source-${title.replace(/\W/g, '-')}`,
    body: {
      title,
      description: words(130, 'task'),
      location: 'Lisbon, Portugal',
      industryId: 1,
      jobFunctionId: 103,
      employerTypeId: 504,
      jobType: 'FT',
      educationLevel: 'MA',
      salaryInterval: 'M',
      salaryMin: 4000,
      salaryMax: 5500,
      currency: 'EUR',
      experience: 3,
      qualifications: 'A degree in a quantitative field',
      skills: ['SQL', 'Python'],
      optionalSkills: ['Spark'],
      departmentId: department.body.data[0].id,
      hiringManagerId: manager.body.data[0].id,
      jobCode: 'SRC-CLONE-1',
      publishToCareerPage: true,
    },
  });
  expect(res.status, res.text).toBe(201);
  const closed = await call(sandbox.current, 'PATCH', `/v1/jobs/${res.body.id}/status`, { idempotencyKey: `close-${res.body.id}`, body: { status: 1 } });
  expect(closed.status).toBe(200);
  return getJob(res.body.id as number);
}

describe('recruit jobs create --from', () => {
  it("creates a second job with the source's fields and the flags, and sends none of the service's fields", async () => {
    const source = await richSource('Clone Source');
    proxy.reset();
    const result = await runCli(['jobs', 'create', '--from', String(source.id), '--title', 'Clone Copy', '--experience', '5'], { env: env() });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const id = createdId(result.stdout);
    expect(id).not.toBe(source.id);

    // The request as sent: every field of the source but the service's, and the flags' values.
    expect(posts()).toHaveLength(1);
    const sent = JSON.parse(posts()[0]!.body) as Job;
    for (const field of NOT_CLONED) expect(sent).not.toHaveProperty(field);
    expect(sent).toEqual({ ...asSent(source), title: 'Clone Copy', experience: 5 });
    expect(posts()[0]!.key).toMatch(/^[\w-]{8,}$/);

    // The created job: equal to the source except what the service sets, and the flags.
    const clone = await getJob(id);
    expect(without(clone, NOT_CLONED)).toEqual({ ...without(source, NOT_CLONED), title: 'Clone Copy', experience: 5 });
    expect(clone).toMatchObject({ status: 5, publishToCareerPage: false, publishToFreeJobBoards: false, jobCode: `JOB-${String(id).padStart(5, '0')}` });
    expect(source).toMatchObject({ status: 1, jobCode: 'SRC-CLONE-1', publishToCareerPage: true });
  });

  it('leaves out unset fields and takes publication from the flags only', async () => {
    proxy.reset();
    const result = await runCli(['jobs', 'create', '--from', '3', '--publish-free-boards', '--json'], { env: env() });
    expect(result.code).toBe(0);
    const sent = JSON.parse(posts()[0]!.body) as Job;
    const source = await getJob(3);
    // Job 3 has no customer, department, hiring manager, qualifications or optional skills: none is sent as null or [].
    for (const field of ['customerId', 'departmentId', 'hiringManagerId', 'qualifications', 'optionalSkills', 'publishToCareerPage']) {
      expect(sent).not.toHaveProperty(field);
    }
    expect(sent).toMatchObject({ title: source.title, publishToFreeJobBoards: true });
    expect(JSON.parse(result.stdout)).toMatchObject({ title: source.title, publishToFreeJobBoards: true, status: 5 });
  });

  it('does not copy fields the CLI does not know, and says which', async () => {
    proxy.reset();
    // A service that returns a field of its own on the job (a view counter, say).
    proxy.script = (req) =>
      req.method === 'GET' && req.path === '/jobs/3'
        ? { forward: true, status: 200, headers: { 'content-type': 'application/json' }, body: (up) => JSON.stringify({ ...JSON.parse(up!), views: 42, url: null }) }
        : undefined;
    const result = await runCli(['jobs', 'create', '--from', '3', '--title', 'Without Views'], { env: env() });
    proxy.script = undefined;
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('Not copied from job 3: views (fields the CLI does not know; the service may set them itself).\n');
    expect(JSON.parse(posts()[0]!.body)).not.toHaveProperty('views');
  });

  it('refuses a source id that is not found: exit 1, a clear error, nothing created', async () => {
    const before = await totalJobs();
    proxy.reset();
    const result = await runCli(['jobs', 'create', '--from', '99999', '--title', 'Never'], { env: env() });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('error: no job 99999 to clone in this account (404 from GET /jobs/99999); nothing was created');
    expect(result.stderr).toContain('`recruit jobs list` shows its jobs');
    expect(result.stdout).toBe('');
    expect(posts()).toHaveLength(0);
    expect(await totalJobs()).toBe(before);
  });

  it('refuses an id that is not a number before anything is sent (exit 2)', async () => {
    proxy.reset();
    const result = await runCli(['jobs', 'create', '--from', 'three'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--from takes the id of the job to clone (a positive integer), got "three"');
    expect(proxy.exchanges).toHaveLength(0);
    for (const other of [['--file', 'jobs.json'], ['--resume']]) {
      const combined = await runCli(['jobs', 'create', '--from', '3', ...other], { env: env() });
      expect(combined.code).toBe(2);
      expect(combined.stderr).toContain('--from');
    }
    expect(proxy.exchanges).toHaveLength(0);
  });

  it('--dry-run prints the body that would be sent and sends nothing', async () => {
    const source = await richSource('Dry Source');
    const before = await totalJobs();
    proxy.reset();
    const result = await runCli(['jobs', 'create', '--from', String(source.id), '--title', 'Dry Clone', '--dry-run'], { env: env() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ ...asSent(source), title: 'Dry Clone' });
    expect(result.stderr).toContain('nothing was sent (--dry-run)');
    expect(posts()).toHaveLength(0);
    expect(proxy.exchanges.every((e) => e.method === 'GET')).toBe(true);
    expect(await totalJobs()).toBe(before);
  });

  it('refuses --industry that moves the clone without the job function and employer type (exit 2), naming the flags', async () => {
    const before = await totalJobs();
    proxy.reset();
    const both = await runCli(['jobs', 'create', '--from', '3', '--industry', 'Healthcare'], { env: env() });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain(
      'error: --industry moves the clone of job 3 from Information Technology (1) to Healthcare (2), and its job function and employer type belong to an industry: give --job-function and --employer-type too; nothing was sent',
    );
    expect(both.stderr).toContain('hint: `recruit lookup functions --industry 2` and `recruit lookup employer-types --industry 2` list them');
    const one = await runCli(['jobs', 'create', '--from', '3', '--industry', '2', '--job-function', 'Nursing'], { env: env() });
    expect(one.code).toBe(2);
    expect(one.stderr).toContain('and its employer type belongs to an industry: give --employer-type too');
    expect(posts()).toHaveLength(0);
    expect(await totalJobs()).toBe(before);
  });

  it('moves the clone to another industry when the job function and employer type come with it', async () => {
    proxy.reset();
    const result = await runCli(
      ['jobs', 'create', '--from', '3', '--industry', 'healthcare', '--job-function', 'Nursing', '--employer-type', 'Hospital', '--title', 'Nurse Clone'],
      { env: env() },
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const clone = await getJob(createdId(result.stdout));
    const nursing = (await call(sandbox.current, 'GET', '/v1/job-functions?industry_id=2&search=nursing')).body.data[0].id;
    const hospital = (await call(sandbox.current, 'GET', '/v1/employer-types?industry_id=2&search=hospital')).body.data[0].id;
    expect(clone).toMatchObject({ title: 'Nurse Clone', industryId: 2, jobFunctionId: nursing, employerTypeId: hospital });
    // The same industry as the source's changes nothing: its job function and employer type stay.
    const same = await runCli(['jobs', 'create', '--from', '3', '--industry', 'Information Technology', '--dry-run'], { env: env() });
    expect(same.code).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ industryId: 1, jobFunctionId: 103, employerTypeId: 501 });
  });

  it("refuses a job function of another industry given by id (exit 2), and looks names up in the source's industry", async () => {
    proxy.reset();
    const byId = await runCli(['jobs', 'create', '--from', '3', '--job-function', '115'], { env: env() });
    expect(byId.code).toBe(2);
    expect(byId.stderr).toContain(
      '--job-function (jobFunctionId): 115 is not a job function in Information Technology (1), the industry of job 3 (give --industry to change it)',
    );
    const byName = await runCli(['jobs', 'create', '--from', '3', '--job-function', 'nursing'], { env: env() });
    expect(byName.code).toBe(2);
    expect(byName.stderr).toContain('no job function named "nursing" in Information Technology (1)');
    const ok = await runCli(['jobs', 'create', '--from', '3', '--job-function', 'devops', '--dry-run'], { env: env() });
    expect(ok.code).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ industryId: 1, jobFunctionId: 102 });
    expect(posts()).toHaveLength(0);
  });

  it('checks the merged job like any create: an invalid flag is exit 2 naming it', async () => {
    proxy.reset();
    const result = await runCli(['jobs', 'create', '--from', '3', '--location', 'Remote', '--currency', 'euro'], { env: env() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--location (location): must be a full location even for a remote job');
    expect(result.stderr).toContain('--currency (currency): must be an ISO 4217 code');
    expect(posts()).toHaveLength(0);
  });

  it('keeps an interrupted clone as a pending submission, and --resume creates it once with its key', async () => {
    const source = await richSource('Resume Source');
    proxy.reset();
    // The first POST is carried out but its answer is lost; the retries meet a service that is down.
    let seen = 0;
    proxy.script = (req) => {
      if (req.method !== 'POST' || req.path !== '/jobs') return undefined;
      return { forward: seen++ === 0, status: 503, body: '{"error":{"code":"unavailable","message":"down"}}' };
    };
    const failed = await runCli(['jobs', 'create', '--from', String(source.id), '--title', 'Resumed Clone'], { env: env() });
    proxy.script = undefined;
    expect(failed.code).toBe(5);
    const key = /--resume ([\w-]+)/.exec(failed.stderr)![1]!;
    expect(new Set(posts().map((p) => p.key))).toEqual(new Set([key]));

    const pending = JSON.parse((await runCli(['jobs', 'pending', '--json'], { env: env() })).stdout) as Job[];
    expect(pending).toContainEqual(expect.objectContaining({ key, title: 'Resumed Clone', source: 'clone' }));

    proxy.reset();
    const resumed = await runCli(['jobs', 'create', '--resume', key], { env: env() });
    expect(resumed.code).toBe(0);
    expect(posts().map((p) => p.key)).toEqual([key]);
    expect(JSON.parse(posts()[0]!.body)).toEqual({ ...asSent(source), title: 'Resumed Clone' });
    const id = createdId(resumed.stdout);
    const found = await call(sandbox.current, 'GET', '/v1/jobs?search=Resumed%20Clone&pageSize=100');
    expect((found.body.data as Job[]).map((j) => j.id)).toEqual([id]);
  });

  it('reads the source from the account in effect only', async () => {
    // Job 3 of the direct account is not a job of the staffing account: 404 there, nothing created.
    const ownStaffing = await call(sandbox.current, 'GET', '/v1/jobs?pageSize=100', { token: 'sbx_staffing_full' });
    const foreign = (await call(sandbox.current, 'GET', '/v1/jobs?pageSize=100')).body.data
      .map((j: Job) => j.id as number)
      .find((jobId: number) => !(ownStaffing.body.data as Job[]).some((j) => j.id === jobId));
    proxy.reset();
    const result = await runCli(['jobs', 'create', '--from', String(foreign)], { env: { ...env(), RECRUIT_TOKEN: 'sbx_staffing_full' } });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`no job ${foreign} to clone in this account`);
    expect(posts()).toHaveLength(0);
  });
});
