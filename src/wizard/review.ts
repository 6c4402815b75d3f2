// The review screen: the required answers and the details given, then submit, add details, edit a
// field, save the draft and quit, or discard.
import { sanitizeCell } from '../core/sanitize.js';
import { wrapWords } from '../terminal/wrap.js';
import { BACK, backChoice, type Back } from '../prompts/back.js';
import { applies, asked, isAnswered, isSet } from './navigator.js';
import type { Choice } from '../prompts/prompter.js';
import type { Session, Step } from './session.js';
import { DETAIL_GROUPS, REQUIRED_STEPS, STEPS, type DetailGroup } from './steps/index.js';

export type ReviewAction = 'submit' | 'details' | 'edit' | 'save' | 'discard';

/** The required steps asked, and every other step that holds a value (from a detail, a draft, flags or a clone). */
async function shownSteps(session: Session): Promise<Step[]> {
  const shown: Step[] = [];
  for (const step of STEPS) {
    const required = REQUIRED_STEPS.includes(step) && (await asked(step, session));
    if (required || ((await applies(step, session)) && isSet(step, session.answers))) shown.push(step);
  }
  return shown;
}

/** The detail groups this account offers, with whether one of their steps holds a value. */
async function offeredGroups(session: Session): Promise<Array<{ group: DetailGroup; set: boolean }>> {
  const offered: Array<{ group: DetailGroup; set: boolean }> = [];
  for (const group of DETAIL_GROUPS) {
    if (group.offered && !(await group.offered(session))) continue;
    const steps: Step[] = [];
    for (const step of group.steps) if (await applies(step, session)) steps.push(step);
    if (steps.length > 0) offered.push({ group: { ...group, steps }, set: steps.some((s) => isSet(s, session.answers)) });
  }
  return offered;
}

/** Every answer (or, with answeredOnly, the steps answered so far) under a heading, on stderr. */
export async function printAnswers(session: Session, heading: string, options: { answeredOnly?: boolean; unset?: boolean } = {}): Promise<void> {
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
  if (options.unset) {
    const unset = (await offeredGroups(session)).filter((g) => !g.set).map((g) => g.group.label.toLowerCase());
    if (unset.length > 0) lines.push(...wrapWords(`  Not set: ${unset.join(', ')} ("Add details" below)`, columns, '  '));
  }
  stderr.write(`\n${heading}\n${lines.join('\n')}\n\n`);
}

export function printReview(session: Session): Promise<void> {
  return printAnswers(session, 'Review the job:', { unset: true });
}

/** "salary, job type, skills, …": the first few details not set yet (or the first few of all). */
function detailsName(groups: Array<{ group: DetailGroup; set: boolean }>): string {
  const unset = groups.filter((g) => !g.set);
  const names = (unset.length > 0 ? unset : groups).map((g) => g.group.label.toLowerCase());
  return names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ');
}

export async function askReviewAction(session: Session): Promise<ReviewAction> {
  const groups = await offeredGroups(session);
  return session.prompter.select<ReviewAction>({
    message: 'What next?',
    choices: [
      { name: 'Submit', value: 'submit', description: 'create the job now' },
      ...(groups.length > 0
        ? [{ name: `Add details: ${detailsName(groups)}`, value: 'details' as const, description: 'pick the optional fields to fill, several at once' }]
        : []),
      { name: 'Edit a field', value: 'edit' },
      { name: 'Save draft and quit', value: 'save', description: 'continue later with `recruit jobs create`' },
      { name: 'Discard', value: 'discard', description: 'throw the answers away' },
    ],
  });
}

/** The steps of the details ticked (none: back to the review). */
export async function askDetails(session: Session): Promise<Step[]> {
  const groups = await offeredGroups(session);
  const choices: Choice<DetailGroup>[] = groups.map(({ group, set }) => ({
    name: group.label,
    value: group,
    description: set
      ? sanitizeCell(group.steps.filter((s) => isSet(s, session.answers)).map((s) => `${s.label}: ${s.show(session.answers, session)}`).join('; '))
      : `not set${group.steps.length > 1 ? `: ${group.steps.map((s) => s.label.toLowerCase()).join(', ')}` : ''}`,
  }));
  const picked = await session.prompter.checkbox({
    message: 'Add which details?',
    hint: 'Space ticks, Enter asks the ticked ones; none ticked returns to the review',
    choices,
    pageSize: choices.length,
  });
  return picked.flatMap((g) => g.steps);
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
