import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConfigData } from '../../src/config/config-file.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const TOKEN = 'sbx_direct_full';

/** Each test gets its own config directory. */
function freshEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { RECRUIT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'recruit-auth-')), ...extra };
}

/** What login keeps beside the token under `account-type auto` (test/cli/account-type.test.ts covers it). */
const LEARNED_DIRECT = { learnedAccountType: { type: 'direct', account: expect.stringMatching(/^[0-9a-f]{24}$/), at: expect.any(String) } };

const file = (env: NodeJS.ProcessEnv) => join(env.RECRUIT_CONFIG_DIR!, 'config.json');
const stored = (env: NodeJS.ProcessEnv): ConfigData => JSON.parse(readFileSync(file(env), 'utf8')) as ConfigData;

function login(env: NodeJS.ProcessEnv, token: string, args: string[] = []): Promise<CliResult> {
  return runCli(['--base-url', sandbox.current.baseUrl, ...args, 'auth', 'login', '--with-token'], { env, stdin: `${token}\n` });
}

async function deadPort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('auth login --with-token', () => {
  it('checks the token against the API, then saves the profile with mode 0600 and makes it current', async () => {
    const env = freshEnv();
    const result = await login(env, `  ${TOKEN}  `);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`Logged in to ${sandbox.current.baseUrl} as profile default; token stored in ${file(env)} (mode 0600)\n`);
    expect(stored(env)).toEqual({ currentProfile: 'default', profiles: { default: { baseUrl: sandbox.current.baseUrl, token: TOKEN, ...LEARNED_DIRECT } } });
    expect(statSync(file(env)).mode & 0o777).toBe(0o600);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);

    const status = await runCli(['auth', 'status', '--json'], { env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ profile: 'default', valid: true, status: 'valid', tokenSource: 'profile' });
  });

  it('keeps and shows the base URL in its canonical form; RECRUIT_BASE_URL spelled otherwise is the same URL, not worth a warning', async () => {
    const port = new URL(sandbox.current.baseUrl).port;
    const env = freshEnv({ RECRUIT_BASE_URL: `http://127.0.0.1:${port}/v1/` });
    const result = await runCli(['--base-url', `HTTP://127.0.0.1:0${port}/x/../v1//`, 'auth', 'login', '--with-token'], { env, stdin: TOKEN });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain(`Logged in to http://127.0.0.1:${port}/v1 as profile default`);
    expect(stored(env).profiles!.default!.baseUrl).toBe(`http://127.0.0.1:${port}/v1`);
    expect(result.stderr).not.toContain('RECRUIT_BASE_URL is set');
  });

  it('refuses a bad token (exit 3) and saves nothing', async () => {
    const env = freshEnv();
    const result = await login(env, 'sbx_direct_nosuchset');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('the token was refused');
    expect(result.stderr).not.toContain('sbx_direct_nosuchset');
    expect(existsSync(file(env))).toBe(false);
  });

  it('does not overwrite a working profile when a new token is refused', async () => {
    const env = freshEnv();
    expect((await login(env, TOKEN)).code).toBe(0);
    const before = readFileSync(file(env), 'utf8');
    expect((await login(env, 'sbx_bogus')).code).toBe(3);
    expect(readFileSync(file(env), 'utf8')).toBe(before);
  });

  it('saves nothing and exits 5 when the API cannot be reached', async () => {
    const env = freshEnv();
    const port = await deadPort();
    const result = await runCli(['--base-url', `http://127.0.0.1:${port}/v1`, 'auth', 'login', '--with-token'], { env, stdin: TOKEN });
    expect(result.code).toBe(5);
    expect(result.stderr).toContain('nothing was saved');
    expect(existsSync(file(env))).toBe(false);
  });

  it('keeps the current profile when logging in to another one', async () => {
    const env = freshEnv();
    await login(env, TOKEN);
    expect((await login(env, 'sbx_staffing_full', ['--profile', 'staffing'])).code).toBe(0);
    expect(stored(env).currentProfile).toBe('default');
    expect(stored(env).profiles?.staffing?.token).toBe('sbx_staffing_full');
  });

  it('takes the base URL from the profile when --base-url is not given', async () => {
    const env = freshEnv();
    await login(env, TOKEN);
    const again = await runCli(['auth', 'login', '--with-token'], { env, stdin: 'sbx_direct_readonly' });
    expect(again.code).toBe(0);
    expect(stored(env).profiles?.default).toEqual({ baseUrl: sandbox.current.baseUrl, token: 'sbx_direct_readonly' });
  });

  it.each([
    ['an empty stdin', ['--base-url', 'http://127.0.0.1:9/v1', 'auth', 'login', '--with-token'], '\n  \n', 'no token on stdin'],
    ['no terminal and no --with-token', ['--base-url', 'http://127.0.0.1:9/v1', 'auth', 'login'], TOKEN, '--with-token'],
    ['--sandbox', ['--sandbox', 'auth', 'login', '--with-token'], TOKEN, 'needs no login'],
    ['plain http to another host', ['--base-url', 'http://api.example.com/v1', 'auth', 'login', '--with-token'], TOKEN, 'plain http://'],
    ['no base URL anywhere', ['auth', 'login', '--with-token'], TOKEN, '--base-url'],
    ['a token with spaces', ['--base-url', 'http://127.0.0.1:9/v1', 'auth', 'login', '--with-token'], 'a b', 'single word'],
  ])('%s is a usage error (exit 2) and saves nothing', async (_name, args, stdin, message) => {
    const env = freshEnv();
    const result = await runCli(args, { env, stdin });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(existsSync(file(env))).toBe(false);
  });

  it('without a terminal, names both --with-token and --base-url', async () => {
    const result = await runCli(['auth', 'login'], { env: freshEnv() });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/--with-token/);
    expect(result.stderr).toMatch(/--base-url/);
  });
});

