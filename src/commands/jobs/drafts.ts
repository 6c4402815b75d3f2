// `recruit jobs drafts`: the wizard's saved drafts, of every profile and account, with what tells
// them apart: the account, the title, the step reached and when each was saved. `*` marks the
// drafts that `recruit jobs create` would offer here (this profile and account).
import type { Context } from '../../cli/context.js';
import { printTable, writeJson } from '../../cli/output.js';
import { accountInEffect } from '../../jobs/target.js';
import { DraftStore, sameAccount, type StoredDraft } from '../../wizard/draft.js';
import { describeSavedAt, stepReached } from '../../wizard/draft-summary.js';

function accountName(d: StoredDraft): string {
  if (!d.account) return 'unknown (a draft of an earlier version)';
  const where = d.account.profile === 'sandbox' && d.account.baseUrl === 'embedded-sandbox' ? 'embedded sandbox' : `${d.account.profile} ${d.account.baseUrl}`;
  return `${where} (token #${d.account.credential.slice(0, 8)})`;
}

export default async function drafts(ctx: Context): Promise<void> {
  const all = new DraftStore(ctx.env).all();
  const here = accountInEffect(ctx);
  const rows = all.map((d) => {
    const at = stepReached(d.answers);
    return { draft: d, at, current: here !== undefined && sameAccount(d.account, here) };
  });
  if (ctx.globals.json) {
    return writeJson(
      ctx,
      rows.map(({ draft: d, at, current }) => ({
        id: d.id,
        profile: d.account?.profile ?? null,
        baseUrl: d.account?.baseUrl ?? null,
        credential: d.account?.credential ?? null,
        title: d.answers.title ?? null,
        step: at.label,
        stepNumber: at.number,
        steps: at.of,
        savedAt: d.savedAt,
        current,
        file: d.file,
      })),
    );
  }
  if (rows.length === 0) {
    ctx.info('No saved drafts. The wizard (`recruit jobs create` on a terminal) saves one as you answer.');
    return;
  }
  await printTable(
    ctx,
    [
      { header: ' ', value: (r) => (r.current ? '*' : '') },
      { header: 'ID', value: (r) => r.draft.id },
      { header: 'ACCOUNT', value: (r) => accountName(r.draft) },
      { header: 'TITLE', value: (r) => r.draft.answers.title ?? '' },
      { header: 'STEP', value: (r) => (r.at.label === 'review' ? 'review' : `${r.at.label} (${r.at.number}/${r.at.of})`) },
      { header: 'SAVED', value: (r) => describeSavedAt(r.draft.savedAt) },
    ],
    rows,
  );
  if (rows.some((r) => r.current)) ctx.info('* this profile and account: `recruit jobs create` offers to continue it.');
  else ctx.info('None of them belongs to this profile and account; a draft is only offered to the account it was made on.');
}
