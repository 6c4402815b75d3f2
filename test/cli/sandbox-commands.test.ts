import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
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
    // The sets that show the spec's 403 on lookups and "jobs.write is the only permission for creation".
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
    expect(approved.stdout).toContain(`Job ${id} (Platform Engineer) approved: status In Progress (5), approval Approved (1)`);
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
    expect(result.stdout).toContain('Sandbox reset: 21 seeded jobs');
    expect(sandbox.store.jobs.size).toBe(21);
  });

  it('says so when no sandbox answers at the base URL (exit 5)', async () => {
    const result = await runCli(['sandbox', 'reset', '--base-url', 'http://127.0.0.1:9/v1']);
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('Could not reach the sandbox');
  });
});

describe('recruit sandbox approve on the embedded sandbox', () => {
  it('keeps the decision in the state directory across commands', async () => {
    // Seeded job 14 is the approval account's pending "UX Designer".
    const first = await runCli(['sandbox', 'approve', '14']);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('Job 14 (UX Designer) approved');
    const second = await runCli(['sandbox', 'approve', '14']);
    expect(second.code).toBe(4);
    expect((await runCli(['sandbox', 'reset'])).code).toBe(0);
    expect((await runCli(['sandbox', 'reject', '14'])).code).toBe(0);
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
