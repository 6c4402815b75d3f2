// `recruit config list`: every setting in effect and where it comes from; the token only as set/not set.
import type { Uses } from '../../../context/context.js';
import { printTable, writeJson } from '../../../terminal/output.js';
import { settingRows, shownValue } from '../rows.js';
import { describeSource } from '../sources.js';

export default async function list(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'settings' | 'network'>): Promise<void> {
  const rows = settingRows(ctx);
  if (ctx.globals.json) {
    return writeJson(ctx, Object.fromEntries(rows.map((r) => [r.key, { value: r.value, source: r.source, ...(r.learned ? { learned: r.learned } : {}) }])));
  }
  const profile = String(rows[0]?.value);
  await printTable(
    ctx,
    [
      { header: 'KEY', value: (r) => r.key },
      { header: 'VALUE', value: (r) => (r.source === 'sandbox' && r.key === 'base-url' ? '(embedded)' : shownValue(r)) },
      { header: 'SOURCE', value: (r) => describeSource(r.key, r.source ?? undefined, profile) },
    ],
    rows,
  );
}
