// Where a submission or a batch goes: the profile and base URL, or the embedded sandbox (whose
// port changes on every run, so it is named, not addressed).
import type { ApiClient } from '../api/client.js';
import type { Context } from '../cli/context.js';
import type { AccountType } from '../config/config-file.js';

export interface Target {
  profile: string;
  baseUrl: string;
}

export const EMBEDDED_TARGET: Target = { profile: 'sandbox', baseUrl: 'embedded-sandbox' };

export function targetOf(ctx: Context, api: ApiClient): Target {
  return ctx.globals.sandbox ? EMBEDDED_TARGET : { profile: ctx.settings().profile, baseUrl: api.baseUrl };
}

export function sameTarget(a: Target, b: Target): boolean {
  return a.profile === b.profile && a.baseUrl === b.baseUrl;
}

/** The embedded sandbox is the `direct` account; otherwise the profile says. */
export function accountTypeOf(ctx: Context): AccountType {
  return ctx.globals.sandbox ? 'direct' : ctx.settings().accountType;
}
