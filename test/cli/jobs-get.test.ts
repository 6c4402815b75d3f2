// `recruit jobs get` against a real sandbox over loopback.
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { skippingClock } from '../helpers/clock.js';
import type { Clock } from '../../src/core/clock.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const sandbox = useSandbox();
/** Nothing listens there: a request would end in exit 5 after retries. */
const DEAD_URL = 'http://127.0.0.1:9/v1';

function get(args: string[], options: { token?: string; tty?: boolean; env?: NodeJS.ProcessEnv; clock?: Clock } = {}) {
  return runCli(['jobs', 'get', ...args, '--base-url', sandbox.current.baseUrl], {
    tty: options.tty,
    clock: options.clock,
    env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1', ...options.env },
  });
}

async function setFaults(spec: string, queue: string[] = []): Promise<void> {
  const res = await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec, queue } });
  expect(res.status).toBe(200);
}

describe('recruit jobs get', () => {
  it('prints the job exactly as the API returned it with --json', async () => {
    const result = await get(['3', '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const api = await call(sandbox.current, 'GET', '/v1/jobs/3');
    expect(JSON.parse(result.stdout)).toEqual(api.body);
  });

  it('prints an aligned listing with labels on a terminal', async () => {
    const result = await get(['3'], { tty: true });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 7)).toEqual([
      'ID                  3',
      'Title               Data Engineer',
      'Code                JOB-00003',
      'Status              New (2)',
      'Approval            none',
      'Location            Toronto, ON, Canada',
      'Published           career page no, free boards no',
    ]);
    expect(result.stdout).toMatch(/^Skills {14}Communication, Teamwork$/m);
    expect(result.stdout).toMatch(/^Experience \(years\) {2}4$/m);
    expect(result.stdout).not.toMatch(/^Customer/m); // null fields are left out
    expect(lines.slice(-2)).toEqual(['Created             2026-01-07T09:00:00.000Z', 'Updated             2026-01-07T09:00:00.000Z']);
    expect(result.stdout).not.toContain('\t');
    // The description wraps to the terminal's 100 columns, under its first line.
    const description = lines.findIndex((l) => l.startsWith('Description'));
    expect(lines[description]).toMatch(/^Description {9}We are looking for a Data Engineer/);
    expect(lines[description + 1]).toMatch(/^ {20}\S/);
    expect(Math.max(...lines.map((l) => l.length))).toBeLessThanOrEqual(100);
  });

  it('shows a pending approval with its code', async () => {
    const result = await get(['14'], { tty: true, token: 'sbx_approval_full' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Status +Pending Approval \(3\)$/m);
    expect(result.stdout).toMatch(/^Approval +Pending \(0\)$/m);
  });

  it('colours the status only when colour is on', async () => {
    const env = { NO_COLOR: undefined };
    const coloured = await get(['1'], { tty: true, env: { ...env, FORCE_COLOR: '1' } });
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toContain('\u001b[32mIn Progress (5)\u001b[39m');
    const plain = await get(['1'], { tty: true, env: { ...env, FORCE_COLOR: '0' } });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/^Status +In Progress \(5\)$/m);
    expect(plain.stdout).not.toContain('\u001b');
  });

  it('prints field<TAB>value lines with API names when piped', async () => {
    const result = await get(['1'], { env: { NO_COLOR: undefined, FORCE_COLOR: '0' } });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.slice(0, 10)).toEqual([
      'id\t1',
      'title\tSenior Backend Engineer',
      'jobCode\tJOB-00001',
      'status\t5',
      'statusLabel\tIn Progress',
      'approvalStatus\t',
      'approvalStatusLabel\tnone',
      'location\tAustin, TX, USA',
      'publishToCareerPage\ttrue',
      'publishToFreeJobBoards\tfalse',
    ]);
    expect(lines).toContain('skills\t["Communication","Teamwork"]');
    expect(lines.at(-1)).toBe('updatedAt\t2026-01-05T09:00:00.000Z');
    expect(lines.every((l) => l.split('\t').length === 2)).toBe(true);
  });

  it('escapes control characters of a title in the listing and in a pipe', async () => {
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      body: validJob({ title: 'Evil \u001b[31mRed\u0007 title' }),
      idempotencyKey: 'jobs-get-evil-title',
    });
    expect(created.status).toBe(201);
    const id = String(created.body.id);
    const tty = await get([id], { tty: true });
    expect(tty.stdout).toMatch(/^Title +Evil \\e\[31mRed\\x07 title$/m);
    expect(tty.stdout).not.toContain('\u001b');
    const piped = await get([id]);
    expect(piped.stdout).toContain('title\tEvil \\e[31mRed\\x07 title\n');
    expect(piped.stdout).not.toContain('\u001b');
    expect(piped.stdout).not.toContain('\u0007');
  });

  it('refuses an id that is not a positive integer before sending anything (exit 2)', async () => {
    // (A word with a letter is a job code: test/cli/ux/gh-habits.test.ts.)
    for (const id of ['0', '1.5', '-3', '']) {
      const result = await runCli(['jobs', 'get', id, '--base-url', DEAD_URL], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
      expect(result.code, id).toBe(2);
      expect(result.stderr).toContain('job id must be a positive integer');
    }
  });

  it('says what the server said for an unknown job or one of another account (exit 1)', async () => {
    const unknown = await get(['9999']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No job with id 9999');
    expect(unknown.stdout).toBe('');
    expect((await get(['17'])).code).toBe(1); // a staffing-account job
  });

  it('reports errors as JSON on stderr with --json', async () => {
    const result = await get(['9999', '--json']);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'not_found', status: 404, retryable: false } });
  });

  it('exits 3 for a bad token (401) and for a token without jobs.read (403)', async () => {
    const bad = await get(['1'], { token: 'sbx_nobody_full' });
    expect(bad.code).toBe(3);
    expect(bad.stderr).toContain('401');
    const forbidden = await get(['1'], { token: 'sbx_direct_lookups' });
    expect(forbidden.code).toBe(3);
    expect(forbidden.stderr).toContain('403');
  });

  it('waits out a 429 (Retry-After: 1) and succeeds', async () => {
    await setFaults('', ['429']);
    const clock = skippingClock();
    const started = Date.now();
    const result = await get(['2', '--json'], { clock });
    expect(result.code).toBe(0);
    // The command's clock went past the second the service asked for: most of it skipped, not waited.
    expect(clock.waited + (Date.now() - started)).toBeGreaterThanOrEqual(1000);
    expect(clock.waited).toBeGreaterThan(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ id: 2, title: 'DevOps Engineer' });
  });

  it('gives up with exit 5 when every attempt gets a 503', async () => {
    await setFaults('503=1');
    try {
      const result = await get(['2']);
      expect(result.code).toBe(5);
      expect(result.stderr).toContain('gave up after 5 attempts');
      expect(result.stdout).toBe('');
    } finally {
      await setFaults('');
    }
  });

  it('prints request and response lines with --verbose, never the token', async () => {
    const result = await get(['2', '--verbose']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/v1\/jobs\/2 attempt=1$/m);
    expect(result.stderr).toMatch(/^< 200 GET .*\/v1\/jobs\/2 \d+ms attempt=1$/m);
    expect(result.stdout + result.stderr).not.toContain('sbx_direct_full');
  });
});

