// `recruit jobs update` over real loopback HTTP against the sandbox: the patch sources, name
// resolution, the client-side checks, the free-board rule, conflicts, and safe retries.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { JobResource } from '../../src/sandbox/job.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob, words } from '../helpers/sandbox.js';

/** Every read of the sandbox clock moves it one second on, so each stored change shows in updatedAt. */
let clock = Date.parse('2026-03-02T08:00:00.000Z');
const sandbox = useSandbox({ now: () => (clock += 1000) });
const dir = mkdtempSync(join(tmpdir(), 'recruit-jobs-update-'));

/** A loopback URL where nothing listens: any request sent there would end in exit 5, not 2. */
let deadBaseUrl = '';
beforeAll(async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  deadBaseUrl = `http://127.0.0.1:${port}/v1`;
});

function recruit(args: string[], options: { token?: string; stdin?: string; baseUrl?: string } = {}): Promise<CliResult> {
  return runCli([...args, '--base-url', options.baseUrl ?? sandbox.current.baseUrl], {
    env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full' },
    stdin: options.stdin,
  });
}

async function createJob(overrides: Record<string, unknown> = {}): Promise<JobResource> {
  const res = await call<JobResource>(sandbox.current, 'POST', '/v1/jobs', { body: validJob(overrides) });
  expect(res.status).toBe(201);
  return res.body;
}

