// `recruit jobs create` on a terminal without input flags: the creation wizard (docs/wizard.md).
// Its only input is the prompter; answers are kept in a draft after every step, so Ctrl-C, a crash
// or "save draft and quit" never loses typing.
import { getPage } from '../api/paginate.js';
import { namedShape } from '../api/shapes.js';
import type { Context } from '../cli/context.js';
import { InterruptedError, UsageError } from '../cli/errors.js';
import { sanitize } from '../cli/sanitize.js';
import { accountTypeOf } from '../jobs/target.js';
import { answersFromInitial, type Answers } from './answers.js';
import { DraftStore } from './draft.js';
import { editStep, walk } from './navigator.js';
import { isPromptInterrupt, type Prompter } from './prompter.js';
import { askFieldToEdit, askReviewAction, printReview } from './review.js';
import { keepAnswers, type Session } from './session.js';
import { submitJob } from './submit-job.js';
import { BACK } from './back.js';

export interface WizardOptions {
  /** Tests inject one; by default the terminal prompts of @inquirer/prompts. */
  prompter?: Prompter;
  /** Body fields from flags (e.g. --publish-career-page: publishToCareerPage), taken as answered. */
  initial?: Record<string, unknown>;
}

export const DRAFT_SAVED = 'Draft saved; run `recruit jobs create` to continue';

export async function runWizard(ctx: Context, options: WizardOptions = {}): Promise<void> {
  if (!options.prompter && !ctx.interactive) {
    throw new UsageError(
      'the wizard needs a terminal',
      [],
      'pass --file <path> or the field flags (--title, --description-file, --location, --job-function, --employer-type)',
    );
  }
  let prompter = options.prompter;
  if (!prompter) {
    const { createInquirerPrompter } = await import('./inquirer-prompter.js');
    prompter = createInquirerPrompter(ctx.io);
  }
  const drafts = new DraftStore(ctx.env);
  const session: Session = {
    ctx,
    prompter,
    api: await ctx.api(),
    answers: {},
    extra: {},
    drafts,
    staffing: accountTypeOf(ctx) === 'staffing',
    cache: {},
  };
  // Fail fast on a wrong token or URL, before any typing: a search list would only show the error.
  await getPage(session.api, '/industries', { pageSize: 1 }, namedShape);
  try {
    await startFromDraft(session);
    const fromFlags = answersFromInitial(options.initial ?? {});
    Object.assign(session.answers, fromFlags.answers);
    Object.assign(session.extra, fromFlags.extra);
    await reviewLoop(session);
  } catch (error) {
    if (!isPromptInterrupt(error)) throw error;
    if (Object.keys(session.answers).length > 0) ctx.info(`\n${keepAnswers(session, DRAFT_SAVED)}`);
    throw new InterruptedError();
  }
}

/** Offers to continue a saved draft: yes takes its answers, no discards it. */
async function startFromDraft(session: Session): Promise<void> {
  const draft = session.drafts.load();
  if (!draft) return;
  const title = draft.answers.title ? ` "${sanitize(draft.answers.title)}"` : '';
  const yes = await session.prompter.confirm({
    message: `Continue the draft${title} saved ${draft.savedAt.replace('T', ' ').slice(0, 16)} UTC? (no discards it)`,
    default: true,
  });
  if (yes) {
    session.answers = structuredClone(draft.answers) as Answers;
    session.extra = { ...draft.extra };
  } else {
    session.drafts.remove();
  }
}

async function reviewLoop(session: Session): Promise<void> {
  for (;;) {
    await walk(session);
    await printReview(session);
    switch (await askReviewAction(session)) {
      case 'submit':
        if ((await submitJob(session)) === 'created') return;
        break;
      case 'edit': {
        const step = await askFieldToEdit(session);
        if (step !== BACK) await editStep(session, step);
        break;
      }
      case 'save':
        session.ctx.info(keepAnswers(session, DRAFT_SAVED));
        return;
      case 'discard':
        if (await session.prompter.confirm({ message: 'Discard every answer of this job?', default: false })) {
          session.drafts.remove();
          session.ctx.info('Discarded; nothing was created.');
          return;
        }
        break;
    }
  }
}
