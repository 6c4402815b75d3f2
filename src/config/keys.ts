// The settings `config get` and `config set` know, and the errors for the ones they do not.
import { UsageError } from '../core/errors.js';
import { closestNames, quotedChoices } from '../core/suggest.js';
import { SETTINGS, type ConfigKey } from './registry.js';

export type { ConfigKey };

/** In the registry's order (src/config/registry.ts). */
export const GET_KEYS: readonly ConfigKey[] = SETTINGS.filter((s): s is Extract<(typeof SETTINGS)[number], { configurable: true }> => s.configurable).map((s) => s.key);

/** The key, or exit 2: the token has its own commands, anything else is listed. */
export function checkKey(key: string, verb: 'get' | 'set'): ConfigKey {
  if ((GET_KEYS as readonly string[]).includes(key)) return key as ConfigKey;
  if (key === 'token') {
    throw verb === 'get'
      ? new UsageError('the token is never printed', [], '`recruit auth status` shows whether one is set and works')
      : new UsageError('the token cannot be set through config', [], 'run `recruit auth login` (it checks the token before saving it)');
  }
  const valid = `valid keys: ${GET_KEYS.join(', ')}`;
  const close = closestNames(key, GET_KEYS);
  if (close.length > 0) throw new UsageError(`unknown setting "${key}"; did you mean ${quotedChoices(close)}?`, [], valid);
  throw new UsageError(`unknown setting "${key}"; ${valid}`);
}
