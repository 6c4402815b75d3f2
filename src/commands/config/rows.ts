// Every setting in effect with its value and source, shared by `config list` and `config get`.
import type { Uses } from '../../context/context.js';
import type { Source } from '../../config/settings.js';
import { redactUserInfo } from '../../api/user-info.js';
import { learnedAccountType, type KnownAccountType } from '../../jobs/account-type.js';
import { SETTINGS, type SettingKey } from '../../config/registry.js';

export interface SettingRow {
  key: SettingKey;
  /** The token's value is only ever "set" or "not set". */
  value: string | number | null;
  source: Source | null;
  /** account-type `auto`: what was learned for the account in effect (src/jobs/account-type.ts). */
  learned?: KnownAccountType;
}

/** The value for people: `auto (learned: staffing)` when auto learned the type. */
export function shownValue(row: SettingRow): string | number | null {
  return row.learned ? `${row.value} (learned: ${row.learned})` : row.value;
}

/** Each setting's row; a setting of the registry without one here does not compile. */
const ROW_OF: Record<SettingKey, (ctx: Uses<'env' | 'globals' | 'settings' | 'network'>) => SettingRow> = {
  profile: (ctx) => ({ key: 'profile', value: ctx.settings().profile, source: ctx.settings().profileSource }),
  'base-url': (ctx) => {
    const s = ctx.settings();
    return ctx.globals.sandbox === true
      ? { key: 'base-url', value: null, source: 'sandbox' }
      : { key: 'base-url', value: s.baseUrl ? redactUserInfo(s.baseUrl) : null, source: s.baseUrl ? s.baseUrlSource : null };
  },
  'account-type': accountTypeRow,
  concurrency: (ctx) => ({ key: 'concurrency', value: ctx.settings().concurrency, source: ctx.settings().concurrencySource }),
  'active-job-limit': (ctx) => {
    const s = ctx.settings();
    return { key: 'active-job-limit', value: s.activeJobLimit ?? null, source: s.activeJobLimit === undefined ? null : s.activeJobLimitSource };
  },
  // The proxy of https requests (else of http ones) without its credentials.
  proxy: (ctx) => {
    const n = ctx.network();
    const proxy = n.proxy?.https ?? n.proxy?.http;
    return { key: 'proxy', value: proxy ? redactUserInfo(proxy) : null, source: proxy ? n.proxySource : null };
  },
  'no-proxy': (ctx) => {
    const noProxy = ctx.network().proxy?.noProxy;
    return { key: 'no-proxy', value: noProxy ?? null, source: noProxy ? (ctx.env.no_proxy || ctx.env.NO_PROXY ? 'env' : 'profile') : null };
  },
  'ca-file': (ctx) => {
    const n = ctx.network();
    return { key: 'ca-file', value: n.caFile ?? null, source: n.caFile ? n.caFileSource : null };
  },
  encoding: (ctx) => ({ key: 'encoding', value: ctx.settings().encoding, source: ctx.settings().encodingSource }),
  token: (ctx) =>
    ctx.globals.sandbox === true
      ? { key: 'token', value: 'set', source: 'sandbox' }
      : { key: 'token', value: ctx.settings().token ? 'set' : 'not set', source: ctx.settings().tokenSource ?? null },
};

/** Every setting of the registry (src/config/registry.ts) in its order, the token last (its value is only "set" or "not set"). */
export function settingRows(ctx: Uses<'env' | 'globals' | 'settings' | 'network'>): SettingRow[] {
  const keys = SETTINGS.map((s) => s.key);
  return [...keys.filter((k) => k !== 'token'), 'token' as const].map((key) => ROW_OF[key](ctx));
}

function accountTypeRow(ctx: Uses<'env' | 'globals' | 'settings'>): SettingRow {
  const s = ctx.settings();
  const learned = s.accountType === 'auto' ? learnedAccountType(ctx) : undefined;
  return { key: 'account-type', value: s.accountType, source: s.accountTypeSource, ...(learned ? { learned } : {}) };
}
