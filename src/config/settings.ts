// The settings a command runs with, strongest source first: flags, RECRUIT_* environment, the
// profile in the config file, defaults (docs/reference/settings.md).
import { canonicalBaseUrl } from '../api/base-url.js';
import { UsageError } from '../core/errors.js';
import { ACCOUNT_TYPES, storedProfile, type AccountType, type ConfigData } from './config-file.js';
import { DEFAULT_CONCURRENCY, DEFAULT_PROFILE, setting, whereOf, type SettingKey } from './registry.js';

export { DEFAULT_CONCURRENCY, DEFAULT_PROFILE };

export type Source = 'flag' | 'env' | 'profile' | 'default' | 'sandbox';

/**
 * The flags that can set a setting. Commander's optsWithGlobals() merges a command's own options
 * into the globals, so a command that declares `--account-type` or `--concurrency` overrides them.
 */
export interface SettingFlags {
  profile?: string;
  baseUrl?: string;
  accountType?: string;
  concurrency?: string | number;
}

export interface Settings {
  profile: string;
  profileSource: Source;
  /** Canonical (src/api/base-url.ts): what journals, locks, caches and drafts are named after, and what is shown. */
  baseUrl: string | undefined;
  baseUrlSource: Source;
  token: string | undefined;
  tokenSource: Source | undefined;
  /** Set when the profile has a token but the base URL in effect is another host's. */
  tokenWithheldFrom?: string | undefined;
  /** Where the profile keeps its token: the config file or the OS keyring (undefined: no stored token). */
  tokenStorage: 'file' | 'keyring' | undefined;
  accountType: AccountType;
  accountTypeSource: Source;
  concurrency: number;
  concurrencySource: Source;
  /** The account's active-job limit when configured (none by default: the service does not say it). */
  activeJobLimit: number | undefined;
  activeJobLimitSource: Source;
  /**
   * The encoding of input files: `auto` (told from their bytes) or a name; checked where a file is
   * read (src/context/input-encoding.ts), which loads iconv-lite, so not for every command here.
   */
  encoding: string;
  encodingSource: Source;
}

// Profile names become keys of the config file's `profiles` object: no `__proto__` and friends.
const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** The environment's value of `key`'s variable (src/config/registry.ts). */
const fromEnv = (env: NodeJS.ProcessEnv, key: SettingKey): string | undefined => env[setting(key).env];

function pick<T>(candidates: Array<[T | undefined, Source]>, fallback: [T, Source]): [T, Source] {
  for (const [value, source] of candidates) if (value !== undefined && value !== '') return [value, source];
  return fallback;
}

export function parseConcurrency(value: string | number, where: string): number {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`${where} must be a whole number from 1 to 64, got "${value}"`);
  return n;
}

export const MAX_ACTIVE_JOB_LIMIT = 1_000_000;

export function parseActiveJobLimit(value: string | number, where: string): number {
  const n = typeof value === 'number' ? value : /^\s*\d+\s*$/.test(value) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_ACTIVE_JOB_LIMIT) throw new UsageError(`${where} must be a whole number from 0 to ${MAX_ACTIVE_JOB_LIMIT}, got "${value}"`);
  return n;
}

export function parseAccountType(value: string, where: string): AccountType {
  if (!(ACCOUNT_TYPES as readonly string[]).includes(value)) {
    throw new UsageError(`${where} must be one of ${ACCOUNT_TYPES.join(', ')}, got "${value}"`);
  }
  return value as AccountType;
}

export function checkProfileName(name: string, where: string): string {
  if (!PROFILE_NAME.test(name)) {
    throw new UsageError(
      `${where} "${name}" is not a valid profile name`,
      [],
      'use up to 64 letters, digits, ".", "-" or "_", starting with a letter or digit',
    );
  }
  return name;
}

/** The selected profile: --profile, RECRUIT_PROFILE, the config file's current profile, "default". */
export function resolveProfile(flags: SettingFlags, env: NodeJS.ProcessEnv, config: ConfigData): { name: string; source: Source } {
  const [name, source] = pick<string>(
    [
      [flags.profile, 'flag'],
      [fromEnv(env, 'profile'), 'env'],
      [config.currentProfile, 'profile'],
    ],
    [DEFAULT_PROFILE, 'default'],
  );
  const where = source === 'flag' || source === 'env' ? whereOf('profile', source, name) : source === 'profile' ? 'currentProfile in the config file' : 'profile';
  return { name: checkProfileName(name, where), source };
}

