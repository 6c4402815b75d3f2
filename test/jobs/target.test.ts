// Where a submission goes, and which account type applies, under --sandbox and its accounts.
import { describe, expect, it } from 'vitest';
import { createContext } from '../../src/context/create-context.js';
import type { GlobalOptions } from '../../src/context/global-options.js';
import { credentialFingerprint } from '../../src/api/credential.js';
import { factsAccount } from '../../src/context/account-facts.js';
import { accountInEffect, accountTypeOf, describeTarget, embeddedAccountOf, embeddedTarget, sameTarget, targetOf } from '../../src/jobs/target.js';
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

describe('the account in effect, however its base URL is written', () => {
  const spellings = ['http://localhost:8080/v1', 'HTTP://LocalHost:08080/v1/', 'http://LOCALHOST:8080/x/../v1//'];

  it('is named by the canonical base URL: drafts, submissions, account facts, completion and the client agree', async () => {
    const seen = await Promise.all(
      spellings.map(async (baseUrl) => {
        const ctx = context({ baseUrl }, { RECRUIT_TOKEN: 'tok' });
        const api = await ctx.api();
        try {
          return { inEffect: accountInEffect(ctx), target: targetOf(ctx, api), facts: factsAccount(ctx), completion: ctx.completionScope(), shown: ctx.settings().baseUrl };
        } finally {
          await ctx.dispose();
        }
      }),
    );
    expect(seen[0]!.inEffect).toEqual({ profile: 'default', baseUrl: 'http://localhost:8080/v1', credential: credentialFingerprint('tok') });
    expect(seen[0]!.target).toEqual({ profile: 'default', baseUrl: 'http://localhost:8080/v1' });
    expect(seen[0]!.shown).toBe('http://localhost:8080/v1');
    for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
  });
});
