// `recruit jobs list` against real sandboxes over loopback.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { runCli } from '../helpers/cli.js';
import { skippingClock } from '../helpers/clock.js';
import type { Clock } from '../../src/core/clock.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

/** Nothing listens there: a request would end in exit 5 after retries. */
const DEAD_URL = 'http://127.0.0.1:9/v1';

interface Options {
  token?: string;
  tty?: boolean;
  env?: NodeJS.ProcessEnv;
  clock?: Clock;
}

function lister(sandbox: { readonly current: RunningSandbox }) {
  return (args: string[], options: Options = {}) =>
    runCli(['jobs', 'list', ...args, '--base-url', sandbox.current.baseUrl], {
      tty: options.tty,
      clock: options.clock,
      env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1', ...options.env },
    });
}

const ids = (stdout: string) => (JSON.parse(stdout) as Array<{ id: number }>).map((j) => j.id);

describe('recruit jobs list (seeded jobs)', () => {
  const sandbox = useSandbox();
  const list = lister(sandbox);

  async function setFaults(spec: string, queue: string[] = []): Promise<void> {
    expect((await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec, queue } })).status).toBe(200);
  }

  it('prints the first page as the array of job objects with --json', async () => {
    const result = await list(['--json']);
    expect(result).toMatchObject({ code: 0, stderr: 'note: page 1 of 2 (12 jobs) only; add --all for every page\n' });
    const api = await call(sandbox.current, 'GET', '/v1/jobs');
    expect(JSON.parse(result.stdout)).toEqual(api.body.data);
    expect(ids(result.stdout)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
  });

  it('follows every page with --all', async () => {
    const small = await list(['--all', '--page-size', '5', '--json', '--verbose']);
    expect(small.code).toBe(0);
    expect(ids(small.stdout)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1]);
    expect(small.stderr.match(/^> GET .*\/v1\/jobs\?/gm)).toHaveLength(3);
    expect(small.stderr).toMatch(/^> GET .*\/v1\/jobs\?pageSize=5&page=3 /m);
    // Without --page-size, --all asks for large pages.
    const large = await list(['--all', '--json', '--verbose']);
    expect(ids(large.stdout)).toHaveLength(12);
    expect(large.stderr.match(/^> GET .*\/v1\/jobs\?pageSize=100&page=1 /gm)).toHaveLength(1);
  });

  it('filters by status labels and codes, repeated or comma separated', async () => {
    const inProgress = [11, 10, 8, 6, 4, 2, 1];
    for (const status of ['in-progress', 'In Progress', 'IN_PROGRESS', '5']) {
      const result = await list(['--status', status, '--json']);
      expect(result.code, status).toBe(0);
      expect(ids(result.stdout), status).toEqual(inProgress);
    }
    const newOrClosed = [12, 9, 5, 3];
    const comma = await list(['--status', 'new,1', '--json', '--verbose']);
    expect(ids(comma.stdout)).toEqual(newOrClosed);
    expect(comma.stderr).toMatch(/^> GET .*\/v1\/jobs\?status=2%2C1 /m);
    const repeated = await list(['--status', 'Closed', '--status', 'new', '--json']);
    expect(ids(repeated.stdout)).toEqual(newOrClosed);
  });

  it('finds pending-approval jobs by label on the approval account', async () => {
    const result = await list(['--status', 'pending approval', '--json'], { token: 'sbx_approval_full' });
    expect(result.code).toBe(0);
    expect(ids(result.stdout)).toEqual([15, 14]);
  });

  it('searches titles and codes', async () => {
    const result = await list(['--search', 'engineer', '--json']);
    expect(ids(result.stdout)).toEqual([7, 3, 2, 1]);
  });

  it('prints a table and the page position on a terminal', async () => {
    const result = await list([], { tty: true });
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID +CODE +TITLE +STATUS +APPROVAL +PUBLISHED +FUNCTION *$/);
    expect(lines).toHaveLength(11);
    expect(lines[2]).toMatch(/^11 +JOB-00011 +Production Supervisor +In Progress +none +career +Production *$/);
    expect(lines[4]).toMatch(/^9 +JOB-00009 +Financial Analyst +New +none +- +Financial Analysis *$/);
    expect(result.stdout).not.toContain('\t');
    expect(result.stderr).toContain('page 1 of 2 (12 jobs); next: --page 2');

    const last = await list(['--page', '2'], { tty: true });
    expect(last.stdout.trimEnd().split('\n').slice(1).map((l) => l.split(/ +/)[0])).toEqual(['2', '1']);
    expect(last.stderr.trim()).toBe('page 2 of 2 (12 jobs)');

    const smaller = await list(['--page-size', '5'], { tty: true });
    expect(smaller.stderr).toContain('page 1 of 3 (12 jobs)');
  });

  it('uses no colour codes on a terminal with FORCE_COLOR=0', async () => {
    const result = await list([], { tty: true, env: { NO_COLOR: undefined, FORCE_COLOR: '0' } });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^ID +CODE/);
    expect(result.stdout).not.toContain('\u001b');
  });

  it('prints tab-separated rows when piped, the page line only as a note on stderr', async () => {
    const result = await list([]);
    expect(result).toMatchObject({ code: 0, stderr: 'note: page 1 of 2 (12 jobs) only; add --all for every page\n' });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(10);
    expect(lines[0]).toBe('12\tJOB-00012\tSite Manager\tClosed\tnone\t-');
    expect(lines[1]).toBe('11\tJOB-00011\tProduction Supervisor\tIn Progress\tnone\tcareer');
  });

  it('says when nothing matches', async () => {
    const tty = await list(['--search', 'no such job'], { tty: true });
    expect(tty).toMatchObject({ code: 0, stdout: '', stderr: 'No jobs found.\n' });
    const json = await list(['--search', 'no such job', '--json']);
    expect(JSON.parse(json.stdout)).toEqual([]);
  });

  it('refuses bad --page, --page-size and flag combinations before sending anything (exit 2)', async () => {
    const cases = [
      ['--page', '0'],
      ['--page', 'two'],
      ['--page-size', '0'],
      ['--page-size', '1.5'],
      ['--page-size', '101'],
      ['--page-size', '500', '--all'],
      ['--all', '--page', '2'],
      ['--status', ' , '],
    ];
    for (const args of cases) {
      const result = await runCli(['jobs', 'list', ...args, '--base-url', DEAD_URL], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toMatch(/^error: /);
    }
    const tooBig = await runCli(['jobs', 'list', '--page-size', '500', '--base-url', DEAD_URL], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(tooBig.stderr).toContain('error: --page-size must be a whole number from 1 to 100, got "500"');
    const zero = await runCli(['jobs', 'list', '--page', '0', '--base-url', DEAD_URL], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(zero.stderr).toContain('error: --page must be a whole number of 1 or more, got "0"');
  });

  it('exits 3 for a bad token (401) and for a token without jobs.read (403)', async () => {
    const bad = await list([], { token: 'sbx_nobody_full' });
    expect(bad.code).toBe(3);
    const forbidden = await list(['--status', 'new'], { token: 'sbx_direct_lookups' });
    expect(forbidden.code).toBe(3);
    expect(forbidden.stderr).toContain('403');
  });

  it('reports errors as JSON on stderr with --json', async () => {
    const result = await list(['--json'], { token: 'sbx_nobody_full' });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { status: 401, retryable: false } });
  });

  it('waits out a 429 (Retry-After: 1) and succeeds', async () => {
    await setFaults('', ['429']);
    const clock = skippingClock();
    const started = Date.now();
    const result = await list(['--json'], { clock });
    expect(result.code).toBe(0);
    // The command's clock went past the second the service asked for: most of it skipped, not waited.
    expect(clock.waited + (Date.now() - started)).toBeGreaterThanOrEqual(1000);
    expect(clock.waited).toBeGreaterThan(0);
    expect(ids(result.stdout)).toHaveLength(10);
  });

  it('gives up with exit 5 when every attempt gets a 503', async () => {
    await setFaults('503=1');
    try {
      const result = await list([]);
      expect(result.code).toBe(5);
      expect(result.stderr).toContain('gave up after 5 attempts');
    } finally {
      await setFaults('');
    }
  });

  it('prints request and response lines with --verbose, never the token', async () => {
    const result = await list(['--status', 'new', '--verbose']);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^> GET .*\/v1\/jobs\?status=2 attempt=1$/m);
    expect(result.stderr).toMatch(/^< 200 GET .*\/v1\/jobs\?status=2 \d+ms attempt=1$/m);
    expect(result.stdout + result.stderr).not.toContain('sbx_direct_full');
  });
});

