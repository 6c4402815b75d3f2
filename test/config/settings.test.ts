import { describe, expect, it } from 'vitest';
import { CliError } from '../../src/core/errors.js';
import type { ConfigData } from '../../src/config/config-file.js';
import { resolveProfile, resolveSettings } from '../../src/config/settings.js';

const config: ConfigData = {
  currentProfile: 'work',
  profiles: {
    work: { baseUrl: 'https://work.example/v1', token: 'tok_work', accountType: 'staffing', concurrency: 8 },
    other: { baseUrl: 'https://other.example/v1', token: 'tok_other', accountType: 'direct', concurrency: 2 },
  },
};

function usageError(fn: () => unknown): CliError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(2);
    return error as CliError;
  }
  throw new Error('expected a usage error');
}

describe('precedence: flags > RECRUIT_* environment > profile > defaults', () => {
  describe('profile selection', () => {
    it('--profile beats RECRUIT_PROFILE', () => {
      expect(resolveProfile({ profile: 'other' }, { RECRUIT_PROFILE: 'x' }, config)).toEqual({ name: 'other', source: 'flag' });
    });
    it('RECRUIT_PROFILE beats the current profile of the config file', () => {
      expect(resolveProfile({}, { RECRUIT_PROFILE: 'other' }, config)).toEqual({ name: 'other', source: 'env' });
    });
    it('the current profile beats the default', () => {
      expect(resolveProfile({}, {}, config)).toEqual({ name: 'work', source: 'profile' });
    });
    it('"default" when nothing selects one; an empty variable counts as unset', () => {
      expect(resolveProfile({}, { RECRUIT_PROFILE: '' }, {})).toEqual({ name: 'default', source: 'default' });
    });
    it('the selected profile supplies the values, not the current one', () => {
      const s = resolveSettings({ profile: 'other' }, {}, config);
      expect([s.baseUrl, s.token, s.accountType, s.concurrency]).toEqual(['https://other.example/v1', 'tok_other', 'direct', 2]);
    });
  });

  describe('base URL', () => {
    it('--base-url beats RECRUIT_BASE_URL', () => {
      const s = resolveSettings({ baseUrl: 'https://flag.example/v1' }, { RECRUIT_BASE_URL: 'https://env.example/v1' }, config);
      expect([s.baseUrl, s.baseUrlSource]).toEqual(['https://flag.example/v1', 'flag']);
    });
    it('RECRUIT_BASE_URL beats the profile', () => {
      const s = resolveSettings({}, { RECRUIT_BASE_URL: 'https://env.example/v1' }, config);
      expect([s.baseUrl, s.baseUrlSource]).toEqual(['https://env.example/v1', 'env']);
    });
    it('the profile beats the default (none)', () => {
      expect(resolveSettings({}, {}, config)).toMatchObject({ baseUrl: 'https://work.example/v1', baseUrlSource: 'profile' });
      expect(resolveSettings({}, {}, {})).toMatchObject({ baseUrl: undefined, baseUrlSource: 'default' });
    });
  });

  describe('token (no flag: a token on the command line would land in shell history)', () => {
    it('RECRUIT_TOKEN beats the profile', () => {
      expect(resolveSettings({}, { RECRUIT_TOKEN: 'tok_env' }, config)).toMatchObject({ token: 'tok_env', tokenSource: 'env' });
    });
    it('the profile beats the default (none)', () => {
      expect(resolveSettings({}, {}, config)).toMatchObject({ token: 'tok_work', tokenSource: 'profile' });
      expect(resolveSettings({}, {}, {})).toMatchObject({ token: undefined, tokenSource: undefined });
    });
  });

  describe('account type', () => {
    it('--account-type beats RECRUIT_ACCOUNT_TYPE', () => {
      const s = resolveSettings({ accountType: 'direct' }, { RECRUIT_ACCOUNT_TYPE: 'auto' }, config);
      expect([s.accountType, s.accountTypeSource]).toEqual(['direct', 'flag']);
    });
    it('RECRUIT_ACCOUNT_TYPE beats the profile', () => {
      const s = resolveSettings({}, { RECRUIT_ACCOUNT_TYPE: 'direct' }, config);
      expect([s.accountType, s.accountTypeSource]).toEqual(['direct', 'env']);
    });
    it('the profile beats the default "auto"', () => {
      expect(resolveSettings({}, {}, config)).toMatchObject({ accountType: 'staffing', accountTypeSource: 'profile' });
      expect(resolveSettings({}, {}, {})).toMatchObject({ accountType: 'auto', accountTypeSource: 'default' });
    });
  });

  describe('concurrency', () => {
    it('--concurrency beats RECRUIT_CONCURRENCY', () => {
      const s = resolveSettings({ concurrency: '16' }, { RECRUIT_CONCURRENCY: '3' }, config);
      expect([s.concurrency, s.concurrencySource]).toEqual([16, 'flag']);
    });
    it('RECRUIT_CONCURRENCY beats the profile', () => {
      const s = resolveSettings({}, { RECRUIT_CONCURRENCY: '3' }, config);
      expect([s.concurrency, s.concurrencySource]).toEqual([3, 'env']);
    });
    it('the profile beats the default 4', () => {
      expect(resolveSettings({}, {}, config)).toMatchObject({ concurrency: 8, concurrencySource: 'profile' });
      expect(resolveSettings({}, {}, {})).toMatchObject({ concurrency: 4, concurrencySource: 'default' });
    });
  });
});

