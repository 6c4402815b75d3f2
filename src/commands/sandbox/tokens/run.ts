import type { Uses } from '../../../context/context.js';
import { printTable, writeJson } from '../../../terminal/output.js';
import { TOKENS } from '../../../sandbox/index.js';

export default async function tokens(ctx: Uses<'io' | 'globals' | 'color'>): Promise<void> {
  const rows = TOKENS.map(({ token, account, permissions }) => ({ token, account, permissions: [...permissions] }));
  if (ctx.globals.json) return writeJson(ctx, rows);
  await printTable(
    ctx,
    [
      { header: 'TOKEN', value: (r) => r.token },
      { header: 'ACCOUNT', value: (r) => r.account },
      { header: 'PERMISSIONS', value: (r) => r.permissions.join(' ') },
    ],
    rows,
  );
}
