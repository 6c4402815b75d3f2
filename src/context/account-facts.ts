// What recruit learnt about an account from the service's own answers, kept per account in
// <state dir>/accounts/<id>.json (mode 0600 in a 0700 directory, checked as the user's own before
// it is read, written whole and atomically): the rate-limit policy its answers last named, and when
// a create or activation last met its active-job limit, with the number of active jobs then.
// `recruit status` shows them. Only what the service said is kept, never a token.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { credentialFingerprint } from '../api/credential.js';
import { writeFileAtomic } from '../core/atomic-file.js';
import { ownStateDir } from '../core/paths.js';
import type { Settings } from '../config/settings.js';
import { sandboxToken, type SandboxAccount } from './sandbox-account.js';

export const ACCOUNTS_DIR = 'accounts';

export interface SeenRateLimit {
  name: string;
  quota: number;
  windowSeconds: number;
  /** When an answer last named it (kept to the hour: see REFRESH_MS). */
  seenAt: string;
}

export interface ReachedLimit {
  /** When a create or an activation was refused at the limit. */
  reachedAt: string;
  /** The account's active jobs right after that refusal: the limit, as far as the client can tell. */
  activeJobs: number | null;
  /** The limit the refusal itself stated ("its limit of 50 active jobs"), when it named one: the service's word wins. */
  stated?: number;
}

export interface AccountFacts {
  rateLimit?: SeenRateLimit;
  activeJobLimit?: ReachedLimit;
}

/**
 * Which account the command's requests go to: the embedded sandbox's account (its port changes on
 * every run) or the base URL, with a fingerprint of the credential; undefined without a base URL.
 */
export function factsAccount(ctx: { sandboxAccount(): SandboxAccount | undefined; settings(): Pick<Settings, 'baseUrl' | 'token'> }): string | undefined {
  const account = ctx.sandboxAccount();
  if (account) return embeddedFactsAccount(account);
  const s = ctx.settings();
  if (!s.baseUrl) return undefined;
  return JSON.stringify([s.baseUrl, credentialFingerprint(s.token)]);
}

/** The facts' key of an account of the embedded sandbox. */
export function embeddedFactsAccount(account: SandboxAccount): string {
  return JSON.stringify(['embedded-sandbox', account, credentialFingerprint(sandboxToken(account))]);
}

/** Deletes what was learnt about `account`; true when there was something. */
export function forgetFacts(env: NodeJS.ProcessEnv, account: string): boolean {
  const file = factsFile(env, account);
  if (!existsSync(file)) return false;
  rmSync(file, { force: true });
  return true;
}

function factsFile(env: NodeJS.ProcessEnv, account: string): string {
  const { createHash } = process.getBuiltinModule('node:crypto'); // not at start-up: most commands never need it
  const id = createHash('sha256').update(account).digest('hex').slice(0, 24);
  return join(ownStateDir(env, ACCOUNTS_DIR), `${id}.json`);
}

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const isTime = (v: unknown): v is string => typeof v === 'string' && !Number.isNaN(Date.parse(v));

/** Only fields of the expected types are taken: anything else in the file is as if absent. */
function checkedFacts(data: unknown): AccountFacts {
  if (!data || typeof data !== 'object') return {};
  const { rateLimit: r, activeJobLimit: a } = data as Record<string, Record<string, unknown> | undefined>;
  const facts: AccountFacts = {};
  if (r && typeof r.name === 'string' && typeof r.quota === 'number' && r.quota > 0 && typeof r.windowSeconds === 'number' && r.windowSeconds > 0 && isTime(r.seenAt)) {
    facts.rateLimit = { name: r.name, quota: r.quota, windowSeconds: r.windowSeconds, seenAt: r.seenAt };
  }
  if (a && isTime(a.reachedAt)) {
    facts.activeJobLimit = { reachedAt: a.reachedAt, activeJobs: isCount(a.activeJobs) ? a.activeJobs : null, ...(isCount(a.stated) ? { stated: a.stated } : {}) };
  }
  return facts;
}

/** What is known of `account`; nothing when the file is missing or unreadable. Throws only when the state directory is another user's. */
export function readFacts(env: NodeJS.ProcessEnv, account: string): AccountFacts {
  const file = factsFile(env, account);
  if (!existsSync(file)) return {};
  try {
    return checkedFacts(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    return {};
  }
}

/** Changes what is known of `account`; throws when the file cannot be written. */
export function updateFacts(env: NodeJS.ProcessEnv, account: string, change: (facts: AccountFacts) => void): void {
  const facts = readFacts(env, account);
  change(facts);
  writeFileAtomic(factsFile(env, account), `${JSON.stringify(facts, null, 2)}\n`, { durable: false });
}