describe('auth login on a terminal, its questions answered by the fake prompter', () => {
  /** A terminal run: CI unset, so that the command may ask. */
  const onTerminal = (args: string[], env: NodeJS.ProcessEnv, prompter: FakePrompter, stdin?: string) =>
    runCli(args, { env: { ...env, CI: undefined, RECRUIT_TOKEN: undefined, RECRUIT_BASE_URL: undefined }, tty: true, prompter, ...(stdin !== undefined ? { stdin } : {}) });

  it('asks for the base URL (offering the stored one) and the token, then saves them', async () => {
    const env = freshEnv();
    await login(env, 'sbx_direct_readonly');
    const prompter = new FakePrompter([
      { kind: 'input', message: 'API base URL', answer: 'http://api.example.com/v1', rejected: /plain http/ },
      { kind: 'input', message: 'API base URL', answer: `${sandbox.current.baseUrl}/` },
      { kind: 'password', message: 'Token:', answer: ` ${TOKEN}\n` },
    ]);
    const result = await onTerminal(['auth', 'login'], env, prompter);
    expect(result.code, result.stderr).toBe(0);
    prompter.assertDone();
    expect(stored(env).profiles?.default).toEqual({ baseUrl: sandbox.current.baseUrl, token: TOKEN, ...LEARNED_DIRECT });
    expect(result.stdout).toContain(`Logged in to ${sandbox.current.baseUrl} as profile default`);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('offers the stored base URL as the default answer', async () => {
    const env = freshEnv();
    await login(env, 'sbx_direct_readonly');
    // An empty answer takes the default: the stored URL.
    const prompter = new FakePrompter([
      { kind: 'input', message: 'API base URL', answer: '' },
      { kind: 'password', message: 'Token:', answer: TOKEN },
    ]);
    const result = await onTerminal(['auth', 'login'], env, prompter);
    expect(result.code, result.stderr).toBe(0);
    expect(stored(env).profiles?.default?.baseUrl).toBe(sandbox.current.baseUrl);
  });

  it('does not ask for the base URL when --base-url is given', async () => {
    const env = freshEnv();
    const prompter = new FakePrompter([{ kind: 'password', message: 'Token:', answer: 'sbx_approval_full' }]);
    const result = await onTerminal(['--profile', 'p', '--base-url', sandbox.current.baseUrl, 'auth', 'login'], env, prompter);
    expect(result.code, result.stderr).toBe(0);
    prompter.assertDone();
    expect(stored(env)).toEqual({ currentProfile: 'p', profiles: { p: { baseUrl: sandbox.current.baseUrl, token: 'sbx_approval_full', ...LEARNED_DIRECT } } });
  });

  it('never prompts with --with-token', async () => {
    const env = freshEnv();
    const prompter = new FakePrompter(); // any question fails the test
    const result = await onTerminal(['--base-url', sandbox.current.baseUrl, 'auth', 'login', '--with-token'], env, prompter, TOKEN);
    expect(result.code, result.stderr).toBe(0);
    expect(prompter.seen).toEqual([]);
    expect(stored(env).profiles?.default?.token).toBe(TOKEN);
  });

  it('a refused token is said and asked again, the base URL kept; the second one is saved', async () => {
    const env = freshEnv();
    const prompter = new FakePrompter([
      { kind: 'input', message: 'API base URL', answer: sandbox.current.baseUrl },
      { kind: 'password', message: 'Token:', answer: 'sbx_wrong' },
      { kind: 'password', message: 'Token:', answer: TOKEN },
    ]);
    const result = await onTerminal(['auth', 'login'], env, prompter);
    expect(result.code, result.stderr).toBe(0);
    prompter.assertDone();
    expect(result.stderr.replace(/\s+/g, ' ')).toContain(`the token was refused by ${sandbox.current.baseUrl} (401): check it and enter it again (Ctrl-C stops; nothing is saved until one works)`);
    expect(stored(env).profiles?.default).toMatchObject({ baseUrl: sandbox.current.baseUrl, token: TOKEN });
    expect(result.stdout + result.stderr).not.toContain('sbx_wrong');
  });

  it('without a terminal a refused token still ends the login: exit 3, nothing saved', async () => {
    const env = freshEnv();
    const result = await login(env, 'sbx_wrong');
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('the token was refused');
    expect(existsSync(file(env))).toBe(false);
  });

  it('Ctrl-C at the token saves nothing and exits 130', async () => {
    const env = freshEnv();
    const prompter = new FakePrompter([{ kind: 'password', message: 'Token:', interrupt: true }]);
    const result = await onTerminal(['--base-url', sandbox.current.baseUrl, 'auth', 'login'], env, prompter);
    expect(result.code).toBe(130);
    expect(existsSync(file(env))).toBe(false);
  });
});

describe('a token that lacks organization.read (403)', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(403, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'forbidden', message: 'missing permission organization.read' } }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('is saved with a warning, and auth status reports it as working but limited', async () => {
    const env = freshEnv();
    const result = await runCli(['--base-url', baseUrl, 'auth', 'login', '--with-token'], { env, stdin: 'jobs_only_token' });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('lacks organization.read');
    expect(stored(env).profiles?.default?.token).toBe('jobs_only_token');

    const status = await runCli(['auth', 'status', '--json'], { env });
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ valid: true, status: 'forbidden' });
    const human = await runCli(['auth', 'status'], { env });
    expect(human.stdout).toContain('lacks organization.read (403)');
  });
});