async function getJob(id: number): Promise<JobResource> {
  const res = await call<JobResource>(sandbox.current, 'GET', `/v1/jobs/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

async function queueFaults(queue: string[]): Promise<void> {
  const res = await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec: '', queue } });
  expect(res.status).toBe(200);
}

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

describe('jobs update: building the patch', () => {
  it('updates from field flags and reports each field the service changed, old -> new', async () => {
    const job = await createJob();
    const result = await recruit([
      'jobs', 'update', String(job.id),
      '--title', 'Staff Engineer',
      '--location', 'Berlin, Germany',
      '--salary-interval', 'Y',
      '--salary-min', '90000',
      '--salary-max', '120000.5',
      '--currency', 'EUR',
      '--experience', '5',
      '--skills', 'Go, SQL,,Kubernetes',
    ]);
    // Publication was not asked about: nothing said about it (--verbose says what was sent).
    expect(result.stderr).not.toContain('Publication:');
    expect(result).toMatchObject({ code: 0 });
    expect(result.stdout).toBe(
      [
        `Updated job ${job.id}:`,
        '  title           "Platform Engineer" → "Staff Engineer"',
        '  location        "Austin, TX, USA" → "Berlin, Germany"',
        '  salaryInterval  (none) → "Y"',
        '  salaryMin       (none) → 90000',
        '  salaryMax       (none) → 120000.5',
        '  currency        (none) → "EUR"',
        '  experience      (none) → 5',
        '  skills          [] → ["Go","SQL","Kubernetes"]',
        '',
      ].join('\n'),
    );
    expect(await getJob(job.id)).toMatchObject({
      title: 'Staff Engineer',
      location: 'Berlin, Germany',
      salaryInterval: 'Y',
      salaryMin: 90000,
      salaryMax: 120000.5,
      currency: 'EUR',
      experience: 5,
      skills: ['Go', 'SQL', 'Kubernetes'],
      description: job.description,
    });
  });

  it('--set parses JSON values, keeps other text as strings, and wins over the flags', async () => {
    const job = await createJob();
    const result = await recruit([
      'jobs', 'update', String(job.id),
      '--title', 'From the flag',
      '--set', 'title=From set',
      '--set', 'experience=7',
      '--set', 'optionalSkills=["Rust","Zig"]',
      '--set', 'qualifications=BSc or equivalent',
      '--set', 'jobCode=00123',
    ]);
    expect(result).toMatchObject({ code: 0, stderr: expect.not.stringContaining('warning') });
    expect(await getJob(job.id)).toMatchObject({
      title: 'From set',
      experience: 7,
      optionalSkills: ['Rust', 'Zig'],
      qualifications: 'BSc or equivalent',
      jobCode: '00123',
    });
  });

  it('--file gives the base patch and the flags override it; --json prints the updated job', async () => {
    const job = await createJob();
    const patch = file('patch.json', JSON.stringify({ title: 'From the file', experience: 2, qualifications: 'MSc' }));
    const result = await recruit(['jobs', 'update', String(job.id), '--file', patch, '--experience', '3', '--json']);
    expect(result.code).toBe(0);
    const printed = JSON.parse(result.stdout) as JobResource;
    expect(printed).toMatchObject({ id: job.id, title: 'From the file', experience: 3, qualifications: 'MSc' });
    expect(printed).toEqual(await getJob(job.id));
  });

  it('--file - reads the patch from stdin', async () => {
    const job = await createJob();
    const result = await recruit(['jobs', 'update', String(job.id), '--file', '-'], {
      stdin: JSON.stringify({ title: 'Piped title', skills: ['Go'] }),
    });
    expect(result.code).toBe(0);
    expect(await getJob(job.id)).toMatchObject({ title: 'Piped title', skills: ['Go'] });
  });

  it('--description-file reads the description from a file, and - from stdin', async () => {
    const job = await createJob();
    const text = words(130, 'fresh');
    expect((await recruit(['jobs', 'update', String(job.id), '--description-file', file('description.txt', text)])).code).toBe(0);
    expect((await getJob(job.id)).description).toBe(text);

    const piped = words(140, 'piped');
    expect((await recruit(['jobs', 'update', String(job.id), '--description-file', '-'], { stdin: piped })).code).toBe(0);
    expect((await getJob(job.id)).description).toBe(piped);
  });

  it('passes unknown fields through with a warning', async () => {
    const job = await createJob();
    const result = await recruit(['jobs', 'update', String(job.id), '--set', 'remoteAllowance=250', '--title', 'With extra']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('warning: remoteAllowance: not a known job field; sent as given');
    expect((await getJob(job.id)).title).toBe('With extra');
  });
});

describe('jobs update: references by name', () => {
  it("resolves --job-function by name within the job's industry", async () => {
    const job = await createJob();
    const found = await call<{ data: Array<{ id: number; name: string }> }>(
      sandbox.current, 'GET', '/v1/job-functions?industry_id=1&search=Data%20Engineering',
    );
    const expected = found.body.data.find((f) => f.name === 'Data Engineering')!.id;
    expect(expected).not.toBe(job.jobFunctionId);

    const result = await recruit(['jobs', 'update', String(job.id), '--job-function', 'data engineering']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Updated job ${job.id}:\n  jobFunctionId  101 → ${expected}\n`);
    expect((await getJob(job.id)).jobFunctionId).toBe(expected);
  });

  it("refuses a name from another industry with exit 2, pointing to the job's industry's list", async () => {
    const job = await createJob();
    const result = await recruit(['jobs', 'update', String(job.id), '--job-function', 'Nursing']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: no job function named "Nursing" in Information Technology (1)\n');
    expect(result.stderr).toContain('`recruit lookup functions --industry 1` lists them');
    expect(await getJob(job.id)).toEqual(job);
  });

  it('suggests the closest names for a misspelt name, and sends nothing', async () => {
    const job = await createJob();
    const result = await recruit(['jobs', 'update', String(job.id), '--job-function', 'Data Enginering', '--employer-type', 'SaaS Startup']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: no job function named "Data Enginering" in Information Technology (1); did you mean "Data Engineering"?');
    const industry = await recruit(['jobs', 'update', String(job.id), '--industry', 'Helthcare', '--job-function', 'Nursing']);
    expect(industry.code).toBe(2);
    expect(industry.stderr).toContain('error: no industry named "Helthcare"; did you mean "Healthcare"?');
    expect(await getJob(job.id)).toEqual(job);
  });

  it('resolves names within --industry when it is given', async () => {
    const job = await createJob();
    const result = await recruit([
      'jobs', 'update', String(job.id), '--industry', 'Healthcare', '--job-function', 'Nursing', '--employer-type', 'Hospital',
    ]);
    expect(result.code).toBe(0);
    const after = await getJob(job.id);
    const functions = await call<{ data: Array<{ id: number; name: string }> }>(sandbox.current, 'GET', `/v1/job-functions?industry_id=${after.industryId}&pageSize=100`);
    expect(after.industryId).not.toBe(1);
    expect(functions.body.data.find((f) => f.id === after.jobFunctionId)?.name).toBe('Nursing');
  });
});