describe('recruit jobs list --status with an unknown status', () => {
  it('exits 2 listing the statuses, without sending the list request', async () => {
    // Warm the one-day job-options cache for a sandbox's URL, then stop it: the URL is dead, so a
    // request sent there would end in exit 5.
    const other = await startSandbox({ port: 0 });
    const env = { RECRUIT_TOKEN: 'sbx_direct_full' };
    expect((await runCli(['jobs', 'list', '--status', 'new', '--base-url', other.baseUrl], { env })).code).toBe(0);
    await other.close();

    const unknown = await runCli(['jobs', 'list', '--status', 'new,on-hold', '--base-url', other.baseUrl], { env });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown status "on-hold"');
    for (const line of ['1  Closed', '2  New', '3  Pending Approval', '4  Rejected', '5  In Progress']) expect(unknown.stderr).toContain(line);
    expect((await runCli(['jobs', 'list', '--status', '9', '--base-url', other.baseUrl], { env })).code).toBe(2);
    const typo = await runCli(['jobs', 'list', '--status', 'rejectd', '--base-url', other.baseUrl], { env });
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('hint: did you mean "rejected"? give a code or a label (case and dashes do not matter)\n');

    // The same URL with a valid status: the request is sent and fails.
    const sent = await runCli(['jobs', 'list', '--status', 'new', '--base-url', other.baseUrl], { env });
    expect(sent.code).toBe(5);
  });
});