describe('auth status', () => {
  it('valid: exit 0 with where everything comes from', async () => {
    const env = freshEnv();
    await login(env, TOKEN);
    const result = await runCli(['auth', 'status', '--json'], { env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      profile: 'default',
      current: true,
      profileSource: 'profile',
      baseUrl: sandbox.current.baseUrl,
      baseUrlSource: 'profile',
      accountType: 'direct',
      accountTypeSource: 'learned',
      tokenSource: 'profile',
      tokenStoredIn: file(env),
      valid: true,
      status: 'valid',
      error: null,
      permissions: { readJobs: true, changeJobs: true, changeStatus: true },
      otherProfiles: [],
    });
    const human = await runCli(['auth', 'status'], { env });
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Profile\s+default \(current: current profile in the config file\)$/m);
    expect(human.stdout).toMatch(new RegExp(`^Token\\s+${file(env).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    expect(human.stdout).toMatch(/^Status\s+valid$/m);
  });

  it('names the RECRUIT_TOKEN environment variable when the token comes from it', async () => {
    const env = freshEnv({ RECRUIT_TOKEN: TOKEN, RECRUIT_BASE_URL: sandbox.current.baseUrl });
    const result = await runCli(['auth', 'status'], { env });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Token\s+RECRUIT_TOKEN environment variable$/m);
    expect(result.stdout).toMatch(/Base URL\s+\S+ \(RECRUIT_BASE_URL environment variable\)/);
    expect(result.stdout + result.stderr).not.toContain(TOKEN);
  });

  it('refused: exit 3', async () => {
    const env = freshEnv({ RECRUIT_TOKEN: 'sbx_wrong' });
    const result = await runCli(['--base-url', sandbox.current.baseUrl, 'auth', 'status', '--json'], { env });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toMatchObject({ valid: false, status: 'refused', tokenSource: 'env', tokenStoredIn: null });
    expect(result.stdout + result.stderr).not.toContain('sbx_wrong');
  });

  it('not logged in: exit 3 and no request', async () => {
    const env = freshEnv();
    const result = await runCli(['auth', 'status', '--json'], { env });
    expect(result.code).toBe(3);
    expect(JSON.parse(result.stdout)).toEqual({
      profile: 'default',
      current: true,
      profileSource: 'default',
      baseUrl: null,
      baseUrlSource: 'default',
      accountType: 'auto',
      accountTypeSource: 'default',
      tokenSource: null,
      tokenStoredIn: null,
      valid: false,
      status: 'not_logged_in',
      error: null,
      permissions: null,
      otherProfiles: [],
    });
    expect(JSON.parse(result.stderr)).toMatchObject({ error: { code: 'not_logged_in' } });
    const human = await runCli(['auth', 'status'], { env });
    expect(human.code).toBe(3);
    expect(human.stdout).toMatch(/^Token\s+none$/m);
    expect(human.stderr).toContain('recruit auth login');
  });

  it('unreachable: exit 5 with the reason', async () => {
    const env = freshEnv({ RECRUIT_TOKEN: TOKEN });
    const port = await deadPort();
    const result = await runCli(['--base-url', `http://127.0.0.1:${port}/v1`, 'auth', 'status', '--json'], { env });
    expect(result.code).toBe(5);
    const report = JSON.parse(result.stdout) as { status: string; valid: boolean; error: string };
    expect(report).toMatchObject({ status: 'unreachable', valid: false });
    expect(report.error).toContain('ECONNREFUSED');
  });

  it('checks the embedded sandbox with --sandbox', async () => {
    const result = await runCli(['--sandbox', 'auth', 'status', '--json'], { env: freshEnv() });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ baseUrlSource: 'sandbox', tokenSource: 'sandbox', status: 'valid' });
  });
});

