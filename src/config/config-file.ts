// Profiles live in one JSON file, written through `conf` (atomic, mode 0600). Reading is a plain
// JSON.parse of the same file: loading conf costs more start-up than every other read-only command
// needs (docs/performance.md).
import { chmodSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../core/errors.js';
import { assertOwnDir } from '../core/trusted-dir.js';

export const ACCOUNT_TYPES = ['direct', 'staffing', 'auto'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/** What `auto` learned from the service about one account (its base URL and token, as a fingerprint). */
export interface LearnedAccountType {
  type: 'direct' | 'staffing';
  /** accountKey(baseUrl, token) of src/jobs/account-type.ts: never the token itself. */
  account: string;
  at: string;
}

export interface Profile {
  baseUrl?: string;
  token?: string;
  /** The token is in the OS keyring (secret-store.ts), not in this file. */
  tokenStorage?: 'keyring';
  accountType?: AccountType;
  concurrency?: number;
  /** The account's active-job limit as its owner knows it (`recruit status` shows the count against it). */
  activeJobLimit?: number;
  /** The proxy of every request when the environment names none (HTTPS_PROXY...): a URL, maybe with credentials. */
  proxy?: string;
  /** Hosts reached without the proxy when NO_PROXY is not set. */
  noProxy?: string;
  /** A PEM file of certificates to trust besides Node's own (an absolute path). */
  caFile?: string;
  /** The encoding input files are read in: `auto` (told from their bytes) or a name iconv-lite knows. */
  encoding?: string;
  learnedAccountType?: LearnedAccountType;
}

export interface ConfigData {
  currentProfile?: string;
  profiles?: Record<string, Profile>;
}

export function configDir(env: NodeJS.ProcessEnv): string {
  if (env.RECRUIT_CONFIG_DIR) return env.RECRUIT_CONFIG_DIR;
  if (env.XDG_CONFIG_HOME) return join(env.XDG_CONFIG_HOME, 'recruit');
  if (process.platform === 'win32' && env.APPDATA) return join(env.APPDATA, 'recruit', 'Config');
  return join(homedir(), '.config', 'recruit');
}

export function configPath(env: NodeJS.ProcessEnv): string {
  return join(configDir(env), 'config.json');
}

export function readConfig(env: NodeJS.ProcessEnv): ConfigData {
  assertOwnDir(configDir(env), 'config');
  const file = configPath(env);
  if (!existsSync(file)) return {};
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return isObject(data) ? (data as ConfigData) : {};
  } catch {
    throw invalidConfig(file);
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function invalidConfig(file: string): UsageError {
  return new UsageError(`the config file ${file} is not valid JSON`, [], 'fix or delete it, then run `recruit auth login`');
}

/** A profile's stored settings; own properties only, so "constructor" is not Object's. */
export function storedProfile(config: ConfigData, name: string): Profile {
  const profiles = config.profiles;
  if (!isObject(profiles) || !Object.hasOwn(profiles, name)) return {};
  const profile = profiles[name];
  return isObject(profile) ? (profile as Profile) : {};
}

/** The named profile inside `data`, created when missing, for updateConfig's change function. */
export function editProfile(data: ConfigData, name: string): Profile {
  const profiles = isObject(data.profiles) ? data.profiles : (data.profiles = {});
  if (!Object.hasOwn(profiles, name) || !isObject(profiles[name])) profiles[name] = {};
  return profiles[name] as Profile;
}

/** Changes the config file atomically; the file is created with mode 0600 and kept so. */
export async function updateConfig(env: NodeJS.ProcessEnv, change: (data: ConfigData) => void): Promise<void> {
  const { default: Conf } = await import('conf');
  const dir = configDir(env);
  assertOwnDir(dir, 'config');
  // Conf would create the directory world-readable; only the owner needs to list it.
  if (!existsSync(dir)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  let store;
  try {
    store = new Conf<ConfigData>({ cwd: dir, configName: 'config', projectName: 'recruit', configFileMode: 0o600 });
  } catch (error) {
    if (error instanceof SyntaxError) throw invalidConfig(configPath(env));
    throw error;
  }
  const data = structuredClone(store.store);
  change(data);
  store.store = data;
  chmodSync(store.path, 0o600);
}