describe('recruit jobs list: names on a terminal', () => {
  const sandbox = useSandbox();
  const list = lister(sandbox);
  const freshState = () => ({ RECRUIT_STATE_DIR: mkdtempSync(join(tmpdir(), 'list-names-')) });
  const gets = (stderr: string) =>
    stderr
      .split('\n')
      .filter((l) => l.startsWith('> GET '))
      .map((l) => l.replace(/^> GET \S+?\/v1/, '').replace(/ attempt=\d+$/, ''));

  it('asks for each distinct list once (functions per industry), then uses the cache; --json and pipes ask for none', async () => {
    const env = freshState();
    const first = await list(['--verbose'], { tty: true, env });
    expect(first.code).toBe(0);
    // The first page holds jobs of six industries: their six job-function lists, nothing else.
    expect(gets(first.stderr).sort()).toEqual([
      '/job-functions?pageSize=100&industry_id=1&page=1',
      '/job-functions?pageSize=100&industry_id=2&page=1',
      '/job-functions?pageSize=100&industry_id=3&page=1',
      '/job-functions?pageSize=100&industry_id=4&page=1',
      '/job-functions?pageSize=100&industry_id=5&page=1',
      '/job-functions?pageSize=100&industry_id=6&page=1',
      '/jobs',
    ]);
    const again = await list(['--verbose'], { tty: true, env });
    expect(gets(again.stderr)).toEqual(['/jobs']);
    expect(again.stdout).toBe(first.stdout);

    const other = freshState();
    for (const args of [['--json'], [], ['--wide'], ['--all', '--wide'], ['--all', '--json']]) {
      const result = await list([...args, '--verbose'], { env: other });
      expect(result.code).toBe(0);
      expect(gets(result.stderr).every((p) => p.startsWith('/jobs')), args.join(' ')).toBe(true);
    }
  });

  it('--wide adds every named field: names on a terminal, ids and codes in a pipe', async () => {
    const tty = await list(['--wide'], { tty: true, env: freshState() });
    expect(tty.code).toBe(0);
    const lines = tty.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^ID +CODE +TITLE +STATUS +APPROVAL +PUBLISHED +INDUSTRY +FUNCTION +EMPLOYER TYPE +CUSTOMER +DEPARTMENT +HIRING MANAGER +JOB TYPE +EDUCATION +SALARY INTERVAL *$/,
    );
    expect(lines[1]).toMatch(/^12 +JOB-00012 +Site Manager +Closed +none +- +Construction +Site Management +General Contractor +Full-time +Bachelor's degree +Yearly *$/);

    const piped = await list(['--wide']);
    expect(piped.stdout.split('\n')[0]).toBe('12\tJOB-00012\tSite Manager\tClosed\tnone\t-\t6\t141\t522\t\t\t\tFT\tBA\tY');
    const all = await list(['--wide', '--all']);
    expect(all.stdout.split('\n')[0]).toBe(piped.stdout.split('\n')[0]);
  });

  it('shows the customer column when a job of the page has a customer', async () => {
    const token = 'sbx_staffing_full';
    const customer = (await call(sandbox.current, 'GET', '/v1/customers', { token })).body.data[1];
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      token,
      idempotencyKey: 'jobs-list-customer-column',
      body: validJob({ title: 'For A Client', customerId: customer.id }),
    });
    expect(created.status).toBe(201);
    const result = await list(['--search', 'For A Client'], { tty: true, token, env: freshState() });
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/ +FUNCTION +CUSTOMER *$/);
    expect(lines[1]).toMatch(new RegExp(` +Software Development +${customer.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} *$`));
    const direct = await list([], { tty: true });
    expect(direct.stdout.split('\n')[0]).not.toContain('CUSTOMER');
  });
});

describe('recruit jobs list (created jobs)', () => {
  const sandbox = useSandbox();
  const list = lister(sandbox);

  it('shows both publication channels and escapes control characters in titles', async () => {
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      body: validJob({ title: 'Evil \u001b[31mRed\u001b[0m', publishToCareerPage: true, publishToFreeJobBoards: true }),
      idempotencyKey: 'jobs-list-evil-title',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as number;

    const piped = await list([]);
    expect(piped.stdout.split('\n')[0]).toBe(`${id}\tJOB-${String(id).padStart(5, '0')}\tEvil \\e[31mRed\\e[0m\tIn Progress\tnone\tcareer, boards`);
    const tty = await list([], { tty: true });
    expect(tty.stdout.split('\n')[1]).toMatch(new RegExp(`^${id} +JOB-\\d+ +Evil \\\\e\\[31mRed\\\\e\\[0m +In Progress +none +career, boards +Software Development *$`));
    for (const out of [piped.stdout, tty.stdout]) expect(out).not.toContain('\u001b');
  });
});