describe('auth status with several profiles', () => {
  it('shows every profile, the current one first and marked, each with its base URL, account and token source, never a token', async () => {
    const env = freshEnv();
    await login(env, TOKEN);
    await login(env, 'sbx_staffing_full', ['--profile', 'staff']);
    await login(env, 'sbx_approval_full', ['--profile', 'appr']);
    // A token that stops working later: status says so for that profile.
    const config = stored(env);
    config.profiles!.appr!.token = 'sbx_revoked';
    writeFileSync(file(env), JSON.stringify(config), { mode: 0o600 });

    const human = await runCli(['auth', 'status'], { env });
    expect(human.code, human.stderr).toBe(0);
    const blocks = human.stdout.trimEnd().split('\n\n');
    expect(blocks).toHaveLength(3);
    expect(blocks[0]).toMatch(/^Profile\s+default \(current: current profile in the config file\)$/m);
    expect(blocks[0]).toMatch(/^Status\s+valid$/m);
    expect(blocks[1]).toMatch(/^Profile\s+appr$/m);
    expect(blocks[1]).toMatch(new RegExp(`^Base URL\\s+${sandbox.current.baseUrl.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(profile "appr"\\)$`, 'm'));
    expect(blocks[1]).toMatch(/^Status\s+refused \(401\)$/m);
    expect(blocks[2]).toMatch(/^Profile\s+staff$/m);
    expect(blocks[2]).toMatch(/^Account\s+staffing \(learned\)$/m);
    expect(blocks[2]).toMatch(new RegExp(`^Token\\s+${file(env).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    for (const token of [TOKEN, 'sbx_staffing_full', 'sbx_revoked']) expect(human.stdout + human.stderr).not.toContain(token);

    const json = JSON.parse((await runCli(['auth', 'status', '--json'], { env })).stdout);
    expect(json).toMatchObject({ profile: 'default', current: true, valid: true });
    expect(json.otherProfiles.map((p: { profile: string; status: string; current: boolean }) => [p.profile, p.status, p.current])).toEqual([
      ['appr', 'refused', false],
      ['staff', 'valid', false],
    ]);

    // --profile narrows it to one, in JSON too; its failure is the exit code.
    const narrowed = await runCli(['--profile', 'appr', 'auth', 'status'], { env });
    expect(narrowed.code).toBe(3);
    expect(narrowed.stdout.trimEnd().split('\n\n')).toHaveLength(1);
    expect(narrowed.stdout).toMatch(/^Profile\s+appr \(current: --profile flag\)$/m);
    const narrowedJson = JSON.parse((await runCli(['--profile', 'staff', 'auth', 'status', '--json'], { env })).stdout);
    expect(narrowedJson).toMatchObject({ profile: 'staff', otherProfiles: [] });
  });
});

describe('auth logout', () => {
  it('removes the token, keeps the base URL, and then says it is not logged in', async () => {
    const env = freshEnv();
    await login(env, TOKEN);
    const out = await runCli(['auth', 'logout'], { env });
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(`Logged out of profile default: token removed from ${file(env)}; base URL kept\n`);
    expect(stored(env).profiles?.default).toEqual({ baseUrl: sandbox.current.baseUrl });
    expect(statSync(file(env)).mode & 0o777).toBe(0o600);

    const again = await runCli(['auth', 'logout'], { env });
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('Not logged in: profile default has no stored token');
    expect((await runCli(['auth', 'status'], { env })).code).toBe(3);
  });

  it('only touches the selected profile and warns that RECRUIT_TOKEN still applies', async () => {
    const env = freshEnv();
    await login(env, TOKEN);
    await login(env, 'sbx_approval_full', ['--profile', 'b']);
    const out = await runCli(['--profile', 'b', 'auth', 'logout'], { env: { ...env, RECRUIT_TOKEN: 'whatever' } });
    expect(out.code).toBe(0);
    expect(out.stderr).toContain('RECRUIT_TOKEN is set and still applies');
    expect(stored(env).profiles).toEqual({ default: { baseUrl: sandbox.current.baseUrl, token: TOKEN, ...LEARNED_DIRECT }, b: { baseUrl: sandbox.current.baseUrl } });
  });
});

describe('tokens never leak', () => {
  const A = 'sbx_direct_full';
  const B = 'sbx_approval_full';

  it('into any output or into another profile', async () => {
    const env = freshEnv();
    expect((await login(env, A, ['--profile', 'a'])).code).toBe(0);
    expect((await login(env, B, ['--profile', 'b'])).code).toBe(0);
    const commands = [
      ['auth', 'status'],
      ['auth', 'status', '--json'],
      ['--verbose', 'auth', 'status'],
      ['--verbose', 'auth', 'status', '--json'],
      ['config', 'list'],
      ['config', 'list', '--json'],
      ['config', 'get', 'base-url'],
      ['config', 'get', 'token'],
      ['config', 'set', 'concurrency', '6'],
    ];
    for (const profile of ['a', 'b']) {
      for (const args of commands) {
        for (const tty of [false, true]) {
          const result = await runCli(['--profile', profile, ...args], { env, tty });
          const output = result.stdout + result.stderr;
          expect(output, args.join(' ')).not.toContain(A);
          expect(output, args.join(' ')).not.toContain(B);
          expect(stored(env).profiles?.a?.token).toBe(A);
          expect(stored(env).profiles?.b?.token).toBe(B);
        }
      }
    }
    // The verbose lines really were printed, so the check above covered them.
    const verbose = await runCli(['--profile', 'a', '--verbose', 'auth', 'status'], { env });
    expect(verbose.stderr).toMatch(/> GET .*\/industries\?pageSize=1/);
    expect(JSON.stringify(stored(env).profiles?.a)).not.toContain(B);
    expect(JSON.stringify(stored(env).profiles?.b)).not.toContain(A);
  });
});
