// Under `account-type auto`, the CLI learns whether an account needs a customer on every job
// (staffing) from the service itself, and keeps what it learned in the profile, for that account
// only (its base URL and a fingerprint of its token). The spec has no endpoint that states the type:
// it is learned from a probe that cannot create a job (POST /jobs with `{}`: every required field is
// missing, so the answer is a 400 listing them), and from the first 400 that names customerId on a
// job sent without one (docs/decisions.md). Explicit `direct` or `staffing` always wins.
import type { ApiClient } from '../api/client.js';
import { credentialFingerprint } from '../api/credential.js';
import { ApiError } from '../api/errors.js';
import type { Uses } from '../context/context.js';
import { editProfile, readConfig, storedProfile, updateConfig, type LearnedAccountType } from '../config/config-file.js';

export type KnownAccountType = LearnedAccountType['type'];

export const CUSTOMER_FIELD = 'customerId';

/** Names one account without its token: a hash of the (canonical) base URL and the token's fingerprint. */
export function accountKey(baseUrl: string, token: string | undefined): string {
  const { createHash } = process.getBuiltinModule('node:crypto');
  return createHash('sha256').update(JSON.stringify([baseUrl, credentialFingerprint(token)])).digest('hex').slice(0, 24);
}

/** Whether this command may learn: `auto` in effect on a real account (the embedded sandbox is named). */
export function learns(ctx: Uses<'globals' | 'settings'>): boolean {
  return !ctx.globals.sandbox && ctx.settings().accountType === 'auto';
}

/** What `auto` learned for the account in effect (profile, base URL and token), if anything. */
export function learnedAccountType(ctx: Uses<'env' | 'globals' | 'settings'>): KnownAccountType | undefined {
  if (ctx.globals.sandbox) return undefined;
  const s = ctx.settings();
  if (!s.baseUrl) return undefined;
  const learned = storedProfile(readConfig(ctx.env), s.profile).learnedAccountType;
  if (!learned || (learned.type !== 'direct' && learned.type !== 'staffing')) return undefined;
  return learned.account === accountKey(s.baseUrl, s.token) ? learned.type : undefined;
}

/** What a refusal says about the account: a 400 naming customerId on a job sent without one means staffing. */
export function typeFromRefusal(error: unknown, body: Record<string, unknown>): KnownAccountType | undefined {
  if (!(error instanceof ApiError) || error.status !== 400) return undefined;
  if (body[CUSTOMER_FIELD] !== undefined && body[CUSTOMER_FIELD] !== null) return undefined;
  return error.details.some((d) => d.field === CUSTOMER_FIELD) ? 'staffing' : undefined;
}

/**
 * POST /jobs with an empty object: no job can come of it. A 400 naming customerId: staffing; a 400
 * naming other fields only: direct; anything else (403 without jobs.write, 5xx, a network error, a 400
 * without field details): not known, and asked again another time.
 */
export async function probeAccountType(api: ApiClient): Promise<KnownAccountType | undefined> {
  try {
    // A fresh key, never reused: a service that wants one on every POST still answers about the body.
    await api.request('POST', '/jobs', { body: {}, idempotencyKey: `recruit-probe-${crypto.randomUUID()}` });
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 400 || error.details.length === 0) return undefined;
    return error.details.some((d) => d.field === CUSTOMER_FIELD) ? 'staffing' : 'direct';
  }
  return undefined;
}

/** "this account needs a customer on every job (staffing); saved in profile default". */
export function describeLearned(type: KnownAccountType, profile: string): string {
  const what = type === 'staffing' ? 'needs a customer on every job (staffing)' : 'does not need a customer on its jobs (direct)';
  return `this account ${what}; saved in profile ${profile}`;
}

/**
 * Keeps what was learned in the profile; says so on stderr when it is news for that account. False
 * when the config file could not be written (the type is then only known for this run).
 */
export async function saveLearned(ctx: Uses<'env' | 'now' | 'warn' | 'info'>, profile: string, baseUrl: string, token: string | undefined, type: KnownAccountType): Promise<boolean> {
  const account = accountKey(baseUrl, token);
  const before = storedProfile(readConfig(ctx.env), profile).learnedAccountType;
  if (before?.account === account && before.type === type) return true;
  try {
    await updateConfig(ctx.env, (data) => {
      editProfile(data, profile).learnedAccountType = { type, account, at: ctx.now().toISOString() };
    });
  } catch (error) {
    ctx.warn(`learned that this account is ${type}, but could not save it in the config file: ${(error as Error).message}`);
    return false;
  }
  ctx.info(describeLearned(type, profile));
  return true;
}

/** Learns from a refusal of `body` under `auto`; returns the type learned, if any. */
export async function learnFromRefusal(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'warn' | 'info'>, error: unknown, body: Record<string, unknown>): Promise<KnownAccountType | undefined> {
  if (!learns(ctx)) return undefined;
  const type = typeFromRefusal(error, body);
  const s = ctx.settings();
  if (type && s.baseUrl) await saveLearned(ctx, s.profile, s.baseUrl, s.token, type);
  return type;
}

/** Under `auto` with the type not known yet: one probe, and what it taught is saved. */
export async function learnByProbe(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'warn' | 'info'>, api: ApiClient): Promise<KnownAccountType | undefined> {
  if (!learns(ctx)) return undefined;
  const known = learnedAccountType(ctx);
  if (known) return known;
  const type = await probeAccountType(api);
  const s = ctx.settings();
  if (type && s.baseUrl) await saveLearned(ctx, s.profile, s.baseUrl, s.token, type);
  return type;
}
