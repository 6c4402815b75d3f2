// `recruit config get <key>`: the value in effect and nothing else; an unset value prints nothing
// and exits 0, so `$(recruit config get base-url)` is simply empty. `account-type` under auto says
// what was learned (`auto (learned: staffing)`); with --json the value stays the setting itself.
import type { Uses } from '../../../context/context.js';
import { writeJson } from '../../../terminal/output.js';
import { sanitize } from '../../../core/sanitize.js';
import { checkKey } from '../../../config/keys.js';
import { settingRows, shownValue } from '../rows.js';

export default async function get(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'settings' | 'network'>, key: string): Promise<void> {
  const name = checkKey(key, 'get');
  const row = settingRows(ctx).find((r) => r.key === name);
  if (ctx.globals.json) return writeJson(ctx, row?.value ?? null);
  const value = row ? shownValue(row) : null;
  if (value !== null) ctx.io.stdout.write(`${sanitize(String(value))}\n`);
}
