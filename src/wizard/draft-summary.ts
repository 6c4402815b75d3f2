// How a draft is named to people: its title, the step it stopped at, when it was saved.
import { sanitize } from '../core/sanitize.js';
import type { Answers } from './answers.js';
import { isAnswered } from './navigator.js';
import { REQUIRED_STEPS as STEPS } from './steps/index.js';

export interface StepReached {
  /** The label of the first required step without an answer, or "review" when every one has one (details are added from the review). */
  label: string;
  /** 1-based number of that step; STEPS.length + 1 for the review. */
  number: number;
  of: number;
}

export function stepReached(answers: Answers): StepReached {
  const index = STEPS.findIndex((step) => !isAnswered(step, answers));
  return index === -1
    ? { label: 'review', number: STEPS.length + 1, of: STEPS.length }
    : { label: STEPS[index]!.label, number: index + 1, of: STEPS.length };
}

/** "Location (step 7 of 7)", or "review". */
export function describeStep(answers: Answers): string {
  const at = stepReached(answers);
  return at.label === 'review' ? 'review (every step answered)' : `${at.label} (step ${at.number} of ${at.of})`;
}

/** "2025-05-01 10:11 UTC". */
export function describeSavedAt(savedAt: string): string {
  return `${savedAt.replace('T', ' ').slice(0, 16)} UTC`;
}

/** `"Data Engineer"`, or `(no title yet)`. */
export function describeTitle(answers: Answers): string {
  return answers.title ? `"${sanitize(answers.title)}"` : '(no title yet)';
}
