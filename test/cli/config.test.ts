import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ConfigData } from '../../src/config/config-file.js';
import { runCli } from '../helpers/cli.js';

const SECRET = 'tok_secret_value_123';

/** A config directory holding `config`, mode 0644 like a hand-written file. */
function envWith(config?: ConfigData, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const dir = mkdtempSync(join(tmpdir(), 'recruit-config-'));
  if (config) {
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
    chmodSync(join(dir, 'config.json'), 0o644);
  }
  return { RECRUIT_CONFIG_DIR: dir, ...extra };
}

const file = (env: NodeJS.ProcessEnv) => join(env.RECRUIT_CONFIG_DIR!, 'config.json');
const stored = (env: NodeJS.ProcessEnv): ConfigData => JSON.parse(readFileSync(file(env), 'utf8')) as ConfigData;

const twoProfiles: ConfigData = {
  currentProfile: 'prod',
  profiles: {
    prod: { baseUrl: 'https://api.example.com/v1', token: SECRET, accountType: 'staffing' },
    staging: { baseUrl: 'https://staging.example.com/v1', concurrency: 2 },
  },
};

describe('config list', () => {
  it('piped: one tab-separated row per setting with its source; the token only as "set"', async () => {
    const result = await runCli(['config', 'list'], {
      env: envWith(twoProfiles, { RECRUIT_CONCURRENCY: '12', HTTPS_PROXY: 'http://alice:proxy-pass@proxy.example.com:3128', NO_PROXY: '', no_proxy: '', https_proxy: '' }),
    });
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').filter(Boolean)).toEqual([
      'profile\tprod\tcurrent profile in the config file',
      'base-url\thttps://api.example.com/v1\tprofile "prod"',
      'account-type\tstaffing\tprofile "prod"',
      'concurrency\t12\tRECRUIT_CONCURRENCY environment variable',
      'active-job-limit\t\tnot set',
      'proxy\thttp://***@proxy.example.com:3128\tHTTPS_PROXY environment variable',
      'no-proxy\t\tnot set',
      'ca-file\t\tnot set',
      'encoding\tauto\tdefault',
      'token\tset\tprofile "prod"',
    ]);
    expect(result.stdout).not.toContain(SECRET);
    expect(result.stdout).not.toContain('proxy-pass');
  });

  it('on a terminal: an aligned table with headers', async () => {
    const result = await runCli(['--profile', 'staging', 'config', 'list'], { env: envWith(twoProfiles, { NO_COLOR: '1' }), tty: true });
    expect(result.code).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines[0]).toMatch(/^KEY\s+VALUE\s+SOURCE/);
    expect(result.stdout).toMatch(/^profile\s+staging\s+--profile flag/m);
    expect(result.stdout).toMatch(/^token\s+not set\s+not set/m);
    expect(result.stdout).not.toContain('\t');
  });

  it('--json: an object of {value, source} per setting', async () => {
    const env = envWith(twoProfiles, { RECRUIT_ACCOUNT_TYPE: 'direct', RECRUIT_TOKEN: 'tok_from_env', HTTPS_PROXY: '', https_proxy: '', HTTP_PROXY: '', http_proxy: '', ALL_PROXY: '', all_proxy: '', NO_PROXY: '', no_proxy: '' });
    const result = await runCli(['--base-url', 'https://flag.example.com/v1', 'config', 'list', '--json'], { env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      profile: { value: 'prod', source: 'profile' },
      'base-url': { value: 'https://flag.example.com/v1', source: 'flag' },
      'account-type': { value: 'direct', source: 'env' },
      concurrency: { value: 4, source: 'default' },
      'active-job-limit': { value: null, source: null },
      proxy: { value: null, source: null },
      'no-proxy': { value: null, source: null },
      'ca-file': { value: null, source: null },
      encoding: { value: 'auto', source: 'default' },
      token: { value: 'set', source: 'env' },
    });
    expect(result.stdout).not.toContain('tok_from_env');
  });

  it('config get proxy: the proxy in effect without its credentials; config set proxy keeps them in the file only', async () => {
    const env = envWith(twoProfiles, { HTTPS_PROXY: '', https_proxy: '', HTTP_PROXY: '', http_proxy: '', ALL_PROXY: '', all_proxy: '' });
    const set = await runCli(['config', 'set', 'proxy', 'alice:pp-secret@proxy.example.com:3128'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe('Set proxy to http://***@proxy.example.com:3128 in profile prod\n');
    const got = await runCli(['config', 'get', 'proxy'], { env });
    expect(got.stdout).toBe('http://***@proxy.example.com:3128\n');
    expect(readFileSync(join(env.RECRUIT_CONFIG_DIR!, 'config.json'), 'utf8')).toContain('http://alice:pp-secret@proxy.example.com:3128');
    const bad = await runCli(['config', 'set', 'proxy', 'socks5://alice:pp-secret@proxy.example.com:1080'], { env });
    expect(bad.code).toBe(2);
    expect(bad.stderr).not.toContain('pp-secret');
  });

  it('an invalid environment value is exit 2 naming the variable', async () => {
    for (const [name, value] of [
      ['RECRUIT_CONCURRENCY', 'lots'],
      ['RECRUIT_ACCOUNT_TYPE', 'agency'],
      ['RECRUIT_PROFILE', '__proto__'],
    ] as const) {
      const result = await runCli(['config', 'list'], { env: envWith(undefined, { [name]: value }) });
      expect(result.code, name).toBe(2);
      expect(result.stderr, name).toContain(name);
      expect(result.stdout, name).toBe('');
    }
  });
});

