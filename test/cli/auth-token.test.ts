// `recruit auth token`: the token in effect on stdout, for scripts; nothing else anywhere.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';

const sandbox = useSandbox();
const TOKEN = 'sbx_direct_full';

const freshEnv = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  RECRUIT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'recruit-auth-token-')),
  RECRUIT_TOKEN: undefined,
  RECRUIT_BASE_URL: undefined,
  ...extra,
});

describe('recruit auth token', () => {
  it("prints the profile's token on stdout and nothing on stderr, also with --verbose", async () => {
    const env = freshEnv();
    const login = await runCli(['--base-url', sandbox.current.baseUrl, 'auth', 'login', '--with-token'], { env, stdin: `${TOKEN}\n` });
    expect(login.code, login.stderr).toBe(0);
    const result = await runCli(['--verbose', 'auth', 'token'], { env });
    expect(result).toMatchObject({ code: 0, stdout: `${TOKEN}\n`, stderr: '' });
  });

  it('prints RECRUIT_TOKEN when it is set, as every command would use it', async () => {
    const result = await runCli(['auth', 'token'], { env: freshEnv({ RECRUIT_TOKEN: 'sbx_staffing_full' }) });
    expect(result).toMatchObject({ code: 0, stdout: 'sbx_staffing_full\n' });
  });

  it('fails with exit 3 and a hint when there is no token', async () => {
    const result = await runCli(['auth', 'token'], { env: freshEnv() });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('not logged in: no token for profile "default"');
    expect(result.stderr).toContain('recruit auth login');
  });

  it('does not hand a profile\'s token to another host given by --base-url', async () => {
    const env = freshEnv();
    await runCli(['--base-url', sandbox.current.baseUrl, 'auth', 'login', '--with-token'], { env, stdin: `${TOKEN}\n` });
    const result = await runCli(['--base-url', 'https://elsewhere.example/v1', 'auth', 'token'], { env });
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).not.toContain(TOKEN);
    expect(result.stderr).toContain('has a token for another host than https://elsewhere.example');
  });

  it('refuses --sandbox, whose token no other program can use', async () => {
    const result = await runCli(['--sandbox', 'auth', 'token'], { env: freshEnv() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain('recruit --sandbox api');
  });
});
