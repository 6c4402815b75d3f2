import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/core/errors.js';
import { configPath, editProfile, readConfig, storedProfile, updateConfig } from '../../src/config/config-file.js';

function freshEnv(): NodeJS.ProcessEnv {
  return { RECRUIT_CONFIG_DIR: join(mkdtempSync(join(tmpdir(), 'recruit-config-')), 'nested', 'recruit') };
}

const mode = (file: string) => statSync(file).mode & 0o777;

describe('updateConfig', () => {
  it('creates the file with mode 0600 (and its directory 0700)', async () => {
    const env = freshEnv();
    expect(existsSync(configPath(env))).toBe(false);
    await updateConfig(env, (data) => {
      editProfile(data, 'default').token = 'secret';
    });
    expect(mode(configPath(env))).toBe(0o600);
    expect(mode(env.RECRUIT_CONFIG_DIR!)).toBe(0o700);
    expect(readConfig(env)).toEqual({ profiles: { default: { token: 'secret' } } });
  });

  it('turns a pre-existing 0644 file into 0600 and keeps what it held', async () => {
    const env = freshEnv();
    mkdirSync(env.RECRUIT_CONFIG_DIR!, { recursive: true });
    writeFileSync(configPath(env), JSON.stringify({ currentProfile: 'a', profiles: { a: { baseUrl: 'https://a.example/v1' } } }));
    chmodSync(configPath(env), 0o644);
    expect(mode(configPath(env))).toBe(0o644);
    await updateConfig(env, (data) => {
      editProfile(data, 'a').token = 'secret';
    });
    expect(mode(configPath(env))).toBe(0o600);
    expect(readConfig(env)).toEqual({ currentProfile: 'a', profiles: { a: { baseUrl: 'https://a.example/v1', token: 'secret' } } });
  });

  it('refuses a config file that is not JSON with a usage error, also when writing', async () => {
    const env = freshEnv();
    mkdirSync(env.RECRUIT_CONFIG_DIR!, { recursive: true });
    writeFileSync(configPath(env), '{ not json');
    for (const attempt of [async () => readConfig(env), () => updateConfig(env, () => undefined)]) {
      const error = await attempt().then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(2);
      expect((error as CliError).message).toContain(configPath(env));
    }
    expect(readFileSync(configPath(env), 'utf8')).toBe('{ not json');
  });
});

describe('profiles', () => {
  it('reads only own, object-valued profiles', () => {
    const data = { profiles: { a: { token: 't' }, broken: 'x' } } as never;
    expect(storedProfile(data, 'a')).toEqual({ token: 't' });
    expect(storedProfile(data, 'broken')).toEqual({});
    expect(storedProfile(data, 'toString')).toEqual({});
    expect(storedProfile({}, 'a')).toEqual({});
  });

  it('editProfile creates a missing profile and leaves the others alone', () => {
    const data = { profiles: { a: { token: 'ta' } } };
    editProfile(data, 'b').token = 'tb';
    expect(data).toEqual({ profiles: { a: { token: 'ta' }, b: { token: 'tb' } } });
  });
});