describe('config get', () => {
  it('prints only the value in effect', async () => {
    const env = envWith(twoProfiles);
    expect(await runCli(['config', 'get', 'base-url'], { env })).toEqual({ code: 0, stdout: 'https://api.example.com/v1\n', stderr: '' });
    expect((await runCli(['--profile', 'staging', 'config', 'get', 'concurrency'], { env })).stdout).toBe('2\n');
    expect((await runCli(['config', 'get', 'profile'], { env: { ...env, RECRUIT_PROFILE: 'staging' } })).stdout).toBe('staging\n');
    expect((await runCli(['config', 'get', 'account-type', '--json'], { env })).stdout).toBe('"staffing"\n');
  });

  it('an unset value prints nothing and exits 0', async () => {
    expect(await runCli(['config', 'get', 'base-url'], { env: envWith() })).toEqual({ code: 0, stdout: '', stderr: '' });
    expect((await runCli(['config', 'get', 'base-url', '--json'], { env: envWith() })).stdout).toBe('null\n');
  });

  it('an unknown key is exit 2 listing the valid ones; the token is never printed', async () => {
    const unknown = await runCli(['config', 'get', 'colour'], { env: envWith(twoProfiles) });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('valid keys: profile, base-url, account-type, concurrency, active-job-limit, proxy, no-proxy, ca-file, encoding');
    const token = await runCli(['config', 'get', 'token'], { env: envWith(twoProfiles) });
    expect(token.code).toBe(2);
    expect(token.stdout + token.stderr).not.toContain(SECRET);
    expect(token.stderr).toContain('auth status');
  });

  it('a misspelt key is exit 2 with the key meant, for get and set alike', async () => {
    for (const verb of ['get', 'set']) {
      const result = await runCli(['config', verb, 'acount-type', ...(verb === 'set' ? ['direct'] : [])], { env: envWith(twoProfiles) });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('error: unknown setting "acount-type"; did you mean "account-type"?\n');
      expect(result.stderr).toContain('hint: valid keys: profile, base-url, account-type,');
    }
  });
});

