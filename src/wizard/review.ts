// The review screen: every answer, then submit, edit a field, save the draft and quit, or discard.
import { sanitizeCell } from '../core/sanitize.js';
import { wrapWords } from '../terminal/wrap.js';
import { BACK, backChoice, type Back } from '../prompts/back.js';
import { applies, isAnswered } from './navigator.js';
import type { Choice } from '../prompts/prompter.js';
import type { Session, Step } from './session.js';
import { STEPS } from './steps/index.js';

export type ReviewAction = 'submit' | 'edit' | 'save' | 'discard';

async function shownSteps(session: Session): Promise<Step[]> {
  const shown: Step[] = [];
  for (const step of STEPS) if (await applies(step, session)) shown.push(step);
  return shown;
}

/** Every answer (or, with answeredOnly, the steps answered so far) under a heading, on stderr. */
export async function printAnswers(session: Session, heading: string, options: { answeredOnly?: boolean } = {}): Promise<void> {
  let steps = await shownSteps(session);
  if (options.answeredOnly) steps = steps.filter((s) => isAnswered(s, session.answers));
  if (steps.length === 0) return;
  const width = Math.max(...steps.map((s) => s.label.length));
  const entries: [string, string][] = [
    ...steps.map((s): [string, string] => [s.label, sanitizeCell(s.show(session.answers, session))]),
    ...Object.entries(session.extra).map(([field, value]): [string, string] => [field, sanitizeCell(JSON.stringify(value))]),
  ];
  // On a terminal a long answer wraps between words, under the answers rather than the labels.
  const stderr = session.ctx.io.stderr;
  const columns = stderr.isTTY && stderr.columns ? stderr.columns : Infinity;
  const indent = ' '.repeat(width + 4);
  const lines = entries.map(([label, value]) => wrapWords(`  ${label.padEnd(width)}  ${value}`, columns, indent).join('\n'));
  stderr.write(`\n${heading}\n${lines.join('\n')}\n\n`);
}

export function printReview(session: Session): Promise<void> {
  return printAnswers(session, 'Review the job:');
}

export function askReviewAction(session: Session): Promise<ReviewAction> {
  return session.prompter.select<ReviewAction>({
    message: 'What next?',
    choices: [
      { name: 'Submit', value: 'submit', description: 'create the job now' },
      { name: 'Edit a field', value: 'edit' },
      { name: 'Save draft and quit', value: 'save', description: 'continue later with `recruit jobs create`' },
      { name: 'Discard', value: 'discard', description: 'throw the answers away' },
    ],
  });
}

export async function askFieldToEdit(session: Session): Promise<Step | Back> {
  const steps = await shownSteps(session);
  const choices: Choice<Step | Back>[] = [
    backChoice('return to the review without a change'),
    ...steps.map((s) => ({ name: s.label, value: s, description: sanitizeCell(s.show(session.answers, session)) })),
  ];
  const pick = await session.prompter.select({ message: 'Edit which field?', choices, default: steps[0], pageSize: choices.length });
  return pick === BACK ? BACK : pick;
}
