// Moving through the steps: forward over the required questions not yet answered, back to the
// previous step on request, through the details the review's "Add details" picked, and one step at
// a time when the review asks to edit a field. Every answer is saved to the draft at once.
import type { Answers } from './answers.js';
import { BACK } from '../prompts/back.js';
import type { Session, Step } from './session.js';
import { saveDraft } from './session.js';
import { REQUIRED_STEPS, STEPS } from './steps/index.js';

export function isAnswered(step: Step, answers: Answers): boolean {
  return step.keys.every((k) => answers[k] !== undefined);
}

/** Whether a step holds a value: not unanswered, skipped, cleared, empty or off. */
export function isSet(step: Step, answers: Answers): boolean {
  return step.keys.some((k) => {
    const v = answers[k];
    return v !== undefined && v !== null && v !== false && !(Array.isArray(v) && v.length === 0);
  });
}

export async function applies(step: Step, session: Session): Promise<boolean> {
  return step.applies ? step.applies(session) : true;
}

/** Whether a required step is asked on the way to the review. */
export async function asked(step: Step, session: Session): Promise<boolean> {
  return (await applies(step, session)) && (step.required ? step.required(session) : true);
}

/** Whether a step's answer is the one it had: a list's pick by its id (a renamed item is the same one). */
function sameAnswer(step: Step, answers: Answers, patch: Partial<Answers>): boolean {
  return step.keys.every((k) => {
    const [was, now] = [answers[k], patch[k]];
    const id = (v: unknown) => (typeof v === 'object' && v !== null && 'id' in v ? (v as { id: unknown }).id : undefined);
    if (id(was) !== undefined && id(now) !== undefined) return id(was) === id(now);
    return JSON.stringify(was) === JSON.stringify(now);
  });
}

/** Records a step's answer; a changed answer drops the answers that depended on it. */
export function record(session: Session, step: Step, patch: Partial<Answers>): void {
  const changed = !sameAnswer(step, session.answers, patch);
  Object.assign(session.answers, patch);
  if (changed) for (const k of step.clears ?? []) delete session.answers[k];
  saveDraft(session);
}

/**
 * Asks `steps` in order: those `ask` passes over get null answers (when unanswered) and are passed
 * over both ways; the others are asked unless answered (or always, with `again`). "Back" re-asks
 * the previous step asked, answered or not; Back from the first ends the walk when `backOut`.
 */
async function walkSteps(
  session: Session,
  steps: readonly Step[],
  options: { again?: boolean; backOut?: boolean; ask: (step: Step) => Promise<boolean> },
): Promise<void> {
  const previousAsked = async (index: number) => {
    for (let i = index - 1; i >= 0; i--) if (await options.ask(steps[i]!)) return i;
    return -1;
  };
  let i = 0;
  let revisit = -1; // a step reached by going back is asked although it has an answer
  while (i < steps.length) {
    const step = steps[i]!;
    if (!(await options.ask(step))) {
      if (!isAnswered(step, session.answers)) {
        for (const k of step.keys) (session.answers as Record<string, unknown>)[k] = null;
        saveDraft(session);
      }
      i++;
      continue;
    }
    if (!options.again && i !== revisit && isAnswered(step, session.answers)) {
      i++;
      continue;
    }
    const previous = await previousAsked(i);
    const result = await step.ask(session, { canGoBack: previous >= 0 || options.backOut === true });
    if (result === BACK) {
      if (previous >= 0) i = revisit = previous;
      else if (options.backOut) return;
      continue;
    }
    record(session, step, result);
    revisit = -1;
    i++;
  }
}

/** Asks every required step that is asked and has no answer yet, in order (steps/index.ts REQUIRED_STEPS). */
export function walk(session: Session): Promise<void> {
  return walkSteps(session, REQUIRED_STEPS, { ask: (step) => asked(step, session) });
}

/** Asks the steps of the details picked on the review, each again with its answer as the default; Back from the first returns to the review. */
export function walkDetails(session: Session, steps: readonly Step[]): Promise<void> {
  return walkSteps(session, steps, { again: true, backOut: true, ask: (step) => applies(step, session) });
}

/**
 * Asks one step again (from the review). Back returns to the review with every answer as it was.
 * A changed answer asks again the steps whose answers it dropped (an industry's job function and
 * employer type), Back among them going back one step; the first answer picked again brings back
 * those it had, so nothing is asked twice (docs/decisions.md, "Editing a field from the review").
 */
export async function editStep(session: Session, step: Step): Promise<void> {
  const before = structuredClone(session.answers);
  const steps = [step, ...STEPS.filter((s) => s !== step && s.keys.some((k) => step.clears?.includes(k)))];
  const asked: number[] = [];
  let i = 0;
  let again = true; // the edited step is asked although it has an answer, as is one gone back to
  while (i < steps.length) {
    const current = steps[i]!;
    if (!again && (isAnswered(current, session.answers) || !(await applies(current, session)))) {
      i++;
      continue;
    }
    again = false;
    const result = await current.ask(session, { canGoBack: true });
    if (result === BACK) {
      const previous = asked.pop();
      if (previous === undefined) return restore(session, before);
      i = previous;
      again = true;
      continue;
    }
    if (i === 0 && sameAnswer(step, before, result)) return restore(session, { ...before, ...result });
    record(session, current, result);
    asked.push(i);
    i++;
  }
}

/** The answers put back as they were (and the draft with them). */
function restore(session: Session, answers: Answers): void {
  for (const k of Object.keys(session.answers) as Array<keyof Answers>) delete session.answers[k];
  Object.assign(session.answers, answers);
  saveDraft(session);
}