describe('recruit jobs get: names for ids and codes on a terminal', () => {
  /** A state directory of its own, so that the name cache starts empty. */
  const freshState = () => ({ RECRUIT_STATE_DIR: mkdtempSync(join(tmpdir(), 'names-state-')) });
  const requests = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('> GET '));

  it('shows every lookup field by its name with the id or code beside it', async () => {
    const token = 'sbx_staffing_full';
    const first = async (path: string) => (await call(sandbox.current, 'GET', `/v1${path}`, { token })).body.data[0];
    const [customer, department, manager] = await Promise.all([first('/customers'), first('/departments'), first('/hiring-managers')]);
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      token,
      idempotencyKey: 'jobs-get-every-name',
      body: validJob({
        title: 'Named Everything',
        industryId: 1,
        jobFunctionId: 103,
        customerId: customer.id,
        departmentId: department.id,
        hiringManagerId: manager.id,
        jobType: 'PT',
        educationLevel: 'MA',
        salaryInterval: 'H',
      }),
    });
    expect(created.status).toBe(201);

    const result = await get([String(created.body.id)], { tty: true, token, env: freshState() });
    expect(result).toMatchObject({ code: 0, stderr: '' });
    const rows = result.stdout.split('\n').map((l) => l.replace(/^(\S+(?: \S+)*?) {2,}/, '$1: '));
    for (const row of [
      'Industry: Information Technology (1)',
      'Job function: Data Engineering (103)',
      'Employer type: Software Vendor (501)',
      `Customer: ${customer.name} (${customer.id})`,
      `Department: ${department.name} (${department.id})`,
      `Hiring manager: ${manager.name} (${manager.id})`,
      'Job type: Part-time (PT)',
      "Education: Master's degree (MA)",
      'Salary interval: Hourly (H)',
    ]) {
      expect(rows).toContain(row);
    }
  });

  it('asks for each list once, then answers from the cache; --json and a pipe ask for none', async () => {
    const env = freshState();
    const first = await get(['3', '--verbose'], { tty: true, env });
    expect(first.code).toBe(0);
    expect(requests(first.stderr).map((l) => l.replace(/^> GET \S+?\/v1/, '').replace(/ attempt=1$/, '')).sort()).toEqual([
      '/employer-types?pageSize=100&industry_id=1&page=1',
      '/industries?pageSize=100&page=1',
      '/job-functions?pageSize=100&industry_id=1&page=1',
      '/job-options',
      '/jobs/3',
    ]);
    const again = await get(['3', '--verbose'], { tty: true, env });
    expect(again.stdout).toBe(first.stdout);
    expect(requests(again.stderr)).toHaveLength(1);

    const other = freshState();
    for (const args of [['3', '--json', '--verbose'], ['3', '--verbose']]) {
      const result = await get(args, { env: other });
      expect(result.code).toBe(0);
      expect(requests(result.stderr), args.join(' ')).toHaveLength(1);
      expect(result.stdout).not.toContain('Information Technology');
    }
    expect(existsSync(join(other.RECRUIT_STATE_DIR, 'cache'))).toBe(false);
  });

  it('fetches a cached list again after an hour, and after five minutes when it lacks an id', async () => {
    const env = freshState();
    expect((await get(['3'], { tty: true, env })).code).toBe(0);
    const cache = join(env.RECRUIT_STATE_DIR, 'cache');
    const file = join(cache, readdirSync(cache).find((f) => f.startsWith('names-job-functions-1-'))!);
    const entry = JSON.parse(readFileSync(file, 'utf8')) as { fetchedAt: number; items: Array<[number, string]> };
    const lacking = { ...entry, items: entry.items.filter(([id]) => id !== 103).map(([id, name]) => [id, `${name} (cached)`]) };

    // Fresh and lacking the id: not asked again for five minutes; the id alone meanwhile.
    writeFileSync(file, JSON.stringify({ ...lacking, fetchedAt: Date.now() - 60_000 }));
    const recent = await get(['3', '--verbose'], { tty: true, env });
    expect(recent.stdout).toMatch(/^Job function {8}103$/m);
    expect(requests(recent.stderr)).toHaveLength(1);

    writeFileSync(file, JSON.stringify({ ...lacking, fetchedAt: Date.now() - 6 * 60_000 }));
    const older = await get(['3', '--verbose'], { tty: true, env });
    expect(older.stdout).toMatch(/^Job function {8}Data Engineering \(103\)$/m);
    expect(requests(older.stderr).filter((l) => l.includes('/job-functions'))).toHaveLength(1);

    // A list that has the id is used for an hour, not after.
    const named = { ...entry, items: entry.items.map(([id, name]) => [id, `${name} (cached)`]) };
    writeFileSync(file, JSON.stringify({ ...named, fetchedAt: Date.now() - 59 * 60_000 }));
    expect((await get(['3'], { tty: true, env })).stdout).toMatch(/^Job function {8}Data Engineering \(cached\) \(103\)$/m);
    writeFileSync(file, JSON.stringify({ ...named, fetchedAt: Date.now() - 61 * 60_000 }));
    expect((await get(['3'], { tty: true, env })).stdout).toMatch(/^Job function {8}Data Engineering \(103\)$/m);
  });

  it('keeps the names of each account apart, and never the token', async () => {
    const env = freshState();
    const staffingJob = (await call(sandbox.current, 'GET', '/v1/jobs?pageSize=1', { token: 'sbx_staffing_full' })).body.data[0];
    expect((await get(['3'], { tty: true, env })).code).toBe(0);
    const staffing = await get([String(staffingJob.id), '--verbose'], { tty: true, env, token: 'sbx_staffing_full' });
    expect(staffing.code).toBe(0);
    // The direct account's cached lists are not the staffing account's: asked for again.
    expect(requests(staffing.stderr).some((l) => l.includes('/industries'))).toBe(true);
    const cache = join(env.RECRUIT_STATE_DIR, 'cache');
    expect(readdirSync(cache).filter((f) => f.startsWith('names-industries-'))).toHaveLength(2);
    for (const f of readdirSync(cache)) expect(readFileSync(join(cache, f), 'utf8')).not.toContain('sbx_');
  });

  it('shows ids alone, without an error, when the lookups are refused', async () => {
    const job = (await call(sandbox.current, 'GET', '/v1/jobs/3')).body;
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url ?? '');
      const own = req.url === '/v1/jobs/3';
      res
        .writeHead(own ? 200 : 403, { 'content-type': 'application/json' })
        .end(JSON.stringify(own ? job : { error: { code: 'forbidden', message: 'Missing permission organization.read' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
      const result = await runCli(['jobs', 'get', '3', '--base-url', baseUrl], {
        tty: true,
        env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', ...freshState() },
      });
      expect(result).toMatchObject({ code: 0, stderr: '' });
      expect(result.stdout).toMatch(/^Industry {12}1$/m);
      expect(result.stdout).toMatch(/^Job function {8}103$/m);
      expect(result.stdout).toMatch(/^Job type {12}FT$/m);
      expect(seen.some((u) => u.startsWith('/v1/industries'))).toBe(true);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
