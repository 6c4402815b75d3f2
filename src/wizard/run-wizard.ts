// `recruit jobs create` on a terminal without input flags (or with field flags that leave fields out,
// or --from): the creation wizard (docs/guides/wizard.md).
// Its only input is the prompter; answers are kept in a draft after every step, so Ctrl-C, a crash
// or "save draft and quit" never loses typing. It asks and reviews on stderr; the job it creates
// it returns, and the command prints it (commands/jobs/create/wizard.ts).
import { redactUserInfo } from '../api/user-info.js';
import { getPage } from '../api/paginate.js';
import { namedShape } from '../api/shapes.js';
import type { Named } from '../api/types.js';
import { firstPageKey, LOOKUP_PAGE_SIZE } from './lookup-source.js';
import type { Uses } from '../context/context.js';
import type { GlobalOptions } from '../context/global-options.js';
import { recruitCommand } from '../context/invocation.js';
import { InterruptedError, UsageError } from '../core/errors.js';
import { answersFromInitial, type Answers } from './answers.js';
import { learnByProbe, learnedAccountType, learns } from '../jobs/account-type.js';
import { accountTypeOf, targetOf } from '../jobs/target.js';
import { DraftStore, newDraftId, type StoredDraft } from './draft.js';
import { describeSavedAt, describeStep, describeTitle, stepReached } from './draft-summary.js';
import { editStep, walk, walkDetails } from './navigator.js';
import { isPromptInterrupt, type Prompter } from '../prompts/prompter.js';
import { askDetails, askFieldToEdit, askReviewAction, printAnswers, printReview } from './review.js';
import { keepAnswers, removeDraft, type BeforeSubmit, type Session } from './session.js';
import { submitJob } from './submit-job.js';
import type { Created } from '../jobs/created.js';
import { BACK, backChoice, type Back } from '../prompts/back.js';

export interface WizardOptions {
  /** By default the context's (the terminal's, or a test's). */
  prompter?: Prompter;
  /** Body fields from flags (e.g. --publish-career-page: publishToCareerPage), taken as answered. */
  initial?: Record<string, unknown>;
  /**
   * Answers to start from instead of a draft (a clone, `jobs create --from`, or incomplete field
   * flags): no draft is offered, and the wizard asks only what they lack, then opens the review.
   * `intro` is said first; `beforeSubmit` runs at Submit (a clone's look at its source).
   */
  prefilled?: { answers: Answers; extra: Record<string, unknown>; intro?: string; beforeSubmit?: BeforeSubmit };
}

/** What Ctrl-C says once the draft is saved, with the flags that find it again. */
export const draftSaved = (globals: GlobalOptions): string => `Draft saved; run \`${recruitCommand(globals, 'jobs create')}\` to continue`;

/** The job created, for the command to print; none when the answers were saved as a draft or discarded. */
export async function runWizard(ctx: Uses<'io' | 'env' | 'globals' | 'interactive' | 'prompter' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>, options: WizardOptions = {}): Promise<Created | undefined> {
  if (!options.prompter && !ctx.interactive) {
    throw new UsageError(
      'the wizard needs a terminal',
      [],
      'pass --file <path> or the field flags (--title, --description-file, --location, --job-function, --employer-type)',
    );
  }
  const api = await ctx.api();
  // One round trip before the first question: the first page of industries, which checks the token
  // and URL before any typing (a search list would only show the error) and is what the first step
  // shows; beside it, under `auto` with the type not known yet, the probe that makes the customer
  // step right at once. The prompts load while they travel.
  const industries = getPage<Named>(api, '/industries', { pageSize: LOOKUP_PAGE_SIZE }, namedShape);
  const probe = learns(ctx) && accountTypeOf(ctx) !== 'staffing' && !learnedAccountType(ctx) ? learnByProbe(ctx, api) : undefined;
  // Awaited below; until then a failure must not count as unhandled.
  industries.catch(() => undefined);
  const prompter = options.prompter ?? (await ctx.prompter());
  const session: Session = {
    ctx,
    prompter,
    api,
    answers: {},
    extra: {},
    drafts: new DraftStore(ctx.env),
    draftAccount: { ...targetOf(ctx, api), credential: api.credentialFingerprint() },
    draftId: newDraftId(),
    staffing: accountTypeOf(ctx) === 'staffing',
    cache: {},
  };
  const [, learned] = await Promise.all([industries, probe]);
  if (probe) session.staffing = learned === 'staffing';
  session.cache.firstPages = new Map([[firstPageKey('/industries'), industries]]);
  // Where the job will be, as gh says "Creating issue in owner/repo".
  const sandboxAccount = ctx.sandboxAccount();
  ctx.info(
    sandboxAccount
      ? `Creating a job in the embedded sandbox (${sandboxAccount} account)`
      : `Creating a job at ${redactUserInfo(api.baseUrl)} (profile ${ctx.settings().profile})`,
  );
  try {
    if (options.prefilled) startPrefilled(session, options.prefilled);
    else await startFromDraft(session);
    const fromFlags = answersFromInitial(options.initial ?? {});
    Object.assign(session.answers, fromFlags.answers);
    Object.assign(session.extra, fromFlags.extra);
    return await reviewLoop(session);
  } catch (error) {
    if (!isPromptInterrupt(error)) throw error;
    // The prompt has erased itself; one line says what was kept, and nothing else follows (exit 130).
    ctx.info(Object.keys(session.answers).length > 0 ? keepAnswers(session, draftSaved(session.ctx.globals)) : 'Stopped; nothing was answered, so there is no draft.');
    throw new InterruptedError('Interrupted', { reported: true });
  }
}

