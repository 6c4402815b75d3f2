// Profiles live in one JSON file, written through `conf` (atomic, mode 0600). Reading is a plain
// JSON.parse of the same file: loading conf costs more start-up than every other read-only command
// needs (docs/performance.md).
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../cli/errors.js';

export const ACCOUNT_TYPES = ['direct', 'staffing', 'auto'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export interface Profile {
  baseUrl?: string;
  token?: string;
  accountType?: AccountType;
  concurrency?: number;
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
  const file = configPath(env);
  if (!existsSync(file)) return {};
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    return data && typeof data === 'object' ? (data as ConfigData) : {};
  } catch {
    throw new UsageError(`the config file ${file} is not valid JSON`, [], 'fix or delete it, then run `recruit auth login`');
  }
}

/** Changes the config file atomically; the file is created with mode 0600 and kept so. */
export async function updateConfig(env: NodeJS.ProcessEnv, change: (data: ConfigData) => void): Promise<void> {
  const [{ default: Conf }, { chmodSync }] = await Promise.all([import('conf'), import('node:fs')]);
  const store = new Conf<ConfigData>({
    cwd: configDir(env),
    configName: 'config',
    projectName: 'recruit',
    configFileMode: 0o600,
  });
  const data = structuredClone(store.store);
  change(data);
  store.store = data;
  chmodSync(store.path, 0o600);
}
