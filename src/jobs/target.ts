// Where a submission or a batch goes: the profile and base URL, or an account of the embedded
// sandbox (whose port changes on every run, so it is named, not addressed).
import type { ApiClient } from '../api/client.js';
import { credentialFingerprint } from '../api/credential.js';
import type { Uses } from '../context/context.js';
import { sandboxToken, type SandboxAccount } from '../context/sandbox-account.js';
import type { AccountType } from '../config/config-file.js';
import { learnedAccountType } from './account-type.js';

export interface Target {
  profile: string;
  /** Canonical (src/api/base-url.ts), or the embedded sandbox's name. */
  baseUrl: string;
}

const EMBEDDED_PROFILE = 'sandbox';
const EMBEDDED_BASE = 'embedded-sandbox';

/** The direct account keeps the target it had before there were others, so older submissions still match. */
export function embeddedTarget(account: SandboxAccount): Target {
  return { profile: EMBEDDED_PROFILE, baseUrl: account === 'direct' ? EMBEDDED_BASE : `${EMBEDDED_BASE}/${account}` };
}

export function targetOf(ctx: Uses<'settings' | 'sandboxAccount'>, api: ApiClient): Target {
  const account = ctx.sandboxAccount();
  return account ? embeddedTarget(account) : { profile: ctx.settings().profile, baseUrl: api.baseUrl };
}

/** Whom this command's requests would go to, and with which credential (as a fingerprint), without starting anything. */
export function accountInEffect(ctx: Uses<'settings' | 'sandboxAccount'>): (Target & { credential: string }) | undefined {
  const account = ctx.sandboxAccount();
  if (account) return { ...embeddedTarget(account), credential: credentialFingerprint(sandboxToken(account)) };
  const s = ctx.settings();
  if (!s.baseUrl) return undefined;
  return { profile: s.profile, baseUrl: s.baseUrl, credential: credentialFingerprint(s.token) };
}

export function sameTarget(a: Target, b: Target): boolean {
  return a.profile === b.profile && a.baseUrl === b.baseUrl;
}

/** The embedded sandbox's account a target names, or undefined for a profile's target. */
export function embeddedAccountOf(target: Target): string | undefined {
  if (target.profile !== EMBEDDED_PROFILE || !target.baseUrl.startsWith(EMBEDDED_BASE)) return undefined;
  return target.baseUrl.slice(EMBEDDED_BASE.length + 1) || 'direct';
}

/** "the embedded sandbox (--sandbox, approval account)", or `profile "x" at https://...`. */
export function describeTarget(target: Target): string {
  const account = embeddedAccountOf(target);
  return account ? `the embedded sandbox (--sandbox, ${account} account)` : `profile "${target.profile}" at ${target.baseUrl}`;
}

/**
 * The embedded sandbox's staffing account needs a customer on every job; its other accounts do not.
 * Otherwise the settings say, and under `auto` what was learned for this account
 * (src/jobs/account-type.ts), else `auto`.
 */
export function accountTypeOf(ctx: Uses<'env' | 'globals' | 'settings' | 'sandboxAccount'>): AccountType {
  const account = ctx.sandboxAccount();
  if (account) return account === 'staffing' ? 'staffing' : 'direct';
  return configuredOrLearned(ctx);
}

function configuredOrLearned(ctx: Uses<'env' | 'globals' | 'settings'>): AccountType {
  const configured = ctx.settings().accountType;
  return configured === 'auto' ? (learnedAccountType(ctx) ?? 'auto') : configured;
}
