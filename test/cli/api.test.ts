// `recruit api <path>` over real loopback HTTP against the sandbox: methods, typed fields, query
// parameters, --input, --paginate, headers, error statuses and their exit codes, and the token.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { JobResource } from '../../src/sandbox/job.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob, words } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const dir = mkdtempSync(join(tmpdir(), 'recruit-api-'));
const TOKEN = 'sbx_direct_full';

function recruit(args: string[], options: { token?: string; stdin?: string } = {}): Promise<CliResult> {
  return runCli([...args, '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: options.token ?? TOKEN }, stdin: options.stdin });
}

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function createJob(overrides: Record<string, unknown> = {}): Promise<JobResource> {
  const res = await call<JobResource>(sandbox.current, 'POST', '/v1/jobs', { body: validJob(overrides) });
  expect(res.status).toBe(201);
  return res.body;
}

async function getJob(id: number): Promise<JobResource> {
  return (await call<JobResource>(sandbox.current, 'GET', `/v1/jobs/${id}`)).body;
}

interface Envelope<T = { id: number; name: string }> {
  data: T[];
  meta: { pagination: { page: number; pageSize: number; totalItems: number; totalPages: number } };
}

describe('recruit api: requests', () => {
  it('GETs a path relative to the base URL, with or without the leading slash, and prints pretty JSON', async () => {
    const result = await recruit(['api', 'industries']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^\{\n {2}"data": \[/);
    const body = JSON.parse(result.stdout) as Envelope;
    expect(body.data[0]).toEqual({ id: 1, name: 'Information Technology' });
    expect(JSON.parse((await recruit(['api', '/industries'])).stdout)).toEqual(body);
  });

  it('sends -f fields as query parameters on GET', async () => {
    const result = await recruit(['api', '/job-functions', '-X', 'GET', '-f', 'industry_id=1', '-f', 'pageSize=3', '-f', 'search=e']);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as Envelope;
    expect(body.meta.pagination).toMatchObject({ pageSize: 3 });
    expect(body.data).toHaveLength(3);
    expect(body.data.every((f) => f.name.toLowerCase().includes('e') && f.id >= 101 && f.id <= 114)).toBe(true);
  });

  it('keeps a query string given in the path', async () => {
    const body = JSON.parse((await recruit(['api', '/job-functions?industry_id=1&pageSize=2'])).stdout) as Envelope;
    expect(body.data.map((f) => f.id)).toEqual([101, 102]);
  });

  it('POSTs typed -f fields with a description from @file and prints the created job', async () => {
    const description = words(110, 'api');
    const result = await recruit([
      'api', '/jobs',
      '-f', 'title=Created through api',
      '-f', `description=@${file('description.txt', description)}`,
      '-f', 'location=Austin, TX, USA',
      '-f', 'jobFunctionId=101',
      '-f', 'employerTypeId=501',
      '-f', 'experience=3.5',
      '-f', 'publishToCareerPage=true',
      '-f', 'qualifications=null',
      '-f', 'skills[]=Go',
      '-f', 'skills[]=SQL',
      '-f', 'jobCode=00042x',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const created = JSON.parse(result.stdout) as JobResource;
    expect(created).toMatchObject({
      title: 'Created through api',
      status: 5,
      jobFunctionId: 101,
      experience: 3.5,
      publishToCareerPage: true,
      qualifications: null,
      skills: ['Go', 'SQL'],
      jobCode: '00042x',
    });
    expect(await getJob(created.id)).toMatchObject({ title: 'Created through api', description });
  });

  it('sends --input as the body, from a file or from stdin, with PATCH given by -X', async () => {
    const job = await createJob();
    const patch = file('patch.json', JSON.stringify({ title: 'Patched from file', publishToFreeJobBoards: false }));
    const fromFile = await recruit(['api', `/jobs/${job.id}`, '-X', 'patch', '--input', patch]);
    expect(fromFile.code).toBe(0);
    expect(JSON.parse(fromFile.stdout)).toMatchObject({ id: job.id, title: 'Patched from file' });

    const fromStdin = await recruit(['api', `/jobs/${job.id}`, '-X', 'PATCH', '--input', '-'], { stdin: '{"experience": 9}' });
    expect(fromStdin.code).toBe(0);
    expect(await getJob(job.id)).toMatchObject({ title: 'Patched from file', experience: 9 });
  });

  it('defaults to POST with --input', async () => {
    const body = file('job.json', JSON.stringify(validJob({ title: 'Posted from input' })));
    const result = await recruit(['api', '/jobs', '--input', body]);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'Posted from input', status: 5 });
  });

  it('passes -H headers: an Idempotency-Key header makes a repeated POST a replay', async () => {
    const args = ['api', '/jobs', '-H', 'Idempotency-Key: api-test-key-1', '--input', file('same.json', JSON.stringify(validJob({ title: 'Once' })))];
    const first = await recruit(args);
    const second = await recruit([...args, '--verbose']);
    expect(first.code).toBe(0);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout).id).toBe(JSON.parse(first.stdout).id);
    expect(second.stderr).toMatch(/> POST \S+ attempt=1 idempotency-key=api-test-key-1\n/);
    expect(second.stderr).toMatch(/< 201 POST \S+ \d+ms attempt=1 replayed/);
  });

  it('adds an Idempotency-Key to POST so that a retry after a dropped connection creates one job', async () => {
    const before = JSON.parse((await recruit(['api', '/jobs'])).stdout) as Envelope;
    await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec: '', queue: ['reset'] } });
    const body = file('reset.json', JSON.stringify(validJob({ title: 'Reset once' })));
    const result = await recruit(['api', '/jobs', '--input', body, '--verbose']);
    expect(result.code).toBe(0);
    const keys = [...result.stderr.matchAll(/> POST \S+ attempt=\d idempotency-key=(\S+)/g)].map((m) => m[1]);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    const after = JSON.parse((await recruit(['api', '/jobs'])).stdout) as Envelope;
    expect(after.meta.pagination.totalItems).toBe(before.meta.pagination.totalItems + 1);
  });
});

