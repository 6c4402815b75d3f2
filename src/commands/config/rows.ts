// Every setting in effect with its value and source, shared by `config list` and `config get`.
import type { Context } from '../../context/context.js';
import type { Source } from '../../config/settings.js';
import { redactUserInfo } from '../../api/user-info.js';
import { learnedAccountType, type KnownAccountType } from '../../jobs/account-type.js';
import type { SettingKey } from './sources.js';

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

export function settingRows(ctx: Context): SettingRow[] {
  const s = ctx.settings();
  const sandbox = ctx.globals.sandbox === true;
  return [
    { key: 'profile', value: s.profile, source: s.profileSource },
    sandbox
      ? { key: 'base-url', value: null, source: 'sandbox' }
      : { key: 'base-url', value: s.baseUrl ? redactUserInfo(s.baseUrl) : null, source: s.baseUrl ? s.baseUrlSource : null },
    accountTypeRow(ctx),
    { key: 'concurrency', value: s.concurrency, source: s.concurrencySource },
    { key: 'active-job-limit', value: s.activeJobLimit ?? null, source: s.activeJobLimit === undefined ? null : s.activeJobLimitSource },
    ...networkRows(ctx),
    { key: 'encoding', value: s.encoding, source: s.encodingSource },
    sandbox
      ? { key: 'token', value: 'set', source: 'sandbox' }
      : { key: 'token', value: s.token ? 'set' : 'not set', source: s.tokenSource ?? null },
  ];
}

/** The proxy of https requests (else of http ones) without its credentials, NO_PROXY, the CA file. */
function networkRows(ctx: Context): SettingRow[] {
  const n = ctx.network();
  const proxy = n.proxy?.https ?? n.proxy?.http;
  const noProxy = n.proxy?.noProxy;
  return [
    { key: 'proxy', value: proxy ? redactUserInfo(proxy) : null, source: proxy ? n.proxySource : null },
    { key: 'no-proxy', value: noProxy ?? null, source: noProxy ? (ctx.env.no_proxy || ctx.env.NO_PROXY ? 'env' : 'profile') : null },
    { key: 'ca-file', value: n.caFile ?? null, source: n.caFile ? n.caFileSource : null },
  ];
}

function accountTypeRow(ctx: Context): SettingRow {
  const s = ctx.settings();
  const learned = s.accountType === 'auto' ? learnedAccountType(ctx) : undefined;
  return { key: 'account-type', value: s.accountType, source: s.accountTypeSource, ...(learned ? { learned } : {}) };
}
