// Moving through the steps: forward over the questions not yet answered, back to the previous step
// on request, and one step at a time when the review asks to edit a field. Every answer is saved to
// the draft at once.
import type { Answers } from './answers.js';
import { BACK } from '../prompts/back.js';
import type { Session, Step } from './session.js';
import { saveDraft } from './session.js';
import { STEPS } from './steps/index.js';

export function isAnswered(step: Step, answers: Answers): boolean {
  return step.keys.every((k) => answers[k] !== undefined);
}

export async function applies(step: Step, session: Session): Promise<boolean> {
  return step.applies ? step.applies(session) : true;
}

/** Records a step's answer; a changed answer drops the answers that depended on it. */
export function record(session: Session, step: Step, patch: Partial<Answers>): void {
  const changed = step.keys.some((k) => JSON.stringify(session.answers[k]) !== JSON.stringify(patch[k]));
  Object.assign(session.answers, patch);
  if (changed) for (const k of step.clears ?? []) delete session.answers[k];
  saveDraft(session);
}

async function previousApplicable(session: Session, index: number): Promise<number> {
  for (let i = index - 1; i >= 0; i--) if (await applies(STEPS[i]!, session)) return i;
  return -1;
}

/**
 * Asks every step that applies and has no answer yet, in order. "Back" re-asks the previous step
 * (answered or not); a step that does not apply gets null answers and is passed over both ways.
 */
export async function walk(session: Session): Promise<void> {
  let i = 0;
  let revisit = -1; // a step reached by going back is asked although it has an answer
  while (i < STEPS.length) {
    const step = STEPS[i]!;
    if (!(await applies(step, session))) {
      if (!isAnswered(step, session.answers)) {
        for (const k of step.keys) (session.answers as Record<string, unknown>)[k] = null;
        saveDraft(session);
      }
      i++;
      continue;
    }
    if (i !== revisit && isAnswered(step, session.answers)) {
      i++;
      continue;
    }
    const previous = await previousApplicable(session, i);
    const result = await step.ask(session, { canGoBack: previous >= 0 });
    if (result === BACK) {
      if (previous >= 0) i = revisit = previous;
      continue;
    }
    record(session, step, result);
    revisit = -1;
    i++;
  }
}

/** Asks one step again (from the review); going back returns to the review unchanged. */
export async function editStep(session: Session, step: Step): Promise<void> {
  const result = await step.ask(session, { canGoBack: true });
  if (result !== BACK) record(session, step, result);
}
