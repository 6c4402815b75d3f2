// What every step works with: the context, the prompter, the API and the answers so far.
import type { ApiClient } from '../api/client.js';
import type { JobOptions, Named } from '../api/types.js';
import type { Page } from '../api/paginate.js';
import type { Uses } from '../context/context.js';
import { describeFsError } from '../core/errors.js';
import { toBody, type AnswerKey, type Answers } from './answers.js';
import type { Back } from '../prompts/back.js';
import type { DraftAccount, DraftStore } from './draft.js';
import type { Prompter } from '../prompts/prompter.js';

/** What the steps use of the command's context. */
export type WizardContext = Uses<'io' | 'env' | 'globals' | 'now' | 'newKey' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>;

export interface Session {
  ctx: WizardContext;
  prompter: Prompter;
  api: ApiClient;
  answers: Answers;
  /** Fields from flags that are sent without a step of their own. */
  extra: Record<string, unknown>;
  drafts: DraftStore;
  /** The account this run's draft belongs to, and the draft's id (a new one, or the one continued). */
  draftAccount: DraftAccount;
  draftId: string;
  /** Staffing accounts must give a customer (docs/api-rules.md, "Create-job rules" 2): set, learned (`auto`) or learned during this run. */
  staffing: boolean;
  /** Answers of the API fetched once per run. */
  cache: {
    hasCustomers?: boolean;
    jobOptions?: JobOptions;
    /** Unfiltered first pages of lookup lists fetched ahead (lookup-source.ts firstPageKey), each shown once. */
    firstPages?: Map<string, Promise<Page<Named>>>;
  };
  /** Whether the last draft save failed (undefined: none failed yet). */
  draftUnsaved?: boolean;
  /** Runs at Submit once the answers pass the checks (a clone's look at its source, source-changed.ts). */
  beforeSubmit?: BeforeSubmit;
}

/** 'review': the answers changed, and the review is shown again instead of submitting. */
export type BeforeSubmit = (session: Session) => Promise<'submit' | 'review'>;

export interface StepContext {
  /** Whether the step offers going back (every step but the first, and every edit from the review). */
  canGoBack: boolean;
}

export interface Step {
  id: string;
  /** The name on the review screen and in "edit a field". */
  label: string;
  /** The answers this step gives; it counts as answered when every one is present. */
  keys: AnswerKey[];
  /** Answers that no longer hold when this step's answer changes (job function after the industry). */
  clears?: AnswerKey[];
  /** Body fields the service may name in a 400 that this step fixes. */
  fields: string[];
  /** False when the step does not apply: it is skipped and its answers set to null. */
  applies?(session: Session): Promise<boolean>;
  /**
   * Of a step on the way to the review (steps/index.ts REQUIRED_STEPS): false when, this time, it
   * is not asked there (its answers set to null) but offered among the details (the customer of an
   * account that does not need one).
   */
  required?(session: Session): boolean;
  ask(session: Session, step: StepContext): Promise<Partial<Answers> | Back>;
  /** The answer as shown on the review screen. */
  show(answers: Answers, session: Session): string;
}

/** Saves the draft; false, with a warning the first time, when the disk does not take it. */
export function saveDraft(session: Session): boolean {
  try {
    session.drafts.save(session.draftAccount, session.draftId, session.answers, session.extra, session.ctx.now());
    session.draftUnsaved = false;
    return true;
  } catch (error) {
    if (session.draftUnsaved === undefined) {
      session.ctx.warn(`could not save the draft to ${session.drafts.fileOf(session.draftAccount, session.draftId)}: ${describeFsError(error)}; your answers are kept only while the wizard runs`);
    }
    session.draftUnsaved = true;
    return false;
  }
}

/**
 * Keeps the answers for a later run and returns what to tell the user: the draft, or, when the disk
 * does not take it, the job printed as JSON on stderr, so that no typing is lost.
 */
export function keepAnswers(session: Session, saved: string): string {
  if (saveDraft(session)) return saved;
  session.ctx.io.stderr.write(`${JSON.stringify(toBody(session.answers, session.extra), null, 2)}\n`);
  return 'The draft could not be saved: your job is printed above as JSON (`recruit jobs create --file` takes it once the disk has room).';
}

/** Deletes this run's draft (after a creation, a discard, or when a pending submission holds the job). */
export function removeDraft(session: Session): void {
  session.drafts.remove(session.draftAccount, session.draftId);
}
