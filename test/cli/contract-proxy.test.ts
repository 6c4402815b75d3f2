// The CLI's traffic through a validating proxy built from docs/openapi.yaml (test/helpers/
// contract-proxy.ts): lookups, job creation from JSON and CSV files, list, get, update, status,
// apply, the api passthrough (HEAD too), the wizard, and the errors 400, 401, 404, 405, 409, 415 and
// 429. Every request and every response must be what the document declares; the few requests that
// break it on purpose are declared, and the proxy must find exactly their problem.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { csvRecord } from '../../src/terminal/csv.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { useContractProxy } from '../helpers/contract-proxy.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { call, useSandbox, validJob, words } from '../helpers/sandbox.js';
import { classification, createdId, details, review } from '../wizard/scripts.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useContractProxy(sandbox);
const dir = mkdtempSync(join(tmpdir(), 'recruit-contract-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function recruit(args: string[], options: { token?: string; stdin?: string; prompter?: FakePrompter } = {}): Promise<CliResult> {
  return runCli([...args, '--base-url', proxy.baseUrl], {
    env: {
      RECRUIT_TOKEN: options.token ?? 'sbx_direct_full',
      RECRUIT_STATE_DIR: mkdtempSync(join(dir, 'state-')),
      NO_COLOR: '1',
      ...(options.prompter ? { CI: undefined } : {}),
    },
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    ...(options.prompter ? { tty: true, prompter: options.prompter } : {}),
  });
}

function file(name: string, content: string): string {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
}

async function ok(args: string[], options: Parameters<typeof recruit>[1] = {}): Promise<CliResult> {
  const result = await recruit(args, options);
  expect(result.code, `${args.join(' ')}\n${result.stderr}`).toBe(0);
  return result;
}

/** The statuses the proxy saw for requests whose target matches. */
const statusesOf = (method: string, target: RegExp) => proxy.exchanges.filter((e) => e.method === method && target.test(e.target)).map((e) => e.status);

describe('the CLI through a validating proxy built from docs/openapi.yaml', () => {
  it('lookups of every kind', async () => {
    for (const kind of ['job-options', 'industries', 'customers', 'departments', 'hiring-managers', 'users']) await ok(['lookup', kind, '--json']);
    await ok(['lookup', 'functions', '--industry', 'Information Technology', '--all']);
    await ok(['lookup', 'employer-types', '--industry', '1', '--search', 'saas']);
    await ok(['lookup', 'industries', '--all']);
    expect(proxy.violations()).toEqual([]);
  });

  it('jobs create --file from JSON and CSV, list --all, get, update, status (a refused change too), apply', async () => {
    const json = file('jobs.json', JSON.stringify([validJob({ title: 'Contract JSON 1' }), validJob({ title: 'Contract JSON 2', skills: ['SQL'] })]));
    await ok(['jobs', 'create', '--file', json]);
    const header = ['title', 'description', 'location', 'industry', 'jobFunction', 'employerTypeId', 'salaryMin', 'skills'];
    const row = ['Contract CSV', words(120), 'Austin, TX, USA', 'Information Technology', 'Data Engineering', 501, 70000, 'SQL;Go'];
    await ok(['jobs', 'create', '--file', file('jobs.csv', csvRecord(header) + csvRecord(row))]);

    const listed = JSON.parse((await ok(['jobs', 'list', '--all', '--json'])).stdout) as Array<{ id: number; title: string }>;
    const id = listed.find((j) => j.title === 'Contract CSV')!.id;
    await ok(['jobs', 'get', String(id)]);
    await ok(['jobs', 'update', String(id), '--title', 'Contract CSV renamed', '--experience', '3']);
    await ok(['jobs', 'status', String(id), 'closed']);
    // Job 14 of the approval account waits for approval: moving it to In Progress is a 409.
    const refused = await recruit(['jobs', 'status', '14', 'in-progress'], { token: 'sbx_approval_full' });
    expect(refused.code).not.toBe(0);
    expect(statusesOf('PATCH', /^\/v1\/jobs\/14\/status$/)).toContain(409);

    const apply = file('apply.json', JSON.stringify([validJob({ jobCode: 'CT-1', title: 'Contract Apply' })]));
    await ok(['jobs', 'apply', '--file', apply, '--yes']);
    await ok(['jobs', 'apply', '--file', file('apply2.json', JSON.stringify([validJob({ jobCode: 'CT-1', title: 'Contract Apply 2' })])), '--yes']);
    expect(proxy.violations()).toEqual([]);
  });

  it('the api passthrough: GET with fields, POST, PATCH, HEAD, and 404, 405 and 401', async () => {
    await ok(['api', '/job-functions', '-X', 'GET', '-f', 'industry_id=1', '-f', 'pageSize=3']);
    const created = JSON.parse((await ok(['api', '/jobs', '--input', file('api.json', JSON.stringify(validJob({ title: 'Contract API' })))])).stdout) as { id: number };
    await ok(['api', `/jobs/${created.id}`, '-X', 'PATCH', '-f', 'experience=4']);
    await ok(['api', `/jobs/${created.id}`, '-X', 'HEAD']);
    await ok(['api', '/industries', '-X', 'HEAD']);
    expect(statusesOf('HEAD', /^\/v1\//)).toEqual([200, 200]);

    expect((await recruit(['api', '/jobs/999999'])).code).not.toBe(0);
    expect((await recruit(['api', '/nowhere'])).code).not.toBe(0);
    expect((await recruit(['api', `/jobs/${created.id}`, '-X', 'DELETE'])).code).not.toBe(0);
    expect((await recruit(['api', '/industries'], { token: 'sbx_nobody_full' })).code).not.toBe(0);
    expect((await recruit(['jobs', 'get', '999999'])).code).not.toBe(0);
    expect(statusesOf('GET', /^\/v1\/(jobs\/999999|nowhere)$/)).toEqual([404, 404, 404]);
    expect(statusesOf('DELETE', /^\/v1\/jobs\//)).toEqual([405]);
    expect(statusesOf('GET', /^\/v1\/industries$/)).toContain(401);
    expect(proxy.violations()).toEqual([]);
  });

  it('400 and 415: requests that break the document on purpose, each found by the proxy, each answered as declared', async () => {
    const problems = await proxy.sendingInvalid(async () => {
      expect((await recruit(['api', '/job-functions'])).code).not.toBe(0);
      const text = file('text.json', JSON.stringify(validJob()));
      expect((await recruit(['api', '/jobs', '--input', text, '-H', 'Content-Type: text/plain'])).code).not.toBe(0);
    });
    expect(problems).toEqual(['query parameter industry_id is required', 'Content-Type "text/plain" is not one of application/json']);
    expect(statusesOf('GET', /^\/v1\/job-functions$/)).toContain(400);
    expect(statusesOf('POST', /^\/v1\/jobs$/)).toContain(415);
    expect(proxy.violations()).toEqual([]);
  });

  it('429 and 503 from the fault queue (retried by the CLI), and 429 past a rate limit, with the RateLimit fields on every answer', async () => {
    expect((await call(sandbox.current, 'PUT', '/_sandbox/faults', { body: { spec: 'retry-after=1', queue: ['429', '503'] } })).status).toBe(200);
    await ok(['lookup', 'departments']);
    // One request a minute: the first is answered, the CLI's retries of the second are all 429 (its
    // clock skips the waits; the sandbox's bucket fills in real time).
    expect((await call(sandbox.current, 'PUT', '/_sandbox/rate-limit', { body: { limit: '1/min,burst=1' } })).status).toBe(200);
    try {
      await ok(['lookup', 'users']);
      expect((await recruit(['lookup', 'users'])).code).not.toBe(0);
    } finally {
      expect((await call(sandbox.current, 'PUT', '/_sandbox/rate-limit', { body: { limit: 'off' } })).status).toBe(200);
    }
    expect(statusesOf('GET', /^\/v1\/departments$/)).toEqual(expect.arrayContaining([429, 503, 200]));
    expect(proxy.exchanges.some((e) => e.target === '/v1/users' && e.status === 429)).toBe(true);
    expect(proxy.violations()).toEqual([]);
  });

  it('the wizard on the direct account, whose account-type probe is the one invalid request it sends on purpose', async () => {
    const prompter = new FakePrompter([...classification(), ...details('Contract Wizard'), review('Submit')]);
    let result: CliResult | undefined;
    // Under `account-type auto` the wizard first learns the account type from a POST /jobs with `{}`
    // (src/jobs/account-type.ts): a body the document refuses, answered by the declared 400.
    const problems = await proxy.sendingInvalid(async () => (result = await ok(['jobs', 'create'], { prompter })));
    prompter.assertDone();
    expect(createdId(result!.stdout)).toBeGreaterThan(0);
    expect(problems).toEqual([expect.stringMatching(/^body \{\}: value must have required property 'title'/)]);
    expect(proxy.exchanges.filter((e) => e.requestProblems.length > 0 && e.target === '/v1/jobs').map((e) => e.status)).toContain(400);
    expect(proxy.violations()).toEqual([]);
  });

  it('writes every path as the document does: an id typed with leading zeros, a base URL with trailing slashes', async () => {
    const from = proxy.exchanges.length;
    await ok(['jobs', 'get', '0003']);
    await runCli(['jobs', 'status', '003', 'in-progress', '--base-url', `${proxy.baseUrl}//`], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
    await runCli(['lookup', 'industries', '--base-url', `${proxy.baseUrl}/`], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
    const sent = proxy.exchanges.slice(from).map((e) => `${e.method} ${e.target.split('?')[0]}`);
    expect(sent).toEqual(expect.arrayContaining(['GET /v1/jobs/3', 'PATCH /v1/jobs/3/status', 'GET /v1/industries']));
    expect(sent.filter((s) => /\/$|\/\/|\/0\d/.test(s))).toEqual([]);
    expect(proxy.violations()).toEqual([]);
  });

  it('saw a representative part of the traffic, with no violation at all', () => {
    const seen = new Set(proxy.exchanges.map((e) => `${e.method} ${e.status}`));
    for (const s of ['GET 200', 'HEAD 200', 'POST 201', 'PATCH 200', 'GET 400', 'GET 401', 'GET 404', 'DELETE 405', 'PATCH 409', 'POST 415', 'GET 429', 'GET 503']) {
      expect(seen, s).toContain(s);
    }
    expect(proxy.exchanges.length).toBeGreaterThan(50);
    expect(proxy.violations()).toEqual([]);
  });
});
