// Every setting in one entry (docs/reference/settings.md): its name in the config file's profile
// and in `config get/set/list`, its flag, its environment variable, its type, its default and its
// line in `recruit help environment`. settings.ts and network.ts read the sources by these names,
// keys.ts and `config get/set/list` list the settings from here, `recruit help environment` prints
// their lines, and test/docs/settings-registry.test.ts holds the reference page to them.
import type { Profile } from './config-file.js';

export type SettingType = 'profile name' | 'url' | 'secret' | 'choice' | 'whole number' | 'proxy url' | 'host list' | 'path' | 'encoding';

export interface Setting {
  /** Its name: in `config get/set/list`, in messages (`concurrency in profile "work"`). */
  readonly key: string;
  /** Where a profile of the config file keeps it; none for `profile`, which is the file's `currentProfile`. */
  readonly field?: keyof Profile;
  /** The flag that sets it for one command (global or the command's own); none when only the environment and the profile do. */
  readonly flag?: string;
  /** The environment variable read for it (the first of those read, for the proxy). */
  readonly env: string;
  readonly type: SettingType;
  /** Its value when no source gives one (none: not set). */
  readonly default?: string | number;
  /** `config get` and `config set` know it (the token has its own commands: `auth login`, `auth token`). */
  readonly configurable: boolean;
  /** Its lines in `recruit help environment`: each variable and what it does (a line break continues the text). */
  readonly help: { readonly section: 'settings' | 'network'; readonly lines: readonly (readonly [variable: string, text: string])[] };
}

export const DEFAULT_PROFILE = 'default';
export const DEFAULT_CONCURRENCY = 4;

/** In the order of `recruit help environment`; `config list` shows them in this order, the token last. */
export const SETTINGS = [
  {
    key: 'profile', flag: '--profile', env: 'RECRUIT_PROFILE', type: 'profile name', default: DEFAULT_PROFILE, configurable: true,
    help: { section: 'settings', lines: [['RECRUIT_PROFILE', 'the profile of the config file to use (--profile)']] },
  },
  {
    key: 'base-url', field: 'baseUrl', flag: '--base-url', env: 'RECRUIT_BASE_URL', type: 'url', configurable: true,
    help: { section: 'settings', lines: [['RECRUIT_BASE_URL', "the API's address, including /v1 (--base-url)"]] },
  },
  {
    key: 'token', field: 'token', env: 'RECRUIT_TOKEN', type: 'secret', configurable: false,
    help: { section: 'settings', lines: [['RECRUIT_TOKEN', 'the bearer token (never on the command line)']] },
  },
  {
    key: 'account-type', field: 'accountType', env: 'RECRUIT_ACCOUNT_TYPE', type: 'choice', default: 'auto', configurable: true,
    help: { section: 'settings', lines: [['RECRUIT_ACCOUNT_TYPE', 'direct, staffing or auto (the default: learned from the service, kept per account)']] },
  },
  {
    key: 'concurrency', field: 'concurrency', flag: '--concurrency', env: 'RECRUIT_CONCURRENCY', type: 'whole number', default: DEFAULT_CONCURRENCY, configurable: true,
    help: { section: 'settings', lines: [['RECRUIT_CONCURRENCY', 'requests in flight in a batch (--concurrency)']] },
  },
  {
    key: 'active-job-limit', field: 'activeJobLimit', env: 'RECRUIT_ACTIVE_JOB_LIMIT', type: 'whole number', configurable: true,
    help: { section: 'settings', lines: [['RECRUIT_ACTIVE_JOB_LIMIT', "the account's active-job limit, for `recruit status` (active-job-limit)"]] },
  },
  {
    key: 'proxy', field: 'proxy', env: 'HTTPS_PROXY', type: 'proxy url', configurable: true,
    help: {
      section: 'network',
      lines: [
        ['HTTPS_PROXY, https_proxy', 'the proxy of https:// requests: http://[user:password@]host:port\n(CONNECT tunnel; the password is sent as Basic auth, never printed)'],
        ['HTTP_PROXY, http_proxy', 'the proxy of http:// requests (sent in absolute form)'],
        ['ALL_PROXY, all_proxy', 'the proxy of both when the one of the scheme is not set'],
      ],
    },
  },
  {
    key: 'no-proxy', field: 'noProxy', env: 'NO_PROXY', type: 'host list', configurable: true,
    help: {
      section: 'network',
      lines: [
        [
          'NO_PROXY, no_proxy',
          'hosts reached directly: a domain (with its subdomains), host:port, an IP\naddress or range (10.0.0.0/8), or * for all, as curl reads it;\nloopback addresses (localhost, 127.0.0.1, ::1) are never proxied',
        ],
      ],
    },
  },
  {
    key: 'ca-file', field: 'caFile', flag: '--ca-file', env: 'RECRUIT_CA_FILE', type: 'path', configurable: true,
    help: { section: 'network', lines: [['RECRUIT_CA_FILE', "a PEM file of CA certificates trusted as well as Node's own (--ca-file)"]] },
  },
  {
    key: 'encoding', field: 'encoding', flag: '--encoding', env: 'RECRUIT_ENCODING', type: 'encoding', default: 'auto', configurable: true,
    help: { section: 'settings', lines: [['RECRUIT_ENCODING', 'the encoding of input files: auto (the default: told from the bytes) or\na name such as windows-1250 (--encoding)']] },
  },
] as const satisfies readonly Setting[];

export type SettingKey = (typeof SETTINGS)[number]['key'];
/** The settings `config get` and `config set` know. */
export type ConfigKey = Extract<(typeof SETTINGS)[number], { configurable: true }>['key'];

/** The entry of `key`. */
export function setting(key: SettingKey): Setting {
  return (SETTINGS as readonly Setting[]).find((s) => s.key === key)!;
}

/** Where a value came from, for a message about it: `--concurrency`, `RECRUIT_CONCURRENCY`, `concurrency in profile "work"`. */
export function whereOf(key: SettingKey, source: 'flag' | 'env' | 'profile' | 'default' | 'sandbox', profile: string): string {
  const s = setting(key);
  if (source === 'flag') return s.flag ?? `--${key}`;
  if (source === 'env') return s.env;
  return `${key} in profile "${profile}"`;
}

/** The lines of `section` in `recruit help environment`: each variable, then its text in a column. */
export function environmentLines(section: Setting['help']['section']): string {
  const column = 25;
  return (SETTINGS as readonly Setting[])
    .filter((s) => s.help.section === section)
    .flatMap((s) => s.help.lines)
    .map(([variable, text]) => `  ${variable.padEnd(column - 1)} ${text.split('\n').join(`\n  ${' '.repeat(column)}`)}\n`)
    .join('');
}
