// `recruit jobs pending`: persisted creations without a final answer.
import type { Uses } from '../../../context/context.js';
import { printTable, writeJson } from '../../../terminal/output.js';
import { SubmissionStore, type Submission } from '../../../jobs/submissions.js';
import { embeddedAccountOf } from '../../../jobs/target.js';

function target(s: Submission): string {
  const account = embeddedAccountOf(s.target);
  if (account === undefined) return `${s.target.profile} ${s.target.baseUrl}`;
  return account === 'direct' ? 'sandbox' : `sandbox (${account})`;
}

export default async function pending(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'info'>): Promise<void> {
  const list = new SubmissionStore(ctx.env).pending();
  if (ctx.globals.json) {
    return writeJson(
      ctx,
      list.map(({ key, createdAt, updatedAt, target, source, body, attempts, lastError }) => ({
        key,
        createdAt,
        updatedAt,
        title: body.title ?? null,
        target,
        source,
        attempts,
        lastError: lastError ?? null,
      })),
    );
  }
  if (list.length === 0) {
    ctx.info('No pending submissions.');
    return;
  }
  await printTable(
    ctx,
    [
      { header: 'KEY', value: (s) => s.key },
      { header: 'WHEN', value: (s) => s.updatedAt },
      { header: 'TITLE', value: (s) => String(s.body.title ?? '') },
      { header: 'TARGET', value: target },
      { header: 'LAST ERROR', value: (s) => s.lastError?.message ?? '' },
    ],
    list,
  );
  ctx.info('Resume one with `recruit jobs create --resume <key>`.');
}
