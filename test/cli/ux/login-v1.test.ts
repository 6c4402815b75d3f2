// A base URL without /v1 typed at `auth login` is offered with /v1 at once, and a
// URL the token check finds wrong (404) is asked again alone: the token is not typed twice.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../helpers/cli.js';
import { FakePrompter } from '../../helpers/fake-prompter.js';
import { useSandbox } from '../../helpers/sandbox.js';

const TOKEN = 'sbx_direct_full';

describe('auth login and a base URL without /v1', () => {
  const sandbox = useSandbox();
  const freshEnv = () => ({ RECRUIT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'recruit-login-')), CI: undefined, RECRUIT_TOKEN: undefined, RECRUIT_BASE_URL: undefined });
  const storedUrl = (env: { RECRUIT_CONFIG_DIR: string }) =>
    (JSON.parse(readFileSync(join(env.RECRUIT_CONFIG_DIR, 'config.json'), 'utf8')) as { profiles: Record<string, { baseUrl: string }> }).profiles.default!.baseUrl;

  it('offers the URL with /v1 added, before the token', async () => {
    const env = freshEnv();
    const prompter = new FakePrompter([
      { kind: 'input', message: 'API base URL', answer: sandbox.current.origin },
      { kind: 'confirm', message: `Use ${sandbox.current.origin}/v1`, answer: true },
      { kind: 'password', message: 'Token:', answer: TOKEN },
    ]);
    const result = await runCli(['auth', 'login'], { env, tty: true, prompter });
    expect(result.code, result.stderr).toBe(0);
    prompter.assertDone();
    expect(storedUrl(env)).toBe(`${sandbox.current.origin}/v1`);
  });

  it('asks the URL again, alone, when the token check finds nothing there (404)', async () => {
    const env = freshEnv();
    const prompter = new FakePrompter([
      { kind: 'input', message: 'API base URL', answer: `${sandbox.current.origin}/api` },
      { kind: 'confirm', message: `Use ${sandbox.current.origin}/api/v1`, answer: false },
      { kind: 'password', message: 'Token:', answer: TOKEN },
      { kind: 'input', message: 'API base URL', answer: `${sandbox.current.origin}/v1` },
    ]);
    const result = await runCli(['auth', 'login'], { env, tty: true, prompter });
    expect(result.code, result.stderr).toBe(0);
    prompter.assertDone();
    expect(result.stderr).toContain('404');
    expect(storedUrl(env)).toBe(`${sandbox.current.origin}/v1`);
  });
});
