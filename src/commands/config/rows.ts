// Every setting in effect with its value and source, shared by `config list` and `config get`.
import { redactUrl, type Context } from '../../cli/context.js';
import type { Source } from '../../config/settings.js';
import type { SettingKey } from './sources.js';

export interface SettingRow {
  key: SettingKey;
  /** The token's value is only ever "set" or "not set". */
  value: string | number | null;
  source: Source | null;
}

export function settingRows(ctx: Context): SettingRow[] {
  const s = ctx.settings();
  const sandbox = ctx.globals.sandbox === true;
  return [
    { key: 'profile', value: s.profile, source: s.profileSource },
    sandbox
      ? { key: 'base-url', value: null, source: 'sandbox' }
      : { key: 'base-url', value: s.baseUrl ? redactUrl(s.baseUrl) : null, source: s.baseUrl ? s.baseUrlSource : null },
    { key: 'account-type', value: s.accountType, source: s.accountTypeSource },
    { key: 'concurrency', value: s.concurrency, source: s.concurrencySource },
    sandbox
      ? { key: 'token', value: 'set', source: 'sandbox' }
      : { key: 'token', value: s.token ? 'set' : 'not set', source: s.tokenSource ?? null },
  ];
}