function originOf(url: string | undefined): string | undefined {
  try {
    return url === undefined ? undefined : new URL(url).origin;
  } catch {
    return url;
  }
}

function sameOrigin(a: string | undefined, b: string | undefined): boolean {
  return a === undefined || b === undefined || originOf(a) === originOf(b);
}

/** `keyringToken`: the profile's token read from the OS keyring beforehand, when the profile keeps it there. */
export function resolveSettings(flags: SettingFlags, env: NodeJS.ProcessEnv, config: ConfigData, keyringToken?: string): Settings {
  const { name: profile, source: profileSource } = resolveProfile(flags, env, config);
  const profileData = storedProfile(config, profile);
  const tokenStorage = profileData.tokenStorage === 'keyring' ? 'keyring' : profileData.token !== undefined ? 'file' : undefined;
  const stored = { ...profileData, token: tokenStorage === 'keyring' ? keyringToken : profileData.token };
  const [rawBaseUrl, baseUrlSource] = pick<string | undefined>(
    [
      [flags.baseUrl, 'flag'],
      [fromEnv(env, 'base-url'), 'env'],
      [stored.baseUrl, 'profile'],
    ],
    [undefined, 'default'],
  );
  const baseUrl = rawBaseUrl === undefined ? undefined : canonicalBaseUrl(rawBaseUrl);
  // No --token flag on purpose: a token on the command line ends up in shell history and `ps`.
  // A profile's token belongs to the profile's host: it is not sent to another one given by
  // --base-url or RECRUIT_BASE_URL (cf. gh, whose tokens are per host).
  const profileTokenUsable = stored.token !== undefined && sameOrigin(stored.baseUrl, baseUrl);
  const [token, tokenSource] = pick<string | undefined>(
    [
      [fromEnv(env, 'token'), 'env'],
      [profileTokenUsable ? stored.token : undefined, 'profile'],
    ],
    [undefined, 'default'],
  );
  const tokenWithheldFrom = token === undefined && stored.token !== undefined ? originOf(baseUrl) : undefined;
  const [accountTypeRaw, accountTypeSource] = pick<string>(
    [
      [flags.accountType, 'flag'],
      [fromEnv(env, 'account-type'), 'env'],
      [stored.accountType, 'profile'],
    ],
    [String(setting('account-type').default), 'default'],
  );
  const [concurrencyRaw, concurrencySource] = pick<string | number>(
    [
      [flags.concurrency, 'flag'],
      [fromEnv(env, 'concurrency'), 'env'],
      [stored.concurrency, 'profile'],
    ],
    [DEFAULT_CONCURRENCY, 'default'],
  );
  const [limitRaw, activeJobLimitSource] = pick<string | number | undefined>(
    [
      [fromEnv(env, 'active-job-limit'), 'env'],
      [stored.activeJobLimit, 'profile'],
    ],
    [undefined, 'default'],
  );
  const [encoding, encodingSource] = pick<string>(
    [
      [fromEnv(env, 'encoding')?.trim(), 'env'],
      [typeof stored.encoding === 'string' ? stored.encoding.trim() : undefined, 'profile'],
    ],
    [String(setting('encoding').default), 'default'],
  );
  const where = (source: Source, key: SettingKey) => whereOf(key, source, profile);
  return {
    profile,
    profileSource,
    baseUrl,
    baseUrlSource,
    token,
    tokenSource: token === undefined ? undefined : tokenSource,
    tokenWithheldFrom,
    tokenStorage,
    accountType: parseAccountType(String(accountTypeRaw), where(accountTypeSource, 'account-type')),
    accountTypeSource,
    concurrency: parseConcurrency(concurrencyRaw, where(concurrencySource, 'concurrency')),
    concurrencySource,
    activeJobLimit: limitRaw === undefined ? undefined : parseActiveJobLimit(limitRaw, where(activeJobLimitSource, 'active-job-limit')),
    activeJobLimitSource,
    encoding,
    encodingSource,
  };
}
