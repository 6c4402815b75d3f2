// The settings `config get` and `config set` know, and the errors for the ones they do not.
import { UsageError } from '../core/errors.js';

export const GET_KEYS = ['profile', 'base-url', 'account-type', 'concurrency', 'active-job-limit', 'proxy', 'no-proxy', 'ca-file', 'encoding'] as const;
export type ConfigKey = (typeof GET_KEYS)[number];

/** The key, or exit 2: the token has its own commands, anything else is listed. */
export function checkKey(key: string, verb: 'get' | 'set'): ConfigKey {
  if ((GET_KEYS as readonly string[]).includes(key)) return key as ConfigKey;
  if (key === 'token') {
    throw verb === 'get'
      ? new UsageError('the token is never printed', [], '`recruit auth status` shows whether one is set and works')
      : new UsageError('the token cannot be set through config', [], 'run `recruit auth login` (it checks the token before saving it)');
  }
  throw new UsageError(`unknown setting "${key}"; valid keys: ${GET_KEYS.join(', ')}`);
}