function startPrefilled(session: Session, prefilled: NonNullable<WizardOptions['prefilled']>): void {
  session.answers = structuredClone(prefilled.answers);
  session.extra = { ...prefilled.extra };
  if (session.staffing && session.answers.customer === null) delete session.answers.customer;
  if (prefilled.beforeSubmit) session.beforeSubmit = prefilled.beforeSubmit;
  if (prefilled.intro) session.ctx.info(prefilled.intro);
}

type DraftChoice = { continue: StoredDraft } | { discard: StoredDraft } | 'new' | 'discard-one';

/** Offers the drafts of this account: continue one, start over (keeping them), or discard one (after a confirmation). */
async function startFromDraft(session: Session): Promise<void> {
  for (;;) {
    const drafts = session.drafts.of(session.draftAccount);
    if (drafts.length === 0) return;
    const choice = await askDraftChoice(session, drafts);
    if (choice === 'new') return;
    if (choice === 'discard-one') {
      const pick = await session.prompter.select<StoredDraft | Back>({
        message: 'Discard which draft?',
        choices: [backChoice(), ...drafts.map((d) => ({ name: draftName(d), value: d as StoredDraft | Back }))],
        default: drafts[0],
      });
      if (pick !== BACK) await discard(session, pick);
      continue;
    }
    if ('discard' in choice) {
      await discard(session, choice.discard);
      continue;
    }
    const draft = choice.continue;
    session.draftId = draft.id;
    session.answers = structuredClone(draft.answers);
    session.extra = { ...draft.extra };
    // A customer left out before the account was known to be staffing is asked again.
    if (session.staffing && session.answers.customer === null) delete session.answers.customer;
    await printRecap(session);
    return;
  }
}

function draftName(d: StoredDraft): string {
  return `${describeTitle(d.answers)}, at ${describeStep(d.answers)}, saved ${describeSavedAt(d.savedAt)}`;
}

async function askDraftChoice(session: Session, drafts: StoredDraft[]): Promise<DraftChoice> {
  if (drafts.length === 1) {
    const draft = drafts[0]!;
    return session.prompter.select<DraftChoice>({
      message: `Continue the draft ${describeTitle(draft.answers)} saved ${describeSavedAt(draft.savedAt)}?`,
      choices: [
        { name: 'Continue', value: { continue: draft }, description: `take its answers and go on at ${describeStep(draft.answers)}` },
        { name: 'Start over (keep the draft)', value: 'new', description: 'a new job; the draft stays for later (`recruit jobs drafts` lists drafts)' },
        { name: 'Discard', value: { discard: draft }, description: 'delete the draft (asks first)' },
      ],
    });
  }
  return session.prompter.select<DraftChoice>({
    message: `${drafts.length} drafts of this account are saved. Continue one?`,
    choices: [
      ...drafts.map((d) => ({ name: `Continue ${draftName(d)}`, value: { continue: d } as DraftChoice })),
      { name: 'Start over (keep the drafts)', value: 'new', description: 'a new job; the drafts stay for later (`recruit jobs drafts` lists them)' },
      { name: 'Discard a draft', value: 'discard-one', description: 'pick one to delete (asks first)' },
    ],
    pageSize: Math.min(drafts.length + 2, 12),
  });
}

async function discard(session: Session, draft: StoredDraft): Promise<void> {
  const sure = await session.prompter.confirm({ message: `Discard the draft ${describeTitle(draft.answers)}? Its answers are lost.`, default: false });
  if (!sure) return;
  session.drafts.remove(session.draftAccount, draft.id);
  session.ctx.info(`Discarded the draft ${describeTitle(draft.answers)}.`);
}

/** The answers a continued draft brings, before the next question (the review shows them anyway for a complete draft). */
async function printRecap(session: Session): Promise<void> {
  if (stepReached(session.answers).label === 'review') return;
  await printAnswers(session, `Continuing the draft; answers so far:`, { answeredOnly: true });
}

async function reviewLoop(session: Session): Promise<Created | undefined> {
  for (;;) {
    await walk(session);
    await printReview(session);
    switch (await askReviewAction(session)) {
      case 'submit': {
        const outcome = await submitJob(session);
        if (outcome !== 'review') return outcome;
        break;
      }
      case 'details':
        await walkDetails(session, await askDetails(session));
        break;
      case 'edit': {
        const step = await askFieldToEdit(session);
        if (step !== BACK) await editStep(session, step);
        break;
      }
      case 'save':
        session.ctx.info(keepAnswers(session, draftSaved(session.ctx.globals)));
        return undefined;
      case 'discard':
        if (await session.prompter.confirm({ message: 'Discard every answer of this job?', default: false })) {
          removeDraft(session);
          session.ctx.info('Discarded; nothing was created.');
          return undefined;
        }
        break;
    }
  }
}
