// Where a setting comes from, in words, for `config list` and `auth status`.
import type { Source } from '../../config/settings.js';
import { setting, type SettingKey } from '../../config/registry.js';

export type { SettingKey };

export function describeSource(key: SettingKey, source: Source | undefined, profile: string): string {
  switch (source) {
    case 'flag':
      return `${setting(key).flag ?? `--${key}`} flag`;
    case 'env':
      return `${setting(key).env} environment variable`;
    case 'profile':
      return key === 'profile' ? 'current profile in the config file' : `profile "${profile}"`;
    case 'sandbox':
      return 'embedded sandbox';
    case 'default':
      return key === 'profile' ? 'default: none selected' : 'default';
    case undefined:
      return 'not set';
  }
}
