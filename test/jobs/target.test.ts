// Where a submission goes, and which account type applies, under --sandbox and its accounts.
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/context/context.js';
import type { GlobalOptions } from '../../src/context/context.js';
import { accountTypeOf, describeTarget, embeddedAccountOf, embeddedTarget, sameTarget } from '../../src/jobs/target.js';
import { Capture } from '../helpers/cli.js';

const context = (globals: Partial<GlobalOptions>, env: NodeJS.ProcessEnv = {}) =>
  createContext({ stdin: process.stdin, stdout: new Capture(), stderr: new Capture() }, { ...process.env, ...env }, { color: false, ...globals });

describe('the embedded sandbox as a target', () => {
  it('keeps the direct account at the target it always had, and names the others', () => {
    expect(embeddedTarget('direct')).toEqual({ profile: 'sandbox', baseUrl: 'embedded-sandbox' });
    expect(embeddedTarget('approval')).toEqual({ profile: 'sandbox', baseUrl: 'embedded-sandbox/approval' });
    expect(sameTarget(embeddedTarget('approval'), embeddedTarget('staffing'))).toBe(false);
  });

  it('tells which account a target names, in words a message can use', () => {
    expect(embeddedAccountOf(embeddedTarget('direct'))).toBe('direct');
    expect(embeddedAccountOf(embeddedTarget('staffing'))).toBe('staffing');
    expect(embeddedAccountOf({ profile: 'sandbox', baseUrl: 'https://api.example.com/v1' })).toBeUndefined();
    expect(describeTarget(embeddedTarget('approval'))).toBe('the embedded sandbox (--sandbox, approval account)');
    expect(describeTarget({ profile: 'work', baseUrl: 'https://api.example.com/v1' })).toBe('profile "work" at https://api.example.com/v1');
  });
});

describe('accountTypeOf', () => {
  it('follows the sandbox account under --sandbox, never the profile', () => {
    const staffingProfile = { RECRUIT_ACCOUNT_TYPE: 'staffing' };
    expect(accountTypeOf(context({ sandbox: true }, staffingProfile))).toBe('direct');
    expect(accountTypeOf(context({ sandbox: true, sandboxAccount: 'approval' }, staffingProfile))).toBe('direct');
    expect(accountTypeOf(context({ sandbox: true, sandboxAccount: 'staffing' }))).toBe('staffing');
    expect(accountTypeOf(context({ sandbox: true }, { RECRUIT_SANDBOX_ACCOUNT: 'staffing' }))).toBe('staffing');
  });

  it('reads the profile without --sandbox, and ignores RECRUIT_SANDBOX_ACCOUNT there', () => {
    expect(accountTypeOf(context({}, { RECRUIT_ACCOUNT_TYPE: 'staffing', RECRUIT_SANDBOX_ACCOUNT: 'direct' }))).toBe('staffing');
    expect(context({}, { RECRUIT_SANDBOX_ACCOUNT: 'staffing' }).sandboxAccount()).toBeUndefined();
  });

  it('refuses --sandbox-account without --sandbox', () => {
    expect(() => context({ sandboxAccount: 'approval' })).toThrow('--sandbox-account chooses an account of the embedded sandbox; it needs --sandbox');
  });
});