describe('invalid values are usage errors (exit 2) naming where they came from', () => {
  it.each(['0', '65', 'abc', '2.5', '0x10', '1e1'])('RECRUIT_CONCURRENCY=%s', (value) => {
    expect(usageError(() => resolveSettings({}, { RECRUIT_CONCURRENCY: value }, {})).message).toContain('RECRUIT_CONCURRENCY');
  });
  it('RECRUIT_ACCOUNT_TYPE', () => {
    const error = usageError(() => resolveSettings({}, { RECRUIT_ACCOUNT_TYPE: 'agency' }, {}));
    expect(error.message).toBe('RECRUIT_ACCOUNT_TYPE must be one of direct, staffing, auto, got "agency"');
  });
  it.each(['__proto__', '../etc', 'a b', '-x'])('RECRUIT_PROFILE=%s', (value) => {
    expect(usageError(() => resolveSettings({}, { RECRUIT_PROFILE: value }, {})).message).toContain('RECRUIT_PROFILE');
  });
  it('flags are named as flags', () => {
    expect(usageError(() => resolveSettings({ concurrency: '99' }, {}, {})).message).toContain('--concurrency');
    expect(usageError(() => resolveSettings({ accountType: 'x' }, {}, {})).message).toContain('--account-type');
  });
  it('a bad value in the config file names the profile and key', () => {
    const bad = { profiles: { p: { concurrency: 0 } } } as ConfigData;
    expect(usageError(() => resolveSettings({ profile: 'p' }, {}, bad)).message).toContain('concurrency in profile "p"');
  });
});

it('a profile named like an Object property reads nothing inherited', () => {
  const s = resolveSettings({ profile: 'constructor' }, {}, config);
  expect(s).toMatchObject({ baseUrl: undefined, token: undefined, accountType: 'auto', concurrency: 4 });
});

describe("a profile's token stays with its host", () => {
  it('is used when the base URL in effect is on the same origin', () => {
    const s = resolveSettings({ baseUrl: 'https://work.example/v1/' }, {}, config);
    expect(s).toMatchObject({ token: 'tok_work', tokenSource: 'profile', tokenWithheldFrom: undefined });
  });

  it('is withheld when --base-url or RECRUIT_BASE_URL points at another host', () => {
    const byFlag = resolveSettings({ baseUrl: 'http://127.0.0.1:4010/v1' }, {}, config);
    expect(byFlag).toMatchObject({ token: undefined, tokenSource: undefined, tokenWithheldFrom: 'http://127.0.0.1:4010' });
    const byEnv = resolveSettings({}, { RECRUIT_BASE_URL: 'https://evil.example/v1' }, config);
    expect(byEnv.token).toBeUndefined();
  });

  it('RECRUIT_TOKEN is sent wherever the user points it', () => {
    const s = resolveSettings({ baseUrl: 'https://elsewhere.example/v1' }, { RECRUIT_TOKEN: 'tok_env' }, config);
    expect(s).toMatchObject({ token: 'tok_env', tokenSource: 'env', tokenWithheldFrom: undefined });
  });
});
