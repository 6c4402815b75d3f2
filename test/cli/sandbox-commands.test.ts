import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { readCache } from '../../src/completion/cache.js';
import { BIN, runBin, runCli } from '../helpers/cli.js';
import { validJob } from '../helpers/sandbox.js';

describe('recruit sandbox tokens', () => {
  it('lists one token per account and permission set as JSON', async () => {
    const result = await runCli(['sandbox', 'tokens', '--json']);
    expect(result.code).toBe(0);
    const tokens = JSON.parse(result.stdout) as Array<{ token: string; account: string; permissions: string[] }>;
    expect(tokens).toHaveLength(18);
    expect(tokens).toContainEqual({
      token: 'sbx_direct_full',
      account: 'direct',
      permissions: ['organization.read', 'jobs.read', 'jobs.write', 'jobs.status.write'],
    });
    // The sets that show the 403 on lookups (docs/api-rules.md) and "jobs.write is the only permission for creation".
    expect(tokens).toContainEqual({ token: 'sbx_staffing_nolookups', account: 'staffing', permissions: ['jobs.read', 'jobs.write', 'jobs.status.write'] });
    expect(tokens).toContainEqual({ token: 'sbx_approval_writeonly', account: 'approval', permissions: ['jobs.write'] });
    expect(new Set(tokens.map((t) => t.account))).toEqual(new Set(['direct', 'approval', 'staffing']));
  });

  it('prints tab-separated rows when piped and an aligned table on a terminal', async () => {
    const piped = await runCli(['sandbox', 'tokens']);
    expect(piped.stdout.split('\n')[0]).toBe('sbx_direct_full\tdirect\torganization.read jobs.read jobs.write jobs.status.write');
    const tty = await runCli(['sandbox', 'tokens'], { tty: true, env: { NO_COLOR: '1' } });
    expect(tty.stdout.split('\n')[0]).toMatch(/^TOKEN\s+ACCOUNT\s+PERMISSIONS/);
    expect(tty.stdout).not.toContain('\t');
  });
});

