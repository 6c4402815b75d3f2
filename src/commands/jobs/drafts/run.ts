// `recruit jobs drafts`: the wizard's saved drafts, of every profile and account, with what tells
// them apart: the account, the title, the step reached and when each was saved. `*` marks the
// drafts that `recruit jobs create` would offer here (this profile and account). `--discard <id...>`
// deletes drafts, of any account and of the earlier format too, with consent.
import { consent } from '../../consent.js';
import type { Uses } from '../../../context/context.js';
import { UsageError } from '../../../core/errors.js';
import { printTable, writeJson } from '../../../terminal/output.js';
import { sanitize } from '../../../core/sanitize.js';
import { accountInEffect, embeddedAccountOf } from '../../../jobs/target.js';
import { recruitCommand } from '../../../context/invocation.js';
import { DraftStore, sameAccount, type StoredDraft } from '../../../wizard/draft.js';
import { describeSavedAt, describeTitle, stepReached } from '../../../wizard/draft-summary.js';
import type { DraftsOptions } from './flags.js';

/**
 * Whose draft it is, as the flags that choose the account say it: `embedded sandbox, approval
 * account`, or the profile and address with the start of the token's fingerprint (two tokens of one
 * profile are two accounts).
 */
function accountName(d: StoredDraft): string {
  if (!d.account) return 'unknown (a draft of an earlier version)';
  const embedded = embeddedAccountOf(d.account);
  if (embedded !== undefined) return `embedded sandbox, ${embedded} account`;
  return `profile ${d.account.profile} at ${d.account.baseUrl} (token #${d.account.credential.slice(0, 8)})`;
}

export default async function drafts(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'prompter' | 'settings' | 'sandboxAccount' | 'info' | 'atPrompt'>, options: DraftsOptions = {}): Promise<void> {
  if (options.discard) return discard(ctx, options.discard);
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
      // Where `jobs create` takes the draft up again: the first step without an answer.
      { header: 'NEXT STEP', value: (r) => (r.at.label === 'review' ? 'review' : `${r.at.label} (${r.at.number} of ${r.at.of})`) },
      { header: 'SAVED', value: (r) => describeSavedAt(r.draft.savedAt) },
    ],
    rows,
  );
  if (rows.some((r) => r.current)) ctx.info(`* this profile and account: \`${recruitCommand(ctx.globals, 'jobs create')}\` offers to continue it.`);
  else ctx.info('None of them belongs to this profile and account; a draft is only offered to the account it was made on.');
}

/** `--discard <id...>`: every id must name a draft, and consent is given, or nothing is deleted. */
async function discard(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'interactive' | 'prompter' | 'info' | 'atPrompt'>, ids: string[]): Promise<void> {
  const store = new DraftStore(ctx.env);
  const all = store.all();
  const chosen: StoredDraft[] = [];
  for (const id of new Set(ids)) {
    const found = all.filter((d) => d.id === id);
    if (found.length === 0) throw new UsageError(`no draft ${id}; nothing was deleted`, [], '`recruit jobs drafts` lists the drafts and their ids');
    chosen.push(...found);
  }
  // The id is read from a file, like the title: escaped before it reaches a terminal.
  const named = (d: StoredDraft) => `${sanitize(d.id)} ${describeTitle(d.answers)}`;
  const question =
    chosen.length === 1
      ? `Discard the draft ${named(chosen[0]!)}? Its answers are lost.`
      : `Discard ${chosen.length} drafts (${chosen.map(named).join(', ')})? Their answers are lost.`;
  const refusal = () => new UsageError(`discarding ${chosen.length === 1 ? '1 draft' : `${chosen.length} drafts`} needs --yes without a terminal; nothing was deleted`);
  if (!(await consent(ctx, question, refusal))) {
    ctx.info('nothing deleted (declined)');
    return;
  }
  for (const d of chosen) store.discard(d);
  if (ctx.globals.json) {
    await writeJson(ctx, { discarded: chosen.map((d) => ({ id: d.id, title: d.answers.title ?? null })) });
    return;
  }
  for (const d of chosen) ctx.io.stdout.write(`Discarded the draft ${named(d)}\n`);
}
