// `account-type auto` learns the account type from the service, over real HTTP against the sandbox's
// staffing and direct accounts: at `auth login` (a probe that cannot create a job) and on the first 400
// that names customerId. What it learned is kept in the profile for that account only, shown by
// `config get` and `config list`, and checked before sending; an explicit type always wins.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigData } from '../../src/config/config-file.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const STAFFING = 'sbx_staffing_full';
const DIRECT = 'sbx_direct_full';
const LEARNED_STAFFING = 'this account needs a customer on every job (staffing); saved in profile default';
const LEARNED_DIRECT = 'this account does not need a customer on its jobs (direct); saved in profile default';

function freshEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const home = mkdtempSync(join(tmpdir(), 'recruit-account-type-'));
  return { RECRUIT_CONFIG_DIR: join(home, 'config'), RECRUIT_STATE_DIR: join(home, 'state'), ...extra };
}

const stored = (env: NodeJS.ProcessEnv): ConfigData => JSON.parse(readFileSync(join(env.RECRUIT_CONFIG_DIR!, 'config.json'), 'utf8')) as ConfigData;

function login(env: NodeJS.ProcessEnv, token: string): Promise<CliResult> {
  return runCli(['--base-url', sandbox.current.baseUrl, 'auth', 'login', '--with-token'], { env, stdin: `${token}\n` });
}

async function jobCount(token: string): Promise<number> {
  return (await call(sandbox.current, 'GET', '/v1/jobs?pageSize=1', { token })).body.meta.pagination.totalItems;
}

const FLAGS = [
  'jobs', 'create', '--title', 'Learned Type Job', '--description', 'word '.repeat(120), '--location', 'Austin, TX, USA',
  '--job-function', '101', '--employer-type', '504',
];

describe('account-type auto learns at login', () => {
  it('learns staffing with a probe that creates nothing, keeps it for that account, and checks customers before sending', async () => {
    const env = freshEnv();
    const before = await jobCount(STAFFING);
    const result = await login(env, STAFFING);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`${LEARNED_STAFFING}\n`);
    expect(result.stderr.match(/saved in profile/g)).toHaveLength(1);
    expect(await jobCount(STAFFING)).toBe(before);
    expect(stored(env).profiles!.default!.learnedAccountType).toEqual({ type: 'staffing', account: expect.stringMatching(/^[0-9a-f]{24}$/), at: expect.any(String) });
    expect(JSON.stringify(stored(env).profiles!.default!.learnedAccountType)).not.toContain(STAFFING);

    expect((await runCli(['config', 'get', 'account-type'], { env })).stdout).toBe('auto (learned: staffing)\n');
    expect(JSON.parse((await runCli(['config', 'get', 'account-type', '--json'], { env })).stdout)).toBe('auto');
    const list = await runCli(['config', 'list', '--json'], { env });
    expect(JSON.parse(list.stdout)['account-type']).toEqual({ value: 'auto', source: 'default', learned: 'staffing' });
    expect((await runCli(['config', 'list'], { env, tty: true })).stdout).toMatch(/account-type +auto \(learned: staffing\) +default/);

    // Known to be staffing: a job without a customer is refused before anything is sent.
    const refused = await runCli(FLAGS, { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('customer');
    expect(await jobCount(STAFFING)).toBe(before);

    // Explicit `direct` wins over what was learned: the job is sent, and the service refuses it.
    const explicit = await runCli(FLAGS, { env: { ...env, RECRUIT_ACCOUNT_TYPE: 'direct' } });
    expect(explicit.code).toBe(1);
    expect(explicit.stderr).toContain('customerId');
    expect((await runCli(['config', 'get', 'account-type'], { env: { ...env, RECRUIT_ACCOUNT_TYPE: 'direct' } })).stdout).toBe('direct\n');
    expect(stored(env).profiles!.default!.learnedAccountType!.type).toBe('staffing');
  });

  it('learns direct on the direct account, and another token of the profile does not inherit it', async () => {
    const env = freshEnv();
    const result = await login(env, DIRECT);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(LEARNED_DIRECT);
    expect((await runCli(['config', 'get', 'account-type'], { env })).stdout).toBe('auto (learned: direct)\n');
    // What was learned belongs to the base URL and token it was learned with.
    expect((await runCli(['config', 'get', 'account-type'], { env: { ...env, RECRUIT_TOKEN: STAFFING } })).stdout).toBe('auto\n');
  });

  it('learns nothing when the token may not create jobs (403), and says how it will learn', async () => {
    const env = freshEnv();
    const result = await login(env, 'sbx_staffing_lookups');
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('the account type is not known yet');
    expect(stored(env).profiles!.default!.learnedAccountType).toBeUndefined();
    expect((await runCli(['config', 'get', 'account-type'], { env })).stdout).toBe('auto\n');
  });

  it('does not probe when the account type is set', async () => {
    const env = freshEnv({ RECRUIT_ACCOUNT_TYPE: 'direct' });
    const result = await login(env, STAFFING);
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('saved in profile');
    expect(stored(env).profiles!.default!.learnedAccountType).toBeUndefined();
  });
});

describe('account-type auto learns on the first 400 that names customerId', () => {
  it('learns staffing from the refusal, says so once, and refuses the next job without a customer locally', async () => {
    const env = freshEnv({ RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: STAFFING });
    const before = await jobCount(STAFFING);
    const first = await runCli(FLAGS, { env });
    expect(first.code).toBe(1);
    expect(first.stderr).toContain('customerId');
    expect(first.stderr).toContain(LEARNED_STAFFING);
    expect(stored(env).profiles!.default!.learnedAccountType!.type).toBe('staffing');

    const second = await runCli(FLAGS, { env });
    expect(second.code).toBe(2);
    expect(second.stderr).not.toContain('saved in profile');
    expect(await jobCount(STAFFING)).toBe(before);

    // With a customer the same job is created.
    const customer = (await call(sandbox.current, 'GET', '/v1/customers?pageSize=1', { token: STAFFING })).body.data[0];
    const created = await runCli([...FLAGS, '--customer', String(customer.id), '--json'], { env });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ customerId: customer.id });
  });

  it('learns nothing from a 400 that names other fields', async () => {
    const env = freshEnv({ RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: DIRECT });
    const result = await runCli([...FLAGS.slice(0, -2), '--employer-type', '601'], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('employerTypeId: no employer type has id 601');
    expect(result.stderr).not.toContain('saved in profile');
  });
});