describe('recruit sandbox approve|reject|reset on a running sandbox', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, activeJobLimit: 50 });
  });
  afterAll(() => sandbox.close());

  async function createPending(): Promise<number> {
    const res = await request(`${sandbox.baseUrl}/jobs`, {
      method: 'POST',
      headers: { authorization: 'Bearer sbx_approval_full', 'content-type': 'application/json' },
      body: JSON.stringify(validJob()),
    });
    const job = (await res.body.json()) as { id: number; status: number };
    expect(job.status).toBe(3);
    return job.id;
  }

  it('approves a pending job, which activates it; a second approval is a conflict (exit 4)', async () => {
    const id = await createPending();
    const approved = await runCli(['sandbox', 'approve', String(id), '--base-url', sandbox.baseUrl]);
    expect(approved).toMatchObject({ code: 0 });
    expect(approved.stdout).toContain(`Job ${id} (Platform Engineer) approved in the sandbox at ${sandbox.baseUrl}: status In Progress (5), approval Approved (1)`);
    const again = await runCli(['sandbox', 'approve', String(id), '--base-url', sandbox.baseUrl]);
    expect(again.code).toBe(4);
    expect(again.stderr).toContain('has no pending approval request');
  });

  it('rejects a pending job and reports it as JSON', async () => {
    const id = await createPending();
    const rejected = await runCli(['sandbox', 'reject', String(id), '--json'], { env: { RECRUIT_BASE_URL: sandbox.baseUrl } });
    expect(rejected.code).toBe(0);
    expect(JSON.parse(rejected.stdout)).toMatchObject({ id, status: 4, approvalStatus: -1, approvalStatusLabel: 'Rejected' });
  });

  it('refuses a job id that is not a number before sending (exit 2), and an unknown job (exit 1)', async () => {
    expect((await runCli(['sandbox', 'approve', 'abc', '--base-url', sandbox.baseUrl])).code).toBe(2);
    const unknown = await runCli(['sandbox', 'approve', '99999', '--base-url', sandbox.baseUrl]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('No job with id 99999');
  });

  it('resets the sandbox to its seeded jobs', async () => {
    await createPending();
    const result = await runCli(['sandbox', 'reset', '--base-url', sandbox.baseUrl]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Reset the sandbox at ${sandbox.baseUrl}: 21 seeded jobs, no idempotency keys, no faults\n`);
    expect(sandbox.store.jobs.size).toBe(21);
  });

  it('says so when no sandbox answers at the base URL (exit 5)', async () => {
    const result = await runCli(['sandbox', 'reset', '--base-url', 'http://127.0.0.1:9/v1']);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('Could not reach the sandbox');
  });
});

describe('recruit sandbox approve|reject|reset act on the sandbox the profile points at', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(() => sandbox.close());
  const freshEnv = (): NodeJS.ProcessEnv => {
    const home = mkdtempSync(join(tmpdir(), 'recruit-admin-target-'));
    return { RECRUIT_CONFIG_DIR: join(home, 'config'), RECRUIT_STATE_DIR: join(home, 'state'), NO_COLOR: '1' };
  };

  it('after `auth login` to `sandbox serve`, approves there, not in the embedded sandbox, and says where', async () => {
    const env = freshEnv();
    const login = await runCli(['--base-url', sandbox.baseUrl, 'auth', 'login', '--with-token'], { env, stdin: 'sbx_approval_full\n' });
    expect(login.code, login.stderr).toBe(0);
    // Seeded job 14 is the approval account's pending "UX Designer", in both sandboxes.
    const approved = await runCli(['sandbox', 'approve', '14'], { env });
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toBe(`Job 14 (UX Designer) approved in the sandbox at ${sandbox.baseUrl}: status In Progress (5), approval Approved (1)\n`);
    expect(sandbox.store.jobs.get(14)).toMatchObject({ status: 5, approvalStatus: 1 });
    const embedded = await runCli(['--sandbox', '--sandbox-account', 'approval', 'jobs', 'get', '14', '--json'], { env });
    expect(JSON.parse(embedded.stdout)).toMatchObject({ id: 14, status: 3, approvalStatus: 0 });
    // --sandbox chooses the embedded one, and says so.
    const there = await runCli(['--sandbox', 'sandbox', 'reject', '14'], { env });
    expect(there.code, there.stderr).toBe(0);
    expect(there.stdout).toBe('Job 14 (UX Designer) rejected in the embedded sandbox (approval account): status Rejected (4), approval Rejected (-1)\n');
    const reset = await runCli(['sandbox', 'reset'], { env });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toBe(`Reset the sandbox at ${sandbox.baseUrl}: 21 seeded jobs, no idempotency keys, no faults\n`);
    expect(sandbox.store.jobs.get(14)).toMatchObject({ status: 3, approvalStatus: 0 });
  });

  it('clears the completion cache of the sandbox it resets, and only of that one', async () => {
    const env = freshEnv();
    const jobsCached = () => readCache(env, 'jobs', new Date()).length;
    expect((await runCli(['--sandbox', 'jobs', 'list'], { env, tty: true })).code).toBe(0);
    expect(jobsCached()).toBeGreaterThan(0);
    // Another sandbox's reset leaves it.
    expect((await runCli(['--base-url', sandbox.baseUrl, 'sandbox', 'reset'], { env: { ...env, RECRUIT_TOKEN: 'sbx_direct_full' } })).code).toBe(0);
    expect(jobsCached()).toBeGreaterThan(0);
    expect((await runCli(['--sandbox', 'sandbox', 'reset'], { env })).code).toBe(0);
    expect(jobsCached()).toBe(0);
    // The same for `sandbox serve`: the cache of the profile's sandbox goes with its reset.
    const served = { ...env, RECRUIT_TOKEN: 'sbx_direct_full' };
    expect((await runCli(['--base-url', sandbox.baseUrl, 'jobs', 'list'], { env: served, tty: true })).code).toBe(0);
    expect(jobsCached()).toBeGreaterThan(0);
    expect((await runCli(['--base-url', sandbox.baseUrl, 'sandbox', 'reset'], { env: served })).code).toBe(0);
    expect(jobsCached()).toBe(0);
  });

  it('refuses a profile that points at a service that is not a sandbox (exit 2), sending no decision', async () => {
    const seen: string[] = [];
    const { createServer } = await import('node:http');
    const server = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"code":"not_found","message":"Not found"}}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as { port: number };
      const result = await runCli(['sandbox', 'approve', '15'], { env: { ...freshEnv(), RECRUIT_BASE_URL: `http://127.0.0.1:${port}/v1` } });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`error: RECRUIT_BASE_URL is http://127.0.0.1:${port}/v1, which is not a sandbox`);
      expect(result.stderr).toContain('--sandbox');
      expect(seen.filter((line) => line.startsWith('POST'))).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('recruit sandbox approve on the embedded sandbox', () => {
  it('keeps the decision in the state directory across commands', async () => {
    // Seeded job 14 is the approval account's pending "UX Designer".
    const first = await runCli(['sandbox', 'approve', '14']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Job 14 (UX Designer) approved in the embedded sandbox (approval account)');
    const second = await runCli(['sandbox', 'approve', '14']);
    expect(second.code).toBe(4);
    expect((await runCli(['sandbox', 'reset'])).code).toBe(0);
    expect((await runCli(['sandbox', 'reject', '14'])).code).toBe(0);
  });
});

describe('the approval story with --sandbox and --sandbox-account', () => {
  // A state directory of its own: the story starts from the seeded jobs, so the new job is 22.
  const env = () => ({ RECRUIT_STATE_DIR: mkdtempSync(join(tmpdir(), 'recruit-story-')), NO_COLOR: '1' });
  const description = fileURLToPath(new URL('../../examples/description.txt', import.meta.url));
  const jobFlags = [
    '--title', 'Data Engineer', '--description-file', description, '--location', 'Berlin, Germany',
    '--industry', 'Information Technology', '--job-function', 'Data Engineering', '--employer-type', 'SaaS Startup',
  ];
  const approval = ['--sandbox', '--sandbox-account', 'approval'];

  it('creates a pending job, approves it, publishes it, and shows it published', async () => {
    const story = { env: env() };
    const created = await runCli([...approval, 'jobs', 'create', ...jobFlags], story);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stdout).toBe('Created job 22 "Data Engineer": Pending Approval (3), approval Pending (0)\n');
    // The note names the next two commands as they must be typed.
    expect(created.stderr).toContain(
      'approve it with `recruit sandbox approve 22`, then publish it with `recruit --sandbox --sandbox-account approval jobs update 22 --publish-career-page`',
    );

    const approved = await runCli(['sandbox', 'approve', '22'], story);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toBe('Job 22 (Data Engineer) approved in the embedded sandbox (approval account): status In Progress (5), approval Approved (1)\n');

    const published = await runCli([...approval, 'jobs', 'update', '22', '--publish-career-page'], story);
    expect(published.code, published.stderr).toBe(0);
    expect(published.stdout).toBe('Updated job 22:\n  publishToCareerPage  false → true\n');

    const shown = await runCli([...approval, 'jobs', 'get', '22', '--json'], story);
    expect(shown.code).toBe(0);
    expect(JSON.parse(shown.stdout)).toMatchObject({ id: 22, status: 5, approvalStatus: 1, publishToCareerPage: true });
  });

  it('after `sandbox reset`, a batch of the embedded sandbox is created again, not reported as created earlier', async () => {
    const story = { env: env() };
    const jobsFile = fileURLToPath(new URL('../../examples/jobs.json', import.meta.url));
    const first = await runCli(['--sandbox', 'jobs', 'create', '--file', jobsFile], story);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('3 jobs: 3 created');
    // What a real account keeps beside it is not touched.
    const others = [join(story.env.RECRUIT_STATE_DIR, 'journals', 'aaaaaaaaaaaaaaaa-0123456789abcdef.ndjson'), join(story.env.RECRUIT_STATE_DIR, 'cache', 'job-options-0123456789abcdef.json')];
    for (const file of others) writeFileSync(file, '{}\n');
    const reset = await runCli(['sandbox', 'reset'], story);
    expect(reset.code, reset.stderr).toBe(0);
    for (const file of others) expect(existsSync(file)).toBe(true);
    expect(reset.stdout).toBe(
      'Reset the embedded sandbox: 21 seeded jobs, no idempotency keys, no faults\n' +
        'Forgot what recruit kept for its accounts: 1 batch journal, 0 submissions, 0 drafts, 0 learnt account fact files, 1 cache\n',
    );
    // Job 22 is now another account's.
    const other = await runCli([...approval, 'jobs', 'create', ...jobFlags], story);
    expect(other.stdout).toContain('Created job 22 ');
    const again = await runCli(['--sandbox', 'jobs', 'create', '--file', jobsFile, '--json'], story);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).not.toContain('already_created');
    const shown = await runCli(['--sandbox', 'jobs', 'list', '--json'], story);
    expect((JSON.parse(shown.stdout) as Array<{ id: number }>).map((j) => j.id)).toEqual(expect.arrayContaining([23, 24, 25]));
  });

  it("the quick start's jobs as CSV after the JSON: none created twice, and the note names the JSON file that created them", async () => {
    const story = { env: env() };
    const json = await runCli(['--sandbox', 'jobs', 'create', '--file', 'examples/jobs.json'], story);
    expect(json.code, json.stderr).toBe(0);
    const csv = await runCli(['--sandbox', 'jobs', 'create', '--file', 'examples/jobs.csv'], story);
    expect(csv.code, csv.stderr).toBe(0);
    expect(csv.stderr).toContain(
      'note: 3 jobs were already created by another run of the same items, from examples/jobs.json on this machine: the service answered with the jobs it had created, so none is created twice',
    );
    expect(csv.stderr).not.toContain('another machine');
  });

  it('a job of another account is a 404 that names the sandbox and its account, never a port', async () => {
    const story = { env: env() };
    const direct = await runCli(['--sandbox', 'jobs', 'get', '14'], story);
    expect(direct.code).toBe(1);
    expect(direct.stderr).toBe(
      'error: GET /jobs/14 on the embedded sandbox (direct account) failed with 404: No job with id 14\n' +
        'hint: each account of the embedded sandbox has its own jobs, and this was the direct account: try --sandbox-account approval or staffing\n',
    );
    const json = await runCli(['--sandbox', '--sandbox-account', 'staffing', 'jobs', 'get', '999', '--json'], story);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr)).toMatchObject({
      error: { code: 'not_found', status: 404, message: 'GET /jobs/999 on the embedded sandbox (staffing account) failed with 404: No job with id 999' },
    });
    const verbose = await runCli(['--sandbox', '--verbose', 'jobs', 'get', '1'], story);
    expect(verbose.code).toBe(0);
    expect(verbose.stderr).toMatch(/^> GET \/jobs\/1 on the embedded sandbox \(direct account\) attempt=1$/m);
    expect(verbose.stderr).toMatch(/^< 200 GET \/jobs\/1 on the embedded sandbox \(direct account\) \d+ms attempt=1$/m);
    for (const result of [direct, json, verbose]) expect(result.stderr).not.toMatch(/127\.0\.0\.1|localhost|:\d{4,5}\//);
  });

  it('takes the account from RECRUIT_SANDBOX_ACCOUNT, and the flag over it', async () => {
    const story = { env: { ...env(), RECRUIT_SANDBOX_ACCOUNT: 'approval' } };
    const fromEnv = await runCli(['--sandbox', 'jobs', 'get', '14', '--json'], story);
    expect(fromEnv.code).toBe(0);
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ id: 14, status: 3, approvalStatus: 0 });
    const flag = await runCli(['--sandbox', '--sandbox-account', 'direct', 'jobs', 'get', '14'], story);
    expect(flag.code).toBe(1);
    expect(flag.stderr).toContain('(direct account) failed with 404');
  });

  it('on the staffing account, a job without a customer is refused before sending (exit 2)', async () => {
    const story = { env: env() };
    const refused = await runCli(['--sandbox', '--sandbox-account', 'staffing', 'jobs', 'create', ...jobFlags, '--verbose'], story);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--customer (customerId): is required on a staffing account');
    expect(refused.stderr).not.toContain('> POST /jobs');
  });

  it('refuses --sandbox-account without --sandbox, an unknown account and a bad RECRUIT_SANDBOX_ACCOUNT (exit 2)', async () => {
    const story = { env: env() };
    const alone = await runCli(['--sandbox-account', 'approval', 'jobs', 'get', '14', '--base-url', 'http://127.0.0.1:9/v1'], story);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toContain('error: --sandbox-account chooses an account of the embedded sandbox; it needs --sandbox');
    const unknown = await runCli(['--sandbox', '--sandbox-account', 'agency', 'jobs', 'list'], story);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('Allowed choices are direct, approval, staffing');
    const badEnv = await runCli(['--sandbox', 'jobs', 'list'], { env: { ...story.env, RECRUIT_SANDBOX_ACCOUNT: 'agency' } });
    expect(badEnv.code).toBe(2);
    expect(badEnv.stderr).toContain('RECRUIT_SANDBOX_ACCOUNT must be one of direct, approval, staffing, got "agency"');
    // Without --sandbox the variable is not read: a real account is never told what the sandbox is.
    const ignored = await runCli(['config', 'list'], { env: { ...story.env, RECRUIT_SANDBOX_ACCOUNT: 'agency' } });
    expect(ignored.code).toBe(0);
  });

  it('names the same accounts and tokens as the sandbox', async () => {
    const { SANDBOX_ACCOUNTS, sandboxToken } = await import('../../src/context/sandbox-account.js');
    const { ACCOUNTS, findToken } = await import('../../src/sandbox/accounts.js');
    expect([...SANDBOX_ACCOUNTS].sort()).toEqual(Object.keys(ACCOUNTS).sort());
    for (const account of SANDBOX_ACCOUNTS) {
      expect(findToken(sandboxToken(account))).toMatchObject({ account, permissionSet: 'full' });
    }
  });
});

describe('recruit sandbox serve (built binary)', () => {
  it('serves the API until SIGTERM, printing its base URL', async () => {
    const child = spawn(process.execPath, [BIN, 'sandbox', 'serve', '--port', '0', '--active-job-limit', '5'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    const firstLine = await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve));
    expect(firstLine).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const res = await request(`${firstLine}/industries?pageSize=1`, { headers: { authorization: 'Bearer sbx_direct_full' } });
    expect(res.statusCode).toBe(200);
    expect(await res.body.json()).toMatchObject({ meta: { pagination: { totalItems: 20 } } });
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stderr).toContain('active-job limit 5');
    expect(stderr).toContain('Sandbox stopped.');
  });

  it('refuses a bad fault spec and a busy port with exit 2', async () => {
    const faults = await runBin(['sandbox', 'serve', '--port', '0', '--faults', '503=2']);
    expect(faults.code).toBe(2);
    expect(faults.stderr).toContain('--faults: fault "503" needs a probability between 0 and 1');
    const busy = await startSandbox({ port: 0 });
    try {
      const port = new URL(busy.origin).port;
      const result = await runBin(['sandbox', 'serve', '--port', port]);
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await busy.close();
    }
  });
});