describe('config set', () => {
  it('saves into the selected profile only, with mode 0600', async () => {
    const env = envWith(twoProfiles);
    const result = await runCli(['--profile', 'staging', 'config', 'set', 'account-type', 'direct'], { env });
    expect(result).toEqual({ code: 0, stdout: 'Set account-type to direct in profile staging\n', stderr: '' });
    expect((await runCli(['--profile', 'staging', 'config', 'set', 'concurrency', '16'], { env })).code).toBe(0);
    expect(stored(env)).toEqual({
      ...twoProfiles,
      profiles: { ...twoProfiles.profiles, staging: { baseUrl: 'https://staging.example.com/v1', concurrency: 16, accountType: 'direct' } },
    });
    expect(statSync(file(env)).mode & 0o777).toBe(0o600);
  });

  it('creates the config file and the profile when missing', async () => {
    const env = envWith();
    expect((await runCli(['config', 'set', 'base-url', 'https://api.example.com/v1/'], { env })).code).toBe(0);
    expect(stored(env)).toEqual({ profiles: { default: { baseUrl: 'https://api.example.com/v1' } } });
    expect(statSync(file(env)).mode & 0o777).toBe(0o600);
  });

  it('base-url is kept and shown in its canonical form; a query is refused and nothing is saved', async () => {
    const env = envWith();
    const set = await runCli(['config', 'set', 'base-url', 'HTTPS://API.Example.COM:443/x/../v1//'], { env });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stdout).toBe('Set base-url to https://api.example.com/v1 in profile default\n');
    expect(stored(env)).toEqual({ profiles: { default: { baseUrl: 'https://api.example.com/v1' } } });
    const refused = await runCli(['config', 'set', 'base-url', 'https://api.example.com/v1?key=s3cret'], { env });
    expect(refused.code).toBe(2);
    expect(refused.stderr).not.toContain('s3cret');
    expect(stored(env).profiles!.default!.baseUrl).toBe('https://api.example.com/v1');
    // A profile written by hand, or by an earlier version, is shown canonical too.
    const hand = envWith({ profiles: { default: { baseUrl: 'https://API.example.com:443/v1/' } } });
    expect((await runCli(['config', 'get', 'base-url'], { env: hand })).stdout).toBe('https://api.example.com/v1\n');
  });

  it('`profile` switches the current profile', async () => {
    const env = envWith(twoProfiles);
    const result = await runCli(['config', 'set', 'profile', 'staging'], { env });
    expect(result.code).toBe(0);
    expect(stored(env).currentProfile).toBe('staging');
    expect((await runCli(['config', 'get', 'base-url'], { env })).stdout).toBe('https://staging.example.com/v1\n');
  });

  it('warns when an environment variable overrides the saved value', async () => {
    const result = await runCli(['config', 'set', 'concurrency', '3'], { env: envWith(undefined, { RECRUIT_CONCURRENCY: '9' }) });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('RECRUIT_CONCURRENCY is set and overrides this value');
  });

  it.each([
    [['account-type', 'agency'], 'account-type'],
    [['concurrency', '0'], 'concurrency'],
    [['concurrency', '65'], 'concurrency'],
    [['concurrency', 'eight'], 'concurrency'],
    [['active-job-limit', '-1'], 'active-job-limit'],
    [['active-job-limit', 'fifty'], 'active-job-limit'],
    [['base-url', 'not a url'], 'base URL'],
    [['base-url', 'http://api.example.com/v1'], 'plain http://'],
    [['profile', '../other'], 'profile'],
    [['token', SECRET], 'auth login'],
    [['colour', 'red'], 'valid keys'],
  ])('refuses %j with exit 2 naming the key, and writes nothing', async (args, message) => {
    const env = envWith(twoProfiles);
    const before = readFileSync(file(env), 'utf8');
    const result = await runCli(['config', 'set', ...args], { env });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(message);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
    expect(readFileSync(file(env), 'utf8')).toBe(before);
  });

  it('allows plain http to another host with --insecure-http', async () => {
    const env = envWith();
    expect((await runCli(['--insecure-http', 'config', 'set', 'base-url', 'http://api.internal/v1'], { env })).code).toBe(0);
    expect(stored(env).profiles?.default?.baseUrl).toBe('http://api.internal/v1');
  });
});
