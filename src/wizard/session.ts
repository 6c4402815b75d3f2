// What every step works with: the context, the prompter, the API and the answers so far.
import type { ApiClient } from '../api/client.js';
import type { JobOptions } from '../api/types.js';
import type { Context } from '../cli/context.js';
import type { AnswerKey, Answers } from './answers.js';
import type { Back } from './back.js';
import type { DraftStore } from './draft.js';
import type { Prompter } from './prompter.js';

export interface Session {
  ctx: Context;
  prompter: Prompter;
  api: ApiClient;
  answers: Answers;
  /** Fields from flags that are sent without a step of their own. */
  extra: Record<string, unknown>;
  drafts: DraftStore;
  /** Staffing accounts must give a customer (design 3). */
  staffing: boolean;
  /** Answers of the API fetched once per run. */
  cache: { hasCustomers?: boolean; jobOptions?: JobOptions };
}

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
  ask(session: Session, step: StepContext): Promise<Partial<Answers> | Back>;
  /** The answer as shown on the review screen. */
  show(answers: Answers, session: Session): string;
}

export function saveDraft(session: Session): void {
  session.drafts.save(session.answers, session.extra, session.ctx.now());
}