describe('jobs update: checks before sending (exit 2, nothing sent)', () => {
  const cases: Array<[string, string[], RegExp]> = [
    ['a description under 100 words', ['--description', words(99)], /description: has 99 words; at least 100 are required/],
    ['a description file under 100 words', ['--description-file', '-'], /description: has 3 words/],
    ['a location that is not a full location', ['--location', 'Remote'], /location: must be a full location even for a remote job/],
    ['a salary interval outside H D W M Y', ['--salary-interval', 'Q'], /salaryInterval: must be one of H, D, W, M, Y/],
    ['salaryMin above salaryMax', ['--salary-min', '200', '--salary-max', '100'], /salaryMin: salaryMin \(200\) must not exceed salaryMax \(100\)/],
    ['salaryMin above salaryMax, both with separators (read as a CSV cell and the wizard read them)', ['--salary-min', '200,000', '--salary-max', '100 000'], /salaryMin: salaryMin \(200000\) must not exceed salaryMax \(100000\)/],
    ['a number flag that is not a number', ['--experience', 'five'], /experience: must be a number of at least 0/],
    ['a read-only field in --set', ['--set', 'status=5'], /status is set by the service[\s\S]*hint: change the lifecycle status with `recruit jobs status/],
    ['an invalid --set', ['--set', 'title'], /--set needs key=value/],
    ['an empty patch', [], /nothing to update/],
    ['two inputs from stdin', ['--file', '-', '--description-file', '-'], /only one input can come from stdin/],
  ];
  for (const [what, args, message] of cases) {
    it(`refuses ${what}`, async () => {
      const result = await recruit(['jobs', 'update', '3', ...args], { baseUrl: deadBaseUrl, stdin: 'only three words' });
      expect(result.stderr).toMatch(message);
      expect(result.code).toBe(2);
    });
  }

  it('refuses read-only fields in --file, naming each', async () => {
    const patch = file('read-only.json', JSON.stringify({ id: 3, title: 'x', updatedAt: '2026-01-01T00:00:00Z' }));
    const result = await recruit(['jobs', 'update', '3', '--file', patch], { baseUrl: deadBaseUrl });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: id, updatedAt are set by the service and cannot be updated');
    expect(result.stderr).toContain('  - id: read-only field');
  });

  it('refuses a salary bound that crosses the bound the job already has, and leaves the job unchanged', async () => {
    const job = await createJob({ salaryInterval: 'Y', salaryMin: 1000, salaryMax: 2000 });
    const result = await recruit(['jobs', 'update', String(job.id), '--salary-min', '5000']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('salaryMin (5000) must not exceed salaryMax (2000)');
    expect(await getJob(job.id)).toEqual(job);
  });
});

describe('jobs update: the checks jobs create makes, on every path (exit 2, nothing sent, the field named)', () => {
  const sentNothing = async (job: JobResource) => expect(await getJob(job.id)).toEqual(job);

  for (const [what, args, message] of [
    ['a currency that is no ISO 4217 code', ['--currency', 'euro'], 'currency: must be an ISO 4217 code such as USD or EUR'],
    ['a number in --set that is no number', ['--set', 'experience=abc'], 'experience: must be a number of at least 0'],
    ['a list in --set that is no list', ['--set', 'skills=5'], 'skills: must be a list of non-empty strings'],
    ['a reference in --set that is no id', ['--set', 'departmentId=sales'], 'departmentId: must be a positive integer id'],
    ['a required field cleared', ['--set', 'title=null'], 'title: cannot be cleared: a job needs it'],
  ] as const) {
    it(`refuses ${what}`, async () => {
      const job = await createJob();
      const result = await recruit(['jobs', 'update', String(job.id), ...args]);
      expect(result.stderr).toContain(message);
      expect(result.code).toBe(2);
      await sentNothing(job);
    });
  }

  it('refuses --industry alone, which would leave the job function and employer type in the old industry, naming the flags to add', async () => {
    const job = await createJob();
    for (const extra of [[], ['--json']]) {
      const result = await recruit(['jobs', 'update', String(job.id), '--industry', 'Healthcare', ...extra]);
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/moves job \d+ from industry 1 to industry \d+, and its job function and employer type belong to an industry: give --job-function and --employer-type too/);
      expect(result.stderr).toContain('`recruit lookup functions --industry');
    }
    const withFunction = await recruit(['jobs', 'update', String(job.id), '--industry', 'Healthcare', '--job-function', 'Nursing']);
    expect(withFunction.code).toBe(2);
    expect(withFunction.stderr).toContain('give --employer-type too');
    await sentNothing(job);
  });

  it('tells every problem in one round: the values and a misspelt name together', async () => {
    const job = await createJob();
    const result = await recruit(['jobs', 'update', String(job.id), '--currency', 'euro', '--set', 'experience=abc', '--job-function', 'Data Enginering']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('currency: must be an ISO 4217 code');
    expect(result.stderr).toContain('experience: must be a number of at least 0');
    expect(result.stderr).toContain('jobFunctionId: --job-function: no job function named "Data Enginering"');
    await sentNothing(job);
  });

  it('refuses the same with many ids: nothing sent to any job', async () => {
    const [a, b] = [await createJob(), await createJob()];
    for (const args of [['--currency', 'euro'], ['--set', 'experience=abc'], ['--industry', 'Healthcare']]) {
      const result = await recruit(['jobs', 'update', String(a.id), String(b.id), ...args]);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(2);
    }
    await sentNothing(a);
    await sentNothing(b);
  });
});

