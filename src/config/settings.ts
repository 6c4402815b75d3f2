// The settings a command runs with, strongest source first: flags, RECRUIT_* environment, the
// profile in the config file, defaults (design 2).
import type { GlobalOptions } from '../cli/context.js';
import { UsageError } from '../cli/errors.js';
import { ACCOUNT_TYPES, type AccountType, type ConfigData, type Profile } from './config-file.js';

export type Source = 'flag' | 'env' | 'profile' | 'default' | 'sandbox';

export interface Settings {
  profile: string;
  profileSource: Source;
  baseUrl: string | undefined;
  baseUrlSource: Source;
  token: string | undefined;
  tokenSource: Source | undefined;
  accountType: AccountType;
  accountTypeSource: Source;
  concurrency: number;
  concurrencySource: Source;
}

export const DEFAULT_PROFILE = 'default';
export const DEFAULT_CONCURRENCY = 4;

function pick<T>(candidates: Array<[T | undefined, Source]>, fallback: [T, Source]): [T, Source] {
  for (const [value, source] of candidates) if (value !== undefined && value !== '') return [value, source];
  return fallback;
}

export function parseConcurrency(value: string | number, where: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new UsageError(`${where} must be a whole number from 1 to 64, got "${value}"`);
  return n;
}

export function parseAccountType(value: string, where: string): AccountType {
  if (!(ACCOUNT_TYPES as readonly string[]).includes(value)) {
    throw new UsageError(`${where} must be one of ${ACCOUNT_TYPES.join(', ')}, got "${value}"`);
  }
  return value as AccountType;
}

export function resolveSettings(globals: GlobalOptions, env: NodeJS.ProcessEnv, config: ConfigData): Settings {
  const [profile, profileSource] = pick<string>(
    [
      [globals.profile, 'flag'],
      [env.RECRUIT_PROFILE, 'env'],
      [config.currentProfile, 'profile'],
    ],
    [DEFAULT_PROFILE, 'default'],
  );
  const stored: Profile = config.profiles?.[profile] ?? {};
  const [baseUrl, baseUrlSource] = pick<string | undefined>(
    [
      [globals.baseUrl, 'flag'],
      [env.RECRUIT_BASE_URL, 'env'],
      [stored.baseUrl, 'profile'],
    ],
    [undefined, 'default'],
  );
  const [token, tokenSource] = pick<string | undefined>(
    [
      [env.RECRUIT_TOKEN, 'env'],
      [stored.token, 'profile'],
    ],
    [undefined, 'default'],
  );
  const [accountTypeRaw, accountTypeSource] = pick<string>(
    [
      [env.RECRUIT_ACCOUNT_TYPE, 'env'],
      [stored.accountType, 'profile'],
    ],
    ['auto', 'default'],
  );
  const [concurrencyRaw, concurrencySource] = pick<string | number>(
    [
      [env.RECRUIT_CONCURRENCY, 'env'],
      [stored.concurrency, 'profile'],
    ],
    [DEFAULT_CONCURRENCY, 'default'],
  );
  const where = (source: Source, name: string) => (source === 'env' ? `RECRUIT_${name}` : `${name.toLowerCase()} in profile "${profile}"`);
  return {
    profile,
    profileSource,
    baseUrl,
    baseUrlSource,
    token,
    tokenSource: token === undefined ? undefined : tokenSource,
    accountType: parseAccountType(accountTypeRaw, where(accountTypeSource, 'ACCOUNT_TYPE')),
    accountTypeSource,
    concurrency: parseConcurrency(concurrencyRaw, where(concurrencySource, 'CONCURRENCY')),
    concurrencySource,
  };
}
