// Tokens in the OS keyring (here a store in memory, passed as the OS keyring would be): `auth login`
// keeps the token there and only a marker in the config file; every command reads it from there;
// the file is the fallback when no keyring answers, and the choice with --insecure-storage.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigData } from '../../src/config/config-file.js';
import { runCli, type CliResult } from '../helpers/cli.js';
import { FakeSecretStore } from '../helpers/fake-secret-store.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const TOKEN = 'sbx_direct_full';

function setup() {
  const env: NodeJS.ProcessEnv = { RECRUIT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'recruit-keyring-')), RECRUIT_TOKEN: undefined, RECRUIT_BASE_URL: undefined };
  const secrets = new FakeSecretStore();
  const file = join(env.RECRUIT_CONFIG_DIR!, 'config.json');
  const config = () => JSON.parse(readFileSync(file, 'utf8')) as ConfigData;
  const cli = (args: string[], stdin?: string) => runCli(args, { env, secrets, stdin });
  const login = (...flags: string[]) => cli(['--base-url', sandbox.current.baseUrl, 'auth', 'login', '--with-token', ...flags], `${TOKEN}\n`);
  return { env, secrets, file, config, cli, login };
}

const everything = (r: CliResult) => r.stdout + r.stderr;

describe('auth login with an OS keyring', () => {
  it('keeps the token in the keyring and only a marker in the config file', async () => {
    const { secrets, config, file, login } = setup();
    const result = await login();
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`Logged in to ${sandbox.current.baseUrl} as profile default; token stored in the test keyring\n`);
    expect(secrets.tokens.get('default')).toBe(TOKEN);
    expect(config().profiles?.default).toMatchObject({ baseUrl: sandbox.current.baseUrl, tokenStorage: 'keyring' });
    expect(readFileSync(file, 'utf8')).not.toContain(TOKEN);
    expect(everything(result)).not.toContain(TOKEN);
  });

  it('lets every command use the token from the keyring, and says where it is', async () => {
    const { cli, login } = setup();
    await login();
    const status = await cli(['auth', 'status', '--json']);
    expect(status.code, status.stderr).toBe(0);
    expect(JSON.parse(status.stdout)).toMatchObject({ valid: true, tokenSource: 'profile', tokenStoredIn: 'the test keyring' });
    const list = await cli(['jobs', 'list', '--json']);
    expect(list.code, list.stderr).toBe(0);
    expect((await cli(['auth', 'token'])).stdout).toBe(`${TOKEN}\n`);
  });

  it('keeps the token in the file with --insecure-storage, and the keyring untouched', async () => {
    const { secrets, config, login } = setup();
    const result = await login('--insecure-storage');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('(mode 0600)');
    expect(result.stderr).not.toContain('keyring');
    expect(secrets.tokens.size).toBe(0);
    expect(config().profiles?.default?.token).toBe(TOKEN);
  });

  it('falls back to the file, with a note, when no keyring takes the token', async () => {
    const { secrets, config, file, login, cli } = setup();
    secrets.failing = 'org.freedesktop.secrets was not provided by any .service files';
    const result = await login();
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`no OS keyring took the token (org.freedesktop.secrets was not provided by any .service files): it is kept in ${file} (mode 0600) instead`);
    expect(config().profiles?.default).toMatchObject({ token: TOKEN });
    expect(config().profiles?.default?.tokenStorage).toBeUndefined();
    expect((await cli(['auth', 'status', '--json'])).code).toBe(0);
  });

  it('keeps a token stored in the file working, and moves it to the keyring at the next login', async () => {
    const { secrets, config, file, login, cli } = setup();
    await login('--insecure-storage');
    // The keyring is there but not read for a profile whose token is in the file.
    secrets.failing = 'must not be asked';
    expect((await cli(['jobs', 'list', '--json'])).code).toBe(0);
    secrets.failing = undefined;
    const moved = await login();
    expect(moved.stdout).toContain('token stored in the test keyring');
    expect(config().profiles?.default?.token).toBeUndefined();
    expect(readFileSync(file, 'utf8')).not.toContain(TOKEN);
  });

  it('moves a token from the keyring to the file with --insecure-storage, leaving no copy in the keyring', async () => {
    const { secrets, config, login } = setup();
    await login();
    await login('--insecure-storage');
    expect(secrets.tokens.size).toBe(0);
    expect(config().profiles?.default?.token).toBe(TOKEN);
  });

  it('says so when the keyring cannot be read, and the command then has no token', async () => {
    const { secrets, cli, login } = setup();
    await login();
    secrets.failing = 'the collection is locked';
    const result = await cli(['jobs', 'list', '--json']);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain('warning: could not read the token of profile "default" from the Secret Service keyring: the collection is locked');
    expect(result.stderr).toContain('not logged in');
  });

  it('auth logout removes the token from the keyring', async () => {
    const { secrets, config, cli, login } = setup();
    await login();
    const result = await cli(['auth', 'logout']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('Logged out of profile default: token removed from the test keyring; base URL kept\n');
    expect(secrets.tokens.size).toBe(0);
    expect(config().profiles?.default?.tokenStorage).toBeUndefined();
  });
});

describe('RECRUIT_KEYRING=0', () => {
  it('keeps tokens in the config file, without a note', async () => {
    const env: NodeJS.ProcessEnv = { RECRUIT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'recruit-keyring-off-')), RECRUIT_TOKEN: undefined, RECRUIT_KEYRING: '0' };
    const result = await runCli(['--base-url', sandbox.current.baseUrl, 'auth', 'login', '--with-token'], { env, stdin: `${TOKEN}\n` });
    expect(result.code).toBe(0);
    expect(result.stderr).not.toContain('keyring');
    expect(result.stdout).toContain('(mode 0600)');
  });
});