describe('jobs update: the free-board rule', () => {
  it('keeps free boards on for a title-only update, and --no-publish-free-boards turns them off', async () => {
    const job = await createJob({ publishToFreeJobBoards: true });
    expect(job.publishToFreeJobBoards).toBe(true);

    const titleOnly = await recruit(['jobs', 'update', String(job.id), '--title', 'Renamed', '--verbose']);
    expect(titleOnly.code).toBe(0);
    expect(titleOnly.stderr).toContain('Publication: career page unchanged (off); free boards kept on (sent publishToFreeJobBoards: true)');
    expect(titleOnly.stdout).toBe(`Updated job ${job.id}:\n  title  "Platform Engineer" → "Renamed"\n`);
    expect(await getJob(job.id)).toMatchObject({ title: 'Renamed', publishToFreeJobBoards: true, publishToCareerPage: false });

    const off = await recruit(['jobs', 'update', String(job.id), '--no-publish-free-boards']);
    expect(off.code).toBe(0);
    expect(off.stderr).toContain('Publication: career page unchanged (off); free boards off (sent publishToFreeJobBoards: false)');
    expect(off.stdout).toBe(`Updated job ${job.id}:\n  publishToFreeJobBoards  true → false\n`);
    expect((await getJob(job.id)).publishToFreeJobBoards).toBe(false);
  });

  it('sends the career page only when asked, and keeps it otherwise', async () => {
    const job = await createJob();
    const on = await recruit(['jobs', 'update', String(job.id), '--publish-career-page', '--publish-free-boards']);
    expect(on.code).toBe(0);
    expect(on.stderr).toContain('Publication: career page on (sent publishToCareerPage: true); free boards on (sent publishToFreeJobBoards: true)');
    expect(on.stdout).toBe(`Updated job ${job.id}:\n  publishToCareerPage     false → true\n  publishToFreeJobBoards  false → true\n`);

    const later = await recruit(['jobs', 'update', String(job.id), '--experience', '4', '--verbose']);
    expect(later.stderr).toContain('Publication: career page unchanged (on); free boards kept on (sent publishToFreeJobBoards: true)');
    expect(await getJob(job.id)).toMatchObject({ experience: 4, publishToCareerPage: true, publishToFreeJobBoards: true });
  });

  it('a free-board value in --set counts as the user deciding', async () => {
    const job = await createJob({ publishToFreeJobBoards: true });
    const result = await recruit(['jobs', 'update', String(job.id), '--set', 'publishToFreeJobBoards=false', '--title', 'Off boards']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('free boards off (sent publishToFreeJobBoards: false)');
    expect(await getJob(job.id)).toMatchObject({ title: 'Off boards', publishToFreeJobBoards: false });
  });
});

describe('jobs update: refusals by the API', () => {
  it('enabling a channel on an inactive job is a conflict (exit 4) with the service message', async () => {
    const job = await createJob();
    expect((await call(sandbox.current, 'PATCH', `/v1/jobs/${job.id}/status`, { body: { status: 2 } })).status).toBe(200);
    const result = await recruit(['jobs', 'update', String(job.id), '--publish-career-page']);
    expect(result.code).toBe(4);
    expect(result.stderr).toContain('A publication channel can only be turned on for an active, approved job');
    expect((await getJob(job.id)).publishToCareerPage).toBe(false);
  });

  it('a read-only token gets 403 (exit 3)', async () => {
    const job = await createJob();
    const result = await recruit(['jobs', 'update', String(job.id), '--title', 'Nope'], { token: 'sbx_direct_readonly' });
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('lacks the jobs.write permission');
    expect((await getJob(job.id)).title).toBe(job.title);
  });

  it('an unknown job is exit 1', async () => {
    const result = await recruit(['jobs', 'update', '999999', '--title', 'Ghost']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No job with id 999999');
  });

  it('a server-side validation failure is exit 1 with the field details', async () => {
    const job = await createJob();
    // A rule only the service knows (the client checks the currency, a number's type and sign: see below).
    const result = await recruit(['jobs', 'update', String(job.id), '--experience', '80']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('  - experience: must be between 0 and 70');
  });
});

describe('jobs update: retries with one Idempotency-Key', () => {
  it('a connection dropped after the commit is retried with the same key and applied once', async () => {
    const job = await createJob({ publishToFreeJobBoards: true });
    await queueFaults(['reset']);
    const result = await recruit(['jobs', 'update', String(job.id), '--title', 'Applied once', '--publish-free-boards', '--verbose', '--json']);
    expect(result.code).toBe(0);

    const first = /> PATCH \S+ attempt=1 idempotency-key=(\S+)/.exec(result.stderr);
    expect(first).not.toBeNull();
    expect(result.stderr).toContain(`> PATCH ${sandbox.current.baseUrl}/jobs/${job.id} attempt=2 idempotency-key=${first![1]}`);
    expect(result.stderr).toMatch(/< 200 PATCH \S+ \d+ms attempt=2 replayed/);
    expect(result.stderr).toContain('applied once');

    const printed = JSON.parse(result.stdout) as JobResource;
    const after = await getJob(job.id);
    expect(after.title).toBe('Applied once');
    expect(after.updatedAt).not.toBe(job.updatedAt);
    // The replayed answer is the first commit's; a second commit would have moved updatedAt again.
    expect(printed.updatedAt).toBe(after.updatedAt);
  });

  it('a 503 is retried with the same key and then succeeds', async () => {
    const job = await createJob();
    await queueFaults(['503']);
    // --json: the job is not read first, so the queued 503 meets the PATCH.
    const result = await recruit(['jobs', 'update', String(job.id), '--title', 'After 503', '--no-publish-free-boards', '--verbose', '--json']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/< 503 PATCH \S+ \d+ms attempt=1\n/);
    const keys = [...result.stderr.matchAll(/> PATCH \S+ attempt=\d idempotency-key=(\S+)/g)].map((m) => m[1]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect((await getJob(job.id)).title).toBe('After 503');
  });
});

describe('jobs update: an honest report of what the service changed', () => {
  it('says that a field the job does not have was ignored, and exits 0', async () => {
    const job = await createJob();
    const result = await recruit(['jobs', 'update', String(job.id), '--set', 'foo=bar']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Job ${job.id} unchanged:\n  foo  ignored by the service: the job has no such field (sent "bar")\n`);
    expect(result.stdout).not.toContain('Updated');
    const { updatedAt: _before, ...rest } = job;
    expect(await getJob(job.id)).toMatchObject(rest);
  });

  it('tells a change from a value the job already had, and from an ignored field, in one report, changes first', async () => {
    const job = await createJob({ experience: 3 });
    const patch = file('mixed.json', JSON.stringify({ remote: true, experience: 3, title: 'Both' }));
    const result = await recruit(['jobs', 'update', String(job.id), '--file', patch]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      [
        `Updated job ${job.id}:`,
        '  title       "Platform Engineer" → "Both"',
        '  experience  unchanged (already 3)',
        '  remote      ignored by the service: the job has no such field (sent true)',
        '',
      ].join('\n'),
    );
  });

  it('--json prints the job as the service answered, as before, and names ignored fields in a warning', async () => {
    const job = await createJob();
    const result = await recruit(['jobs', 'update', String(job.id), '--set', 'foo=bar', '--title', 'Json', '--json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(await getJob(job.id));
    expect(result.stderr).toContain('warning: the service ignored foo (the job has no such field)\n');
    expect(result.stderr).not.toContain('title');
  });

  it('names ids and codes on a terminal', async () => {
    const job = await createJob();
    const result = await runCli(['jobs', 'update', String(job.id), '--job-function', 'DevOps', '--job-type', 'PT', '--base-url', sandbox.current.baseUrl], {
      tty: true,
      env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' },
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `Updated job ${job.id}:\n  jobType        (none) → Part-time (PT)\n  jobFunctionId  Software Development (101) → DevOps (102)\n`,
    );
  });

  it('reads a value kept, one stored in another form, and a change not asked for, from what the service answers', async () => {
    const before = { id: 5, status: 5, approvalStatus: null, title: 'Old', experience: 2, location: 'Austin, TX, USA', publishToFreeJobBoards: true, updatedAt: 'a' };
    // The service keeps experience, trims the title, and takes the job off the free boards; it answers
    // the PATCH with a part of the job only, so the CLI reads the job again to compare.
    const after = { ...before, title: 'New', publishToFreeJobBoards: false, updatedAt: 'b' };
    const seen: string[] = [];
    const server = createHttpServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      const patched = seen.some((r) => r.startsWith('PATCH'));
      const body = req.method === 'PATCH' ? { id: 5, status: 5, approvalStatus: null } : patched ? after : before;
      req.resume().on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const result = await recruit(['jobs', 'update', '5', '--title', ' New ', '--experience', '4'], { baseUrl });
      expect(result.code).toBe(0);
      expect(seen).toEqual(['GET /v1/jobs/5', 'PATCH /v1/jobs/5', 'GET /v1/jobs/5']);
      expect(result.stdout).toBe(
        [
          'Updated job 5:',
          '  title                   "Old" → "New" (sent " New ")',
          '  experience              ignored by the service: kept 2 (sent 4)',
          '  publishToFreeJobBoards  true → false (not asked for; changed by the service)',
          '',
        ].join('\n'),
      );
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
