// Where a setting comes from, in words, for `config list` and `auth status`.
import type { Source } from '../../config/settings.js';

export type SettingKey = 'profile' | 'base-url' | 'account-type' | 'concurrency' | 'active-job-limit' | 'proxy' | 'no-proxy' | 'ca-file' | 'encoding' | 'token';

export const ENV_OF: Record<SettingKey, string> = {
  profile: 'RECRUIT_PROFILE',
  'base-url': 'RECRUIT_BASE_URL',
  'account-type': 'RECRUIT_ACCOUNT_TYPE',
  concurrency: 'RECRUIT_CONCURRENCY',
  'active-job-limit': 'RECRUIT_ACTIVE_JOB_LIMIT',
  proxy: 'HTTPS_PROXY',
  'no-proxy': 'NO_PROXY',
  'ca-file': 'RECRUIT_CA_FILE',
  encoding: 'RECRUIT_ENCODING',
  token: 'RECRUIT_TOKEN',
};

export function describeSource(key: SettingKey, source: Source | undefined, profile: string): string {
  switch (source) {
    case 'flag':
      return `--${key} flag`;
    case 'env':
      return `${ENV_OF[key]} environment variable`;
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
