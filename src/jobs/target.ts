// Where a submission or a batch goes: the profile and base URL, or the embedded sandbox (whose
// port changes on every run, so it is named, not addressed).
import type { ApiClient } from '../api/client.js';
import { credentialFingerprint } from '../api/credential.js';
import { EMBEDDED_TOKEN } from '../cli/embedded-sandbox.js';
import type { Context } from '../cli/context.js';
import type { AccountType } from '../config/config-file.js';
import { learnedAccountType } from './account-type.js';

export interface Target {
  profile: string;
  baseUrl: string;
}

export const EMBEDDED_TARGET: Target = { profile: 'sandbox', baseUrl: 'embedded-sandbox' };

export function targetOf(ctx: Context, api: ApiClient): Target {
  return ctx.globals.sandbox ? EMBEDDED_TARGET : { profile: ctx.settings().profile, baseUrl: api.baseUrl };
}

/** Whom this command's requests would go to, and with which credential (as a fingerprint), without starting anything. */
export function accountInEffect(ctx: Context): (Target & { credential: string }) | undefined {
  if (ctx.globals.sandbox) return { ...EMBEDDED_TARGET, credential: credentialFingerprint(EMBEDDED_TOKEN) };
  const s = ctx.settings();
  if (!s.baseUrl) return undefined;
  return { profile: s.profile, baseUrl: s.baseUrl.trim().replace(/\/+$/, ''), credential: credentialFingerprint(s.token) };
}

export function sameTarget(a: Target, b: Target): boolean {
  return a.profile === b.profile && a.baseUrl === b.baseUrl;
}

/**
 * The embedded sandbox is the `direct` account; otherwise the settings say, and under `auto` what
 * was learned for this account (src/jobs/account-type.ts), else `auto`.
 */
export function accountTypeOf(ctx: Context): AccountType {
  return ctx.globals.sandbox ? 'direct' : configuredOrLearned(ctx);
}

function configuredOrLearned(ctx: Context): AccountType {
  const configured = ctx.settings().accountType;
  return configured === 'auto' ? (learnedAccountType(ctx) ?? 'auto') : configured;
}