describe('recruit api --paginate', () => {
  it('follows totalPages and prints every item as one array', async () => {
    const result = await recruit(['api', '/job-functions?industry_id=1', '--paginate', '--verbose']);
    expect(result.code).toBe(0);
    const items = JSON.parse(result.stdout) as Array<{ id: number }>;
    expect(items.map((f) => f.id)).toEqual(Array.from({ length: 14 }, (_, i) => 101 + i));
    expect(result.stderr.match(/> GET /g)).toHaveLength(2);
  });

  it('uses -f fields as the query, with GET as the default method', async () => {
    const result = await recruit(['api', '/job-functions', '-f', 'industry_id=1', '-f', 'pageSize=5', '--paginate']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as unknown[]).length).toBe(14);
  });

  it('prints the error body of a failed page and exits with its code', async () => {
    const result = await recruit(['api', '/job-functions', '--paginate']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toMatchObject({ error: { code: expect.any(String) } });
    expect(result.stderr).toContain('industry_id');
  });

  it('refuses a method other than GET (exit 2)', async () => {
    const result = await recruit(['api', '/jobs', '-X', 'POST', '--paginate']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--paginate works with GET only');
  });
});

describe('recruit api: error statuses print the body and map to exit codes', () => {
  it('404 -> exit 1, body on stdout', async () => {
    const result = await recruit(['api', '/jobs/999999']);
    expect(result.code).toBe(1);
    expect(JSON.parse(result.stdout)).toEqual({ error: { code: 'not_found', message: 'No job with id 999999' } });
    expect(result.stderr).toContain('failed with 404: No job with id 999999');
  });

  it('400 -> exit 1 with the field details; with --json the error also goes to stderr as JSON', async () => {
    const result = await recruit(['api', '/jobs', '-f', 'title=Too little', '--json']);
    expect(result.code).toBe(1);
    const body = JSON.parse(result.stdout) as { error: { details: Array<{ field: string }> } };
    expect(body.error.details.map((d) => d.field)).toContain('description');
    const error = JSON.parse(result.stderr) as { error: { status: number; details: Array<{ field: string }> } };
    expect(error.error.status).toBe(400);
    expect(error.error.details.map((d) => d.field)).toContain('description');
  });

  it('403 -> exit 3', async () => {
    const result = await recruit(['api', '/jobs', '--input', file('forbidden.json', JSON.stringify(validJob()))], { token: 'sbx_direct_readonly' });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.code).toBe('forbidden');
  });

  it('401 -> exit 3', async () => {
    const result = await recruit(['api', '/industries'], { token: 'sbx_nobody_secret' });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout).error.code).toBe('unauthenticated');
  });

  it('409 -> exit 4', async () => {
    const job = await createJob();
    await call(sandbox.current, 'PATCH', `/v1/jobs/${job.id}/status`, { body: { status: 2 } });
    const result = await recruit(['api', `/jobs/${job.id}`, '-X', 'PATCH', '-f', 'publishToCareerPage=true']);
    expect(result.code).toBe(4);
    expect(JSON.parse(result.stdout).error.code).toBe('publication_not_allowed');
  });

  it('503 on every attempt -> exit 5 after the retries', async () => {
    await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec: '', queue: ['503', '503', '503', '503', '503'] } });
    const result = await recruit(['api', '/industries']);
    expect(result.code).toBe(5);
    expect(JSON.parse(result.stdout).error.code).toBe('service_unavailable');
    expect(result.stderr).toContain('gave up after 5 attempts');
  });
});

describe('recruit api: refusals and the token', () => {
  it('refuses to override the Authorization header (exit 2)', async () => {
    const result = await recruit(['api', '/industries', '-H', 'authorization: Bearer other']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('refusing to override the Authorization header');
  });

  it('refuses an absolute URL to another host (exit 2) and accepts one under the base URL', async () => {
    const other = await recruit(['api', 'https://example.com/v1/industries']);
    expect(other.code).toBe(2);
    expect(other.stderr).toContain('refusing to send the request to https://example.com');
    const same = await recruit(['api', `${sandbox.current.baseUrl}/industries?pageSize=1`]);
    expect(same.code).toBe(0);
    expect((JSON.parse(same.stdout) as Envelope).data).toHaveLength(1);
  });

  it('refuses bad usage before sending: --input with -f, a field without =, a bad header', async () => {
    for (const [args, message] of [
      [['-f', 'a=1', '--input', '-'], '--input and -f/--field cannot be combined'],
      [['-f', 'novalue'], '-f/--field needs key=value'],
      [['-H', 'no colon'], '-H/--header needs "Name: value"'],
      [['-X', 'GE T'], '-X/--method must be an HTTP method'],
    ] as const) {
      const result = await recruit(['api', '/jobs', ...args]);
      expect(result.stderr).toContain(message);
      expect(result.code).toBe(2);
    }
  });

  it('never prints the token, even with --verbose and on errors', async () => {
    const results = [
      await recruit(['api', '/industries', '--verbose']),
      await recruit(['api', '/jobs', '-f', 'title=x', '--verbose']),
      await recruit(['api', '/jobs/999999', '--verbose', '--json']),
    ];
    expect(results.map((r) => r.code)).toEqual([0, 1, 1]);
    for (const r of results) {
      expect(r.stderr).toContain('> ');
      expect(`${r.stdout}${r.stderr}`).not.toContain(TOKEN);
    }
  });
});
