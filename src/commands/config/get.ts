// `recruit config get <key>`: the value in effect and nothing else; an unset value prints nothing
// and exits 0, so `$(recruit config get base-url)` is simply empty.
import type { Context } from '../../cli/context.js';
import { writeJson } from '../../cli/output.js';
import { sanitize } from '../../cli/sanitize.js';
import { checkKey } from './keys.js';
import { settingRows } from './rows.js';

export default async function get(ctx: Context, key: string): Promise<void> {
  const name = checkKey(key, 'get');
  const value = settingRows(ctx).find((r) => r.key === name)?.value ?? null;
  if (ctx.globals.json) return writeJson(ctx, value);
  if (value !== null) ctx.io.stdout.write(`${sanitize(String(value))}\n`);
}
