import { mkdtempSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, words } from '../helpers/sandbox.js';

const sandbox = useSandbox();

interface Options {
  token?: string;
  tty?: boolean;
  env?: NodeJS.ProcessEnv;
  baseUrl?: string;
}

function lookup(args: string[], options: Options = {}) {
  return runCli(['--base-url', options.baseUrl ?? sandbox.current.baseUrl, 'lookup', ...args], {
    tty: options.tty ?? false,
    env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1', ...options.env },
  });
}

async function json<T = Array<Record<string, unknown>>>(args: string[], options: Options = {}): Promise<T> {
  const result = await lookup([...args, '--json'], options);
  // Nothing on stderr but the note of more pages.
  expect(result.stderr).toMatch(/^(page \d+ of \d+ \(\d+ items\); use --page \d+ or --all\n)?$/);
  expect(result.code).toBe(0);
  return JSON.parse(result.stdout) as T;
}

/**
 * A stand-in service on loopback that records every request and answers with `reply`: proves that
 * a usage error sent nothing, and serves data the seeded sandbox cannot (control characters,
 * job options without the optional sections).
 */
function useFakeService() {
  const fake = { baseUrl: '', requests: [] as string[], reply: {} as unknown };
  let server: Server;
  beforeAll(async () => {
    server = createServer((req, res) => {
      fake.requests.push(`${req.method} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(fake.reply));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    fake.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  beforeEach(() => {
    fake.requests = [];
    fake.reply = { data: [], meta: { pagination: { page: 1, pageSize: 10, totalItems: 0, totalPages: 0 } } };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return fake;
}

const fake = useFakeService();

describe('recruit lookup: each kind as JSON', () => {
  it('industries: the first page of 10 of the 20 seeded industries', async () => {
    const items = await json(['industries']);
    expect(items).toHaveLength(10);
    expect(items[0]).toEqual({ id: 1, name: 'Information Technology' });
  });

  it('functions and employer-types of an industry (API path /job-functions, parameter industry_id)', async () => {
    const functions = await json(['functions', '--industry', '1']);
    expect(functions.map((f) => f.id)).toEqual([101, 102, 103, 104, 105, 106, 107, 108, 109, 110]);
    expect(functions[0]).toEqual({ id: 101, name: 'Software Development' });
    const types = await json(['employer-types', '--industry', '1']);
    expect(types.map((t) => t.id)).toEqual([501, 502, 503, 504, 505]);
  });

  it('customers with their city and country (the direct account has none)', async () => {
    const customers = await json(['customers'], { token: 'sbx_staffing_full' });
    expect(customers).toHaveLength(10);
    expect(customers[0]).toMatchObject({ name: 'Acme Logistics', city: 'Chicago, IL', country: 'USA' });
    expect(await json(['customers'])).toEqual([]);
  });

  it('departments, hiring managers and users', async () => {
    expect(await json(['departments'])).toContainEqual({ id: 2001, name: 'Engineering' });
    expect(await json(['hiring-managers'])).toContainEqual(
      expect.objectContaining({ name: 'Chen Wei', email: 'chen.wei@direct.example' }),
    );
    const users = await json(['users']);
    expect(users).toHaveLength(8);
    expect(users).toContainEqual({ id: 4001, name: 'Avery Johnson', email: 'avery.johnson@direct.example', role: 'admin' });
  });

  it('runs against the embedded sandbox with --sandbox', async () => {
    const result = await runCli(['--sandbox', 'lookup', 'functions', '--industry', 'Information Technology', '--all', '--json']);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as unknown[]).length).toBe(14);
  });
});

describe('recruit lookup: output', () => {
  it('users: a table with ID NAME EMAIL ROLE on a terminal, tab-separated rows without header when piped', async () => {
    const tty = await lookup(['users'], { tty: true });
    expect(tty.code).toBe(0);
    const lines = tty.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^ID\s+NAME\s+EMAIL\s+ROLE\s*$/);
    expect(lines[1]).toMatch(/^4001\s+Avery Johnson\s+avery\.johnson@direct\.example\s+admin\s*$/);
    expect(tty.stdout).not.toContain('\t');

    const piped = await lookup(['users']);
    expect(piped.code).toBe(0);
    const rows = piped.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(8);
    expect(rows[0]).toBe('4001\tAvery Johnson\tavery.johnson@direct.example\tadmin');
  });

  it('customers show CITY and COUNTRY; hiring managers show EMAIL', async () => {
    const customers = await lookup(['customers'], { tty: true, token: 'sbx_staffing_full' });
    expect(customers.stdout.split('\n')[0]).toMatch(/^ID\s+NAME\s+CITY\s+COUNTRY\s*$/);
    const managers = await lookup(['hiring-managers']);
    expect(managers.stdout).toMatch(/^\d+\tChen Wei\tchen\.wei@direct\.example$/m);
  });

  it('says on stderr when there are more pages, and not when it is the last', async () => {
    const first = await lookup(['industries'], { tty: true });
    expect(first.stderr).toBe('page 1 of 2 (20 items); use --page 2 or --all\n');
    expect(first.stdout).not.toContain('page 1 of 2');

    const middle = await lookup(['functions', '--industry', '1', '--page-size', '5', '--page', '2']);
    expect(middle.stdout.split('\n')[0]).toBe('106\tProduct Management');
    expect(middle.stderr).toBe('page 2 of 3 (14 items); use --page 3 or --all\n');

    // JSON in a pipe feeds another command: it says so too, on stderr, and stdout stays JSON.
    const piped = await lookup(['industries', '--json']);
    expect(JSON.parse(piped.stdout)[0]).toEqual({ id: 1, name: 'Information Technology' });
    expect(piped.stderr).toBe('page 1 of 2 (20 items); use --page 2 or --all\n');

    const last = await lookup(['industries', '--page', '2'], { tty: true });
    expect(last.code).toBe(0);
    expect(last.stdout).toContain('Pharmaceuticals');
    expect(last.stderr).toBe('');
  });

  it('--all follows every page: all 14 IT job functions, also with a small page size', async () => {
    const all = await json(['functions', '--industry', '1', '--all']);
    expect(all.map((f) => f.id)).toEqual(Array.from({ length: 14 }, (_, i) => 101 + i));
    expect(await json(['functions', '--industry', '1', '--all', '--page-size', '3'])).toEqual(all);
    const piped = await lookup(['functions', '--industry', '1', '--all']);
    expect(piped.stdout.trimEnd().split('\n')).toHaveLength(14);
    expect(piped.stderr).toBe('');
  });

  it('--search filters by name', async () => {
    expect(await json(['industries', '--search', 'TECH'])).toEqual([{ id: 1, name: 'Information Technology' }]);
    const names = (await json(['functions', '--industry', '1', '--search', 'dev'])).map((f) => f.name);
    expect(names).toEqual(['Software Development', 'DevOps', 'Mobile Development']);
  });

  it('escapes control characters in server strings, in the table and in piped rows', async () => {
    fake.reply = {
      data: [{ id: 7, name: 'Evil\u001b[31mRed\u0007\tName' }],
      meta: { pagination: { page: 1, pageSize: 10, totalItems: 1, totalPages: 1 } },
    };
    for (const tty of [true, false]) {
      const result = await lookup(['industries'], { baseUrl: fake.baseUrl, tty });
      expect(result.code).toBe(0);
      expect(result.stdout).toContain('Evil\\e[31mRed\\x07\\tName');
      expect(result.stdout).not.toContain('\u001b');
      expect(result.stdout).not.toContain('\u0007');
    }
  });
});

describe('recruit lookup --industry', () => {
  it('gives the same result by name (any case) and by id', async () => {
    const byId = await json(['employer-types', '--industry', '1', '--all']);
    expect(await json(['employer-types', '--industry', 'Information Technology', '--all'])).toEqual(byId);
    expect(await json(['employer-types', '--industry', 'information technology', '--all'])).toEqual(byId);
  });

  it('a part of a name exits 2 and suggests the closest names containing it', async () => {
    const result = await lookup(['functions', '--industry', 'tion']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('error: no industry named "tion"; did you mean "Education", "Construction" or "Telecommunications"?');
    expect(result.stderr).not.toContain('Healthcare');
  });

  it('a misspelt name exits 2 with a suggestion, in the same words as `jobs create`, also as a JSON error', async () => {
    const result = await lookup(['functions', '--industry', 'Informaton Technology']);
    expect(result.code).toBe(2);
    const message = 'no industry named "Informaton Technology"; did you mean "Information Technology"?';
    expect(result.stderr).toContain(`error: ${message}\n`);
    expect(result.stderr).toContain('hint: give an id or the exact name; `recruit lookup industries` lists them');

    const create = await runCli(
      ['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--title', 'T', '--description', words(120), '--location', 'Berlin, Germany',
        '--industry', 'Informaton Technology', '--job-function', '101', '--employer-type', '501'],
      { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } },
    );
    expect(create.code).toBe(2);
    expect(create.stderr).toContain(`  - --industry (industry): ${message}\n`);

    const asJson = await lookup(['functions', '--industry', 'Informaton Technology', '--json']);
    expect(asJson.code).toBe(2);
    const { error } = JSON.parse(asJson.stderr) as { error: { code: string; message: string } };
    expect(error).toMatchObject({ code: 'usage', message });
  });

  it('a name like none exits 2 without a suggestion, pointing to the list', async () => {
    const result = await lookup(['functions', '--industry', 'Underwater Basket Weaving']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: no industry named "Underwater Basket Weaving"\n');
    expect(result.stderr).not.toContain('did you mean');
    expect(result.stderr).toContain('`recruit lookup industries` lists them');
  });

  it.each(['functions', 'employer-types'])('%s without --industry exits 2 and sends nothing', async (kind) => {
    const result = await lookup([kind], { baseUrl: fake.baseUrl });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('needs --industry');
    expect(result.stderr).toContain('recruit lookup industries');
    expect(fake.requests).toEqual([]);
  });
});

describe('recruit lookup: invalid usage sends nothing', () => {
  it.each([
    [['industries', '--page', '0'], '--page must be a whole number of 1 or more, got "0"'],
    [['industries', '--page', 'two'], '--page must be a whole number of 1 or more, got "two"'],
    [['industries', '--page-size', '1.5'], '--page-size must be a whole number from 1 to 100, got "1.5"'],
    [['industries', '--page-size', '0'], '--page-size must be a whole number from 1 to 100, got "0"'],
    [['industries', '--page-size', '101'], '--page-size must be a whole number from 1 to 100, got "101"'],
    [['functions', '--industry', '1', '--page-size', '500', '--all'], 'hint: a page holds at most 100 items; --all follows every page'],
    [['industries', '--all', '--page', '2'], '--all and --page cannot be combined'],
    [['function'], 'did you mean `recruit lookup functions`'],
  ])('lookup %j exits 2', async (args, message) => {
    const result = await lookup(args, { baseUrl: fake.baseUrl });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
    expect(fake.requests).toEqual([]);
  });

  it('an unknown kind lists the kinds', async () => {
    const result = await lookup(['skills']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('job-options, industries, functions, employer-types, customers, departments, hiring-managers, users');
  });
});

describe('recruit lookup: tokens', () => {
  it('a lookups-only token reads lookups and job options', async () => {
    expect(await json(['departments'], { token: 'sbx_direct_lookups' })).toHaveLength(6);
    const stateDir = mkdtempSync(join(tmpdir(), 'recruit-lookup-'));
    const options = await json<{ statuses: unknown[] }>(['job-options'], { token: 'sbx_direct_lookups', env: { RECRUIT_STATE_DIR: stateDir } });
    expect(options.statuses).toHaveLength(5);
  });

  it('an unknown token exits 3 with a hint to log in', async () => {
    const result = await lookup(['industries'], { token: 'sbx_nobody_full' });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('recruit auth login');
  });

  it('with --json or --jq on a terminal, errors are the plain error and hint lines a person reads (as gh); in a pipe, JSON', async () => {
    for (const flags of [['--json'], ['--json', 'id'], ['--jq', '.[]']]) {
      const args = ['--base-url', sandbox.current.baseUrl, 'lookup', 'functions', '--industry', 'Informaton Technology', ...flags];
      const onTerminal = await runCli(args, { tty: true, env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', CI: undefined } });
      expect(onTerminal.code).toBe(2);
      expect(onTerminal.stderr).toMatch(/^error: no industry named "Informaton Technology"; did you mean "Information Technology"\?\nhint: /);
      expect(onTerminal.stderr).not.toContain('{"error"');
      const piped = await runCli(args, { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
      expect(piped.code).toBe(2);
      expect(JSON.parse(piped.stderr)).toMatchObject({ error: { code: 'usage', details: [] } });
    }
  });

  it('with --json, the 401 is a JSON error on stderr', async () => {
    const result = await lookup(['industries', '--json'], { token: 'sbx_nobody_full' });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    const body = JSON.parse(result.stderr) as { error: Record<string, unknown> };
    expect(body.error).toMatchObject({ code: 'unauthenticated', status: 401, retryable: false, details: [] });
    expect(body.error.message).toEqual(expect.stringContaining('401'));
  });
});

describe('recruit lookup job-options', () => {
  let stateDir: string;
  beforeEach(() => {
    stateDir = mkdtempSync(join(tmpdir(), 'recruit-lookup-'));
  });
  const env = () => ({ RECRUIT_STATE_DIR: stateDir });

  it('--json prints the job-options object as the API returns it', async () => {
    const options = await json<Record<string, unknown>>(['job-options'], { env: env() });
    const api = await call(sandbox.current, 'GET', '/v1/job-options');
    expect(options).toEqual(api.body);
    expect(options.statuses).toContainEqual({ code: 3, label: 'Pending Approval', canSet: false });
  });

  it('prints sections on a terminal and section-led rows when piped', async () => {
    const tty = await lookup(['job-options'], { tty: true, env: env() });
    expect(tty.code).toBe(0);
    expect(tty.stdout).toMatch(/^Statuses\nCODE\s+LABEL\s+CAN SET\s*\n1\s+Closed\s+yes/m);
    expect(tty.stdout).toMatch(/^3\s+Pending Approval\s+no\s*$/m);
    for (const title of ['Job types', 'Education levels', 'Salary intervals']) expect(tty.stdout).toMatch(new RegExp(`^${title}\\nCODE\\s+LABEL`, 'm'));
    expect(tty.stdout).not.toContain('\t');

    const piped = await lookup(['job-options'], { env: env() });
    const rows = piped.stdout.split('\n');
    expect(rows).toContain('statuses\t3\tPending Approval\tno');
    expect(rows).toContain('jobTypes\tFT\tFull-time');
    expect(rows).toContain('educationLevels\tPHD\tDoctorate');
    expect(rows).toContain('salaryIntervals\tY\tYearly');
  });

  it('skips the sections a service does not send', async () => {
    fake.reply = { initialStatus: 'new', statuses: [{ code: 2, label: 'New', canSet: true }] };
    const result = await lookup(['job-options'], { baseUrl: fake.baseUrl, tty: true, env: env() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^2\s+New\s+yes/m);
    expect(result.stdout).not.toContain('Job types');
    expect(result.stdout).not.toContain('Salary intervals');
  });

  it('is cached for a day: a cached call works while the service fails, --refresh fetches again', async () => {
    const first = await lookup(['job-options', '--json'], { env: env() });
    expect(first.code).toBe(0);
    expect(readdirSync(join(stateDir, 'cache')).filter((f) => /^job-options-.*\.json$/.test(f))).toHaveLength(1);

    await call(sandbox.current, 'PUT', '/_sandbox/faults', { body: { spec: '503=1' }, validate: false });
    try {
      const cached = await lookup(['job-options', '--json'], { env: env() });
      expect(cached.code).toBe(0);
      expect(cached.stdout).toBe(first.stdout);

      const refreshed = await lookup(['job-options', '--refresh', '--json'], { env: env() });
      expect(refreshed.code).toBe(5);
      expect(JSON.parse(refreshed.stderr)).toMatchObject({ error: { status: 503, retryable: true } });
    } finally {
      await call(sandbox.current, 'PUT', '/_sandbox/faults', { body: { spec: '' }, validate: false });
    }
  });
});
