// Title, description and location: required text, each checked before the next step; and the
// optional free text the registry asks with a question (`wizard: { ask }`).
import { countWords, locationProblem, MIN_DESCRIPTION_WORDS, titleLengthProblem } from '../../domain/job-rules.js';
import { BACK, BACK_TOKEN, isBackInput } from '../../prompts/back.js';
import type { JobField } from '../../domain/job-fields.js';
import type { AnswerKey, Answers } from '../answers.js';
import { endsWithCommand, withoutCommand } from '../../prompts/prompter.js';
import { editInEditor } from '../../terminal/editor.js';
import type { Session, Step } from '../session.js';
import { askText } from './prompts.js';

export const titleStep: Step = {
  id: 'title',
  label: 'Title',
  keys: ['title'],
  fields: ['title'],
  async ask(session, step) {
    const title = await askText(session, step, {
      message: 'Job title',
      current: session.answers.title,
      validate: (v) => titleLengthProblem(v) ?? true,
    });
    if (title === BACK) return BACK;
    return { title: title ?? '' };
  },
  show: (a) => a.title ?? '',
};

/** "42/100 words", the live count and the reason a short description is refused. */
export function wordCount(text: string): string {
  return `${countWords(text)}/${MIN_DESCRIPTION_WORDS} words`;
}

export function descriptionProblem(text: string): string | undefined {
  const words = countWords(text);
  return words < MIN_DESCRIPTION_WORDS ? `${wordCount(text)}: a description needs at least ${MIN_DESCRIPTION_WORDS} words` : undefined;
}

/** Typed alone on a line of the description, opens the user's editor ($VISUAL, $EDITOR) on the text. */
export const EDITOR_LINE = ':e';

/** The description in the editor: its text, 'empty' when it left none, 'failed' (said why) when it did not run. */
async function editDescription(session: Session, text: string): Promise<string | 'empty' | 'failed'> {
  try {
    const edited = await editInEditor(text, session.ctx.env, 'description.md');
    return edited.trim() === '' ? 'empty' : edited.replace(/\s+$/, '');
  } catch (error) {
    session.ctx.warn((error as Error).message);
    return 'failed';
  }
}

export const descriptionStep: Step = {
  id: 'description',
  label: 'Description',
  keys: ['description'],
  fields: ['description'],
  async ask(session, step) {
    const back = step.canGoBack ? `; \`${BACK_TOKEN}\` alone goes back` : '';
    let text = session.answers.description;
    for (;;) {
      const answer = await session.prompter.multiline({
        message: 'Description',
        hint: `at least ${MIN_DESCRIPTION_WORDS} words; an empty line ends it; \`${EDITOR_LINE}\` on a line opens your editor${back}`,
        ...(text ? { default: text } : {}),
        validate: (value) => (step.canGoBack && isBackInput(value)) || endsWithCommand(value, EDITOR_LINE) || (descriptionProblem(value) ?? true),
        status: wordCount,
        command: { line: EDITOR_LINE, help: `${EDITOR_LINE}: open your editor` },
      });
      if (step.canGoBack && isBackInput(answer)) return BACK;
      if (!endsWithCommand(answer, EDITOR_LINE)) return { description: answer.trim() };
      // The text typed so far goes to the editor; none typed: the description as it was.
      const typed = withoutCommand(answer);
      const before = typed.trim() === '' ? text : typed;
      const edited = await editDescription(session, before ?? '');
      text = edited === 'empty' || edited === 'failed' ? before : edited;
      if (edited === 'failed' || text === undefined) continue;
      if (edited === 'empty') session.ctx.info('The editor left the description empty: it is kept as it was.');
      const problem = descriptionProblem(text);
      if (!problem) {
        session.ctx.info(`Description from the editor: ${wordCount(text)}`);
        return { description: text.trim() };
      }
      // Too short: the prompt again, holding the text, to go on typing or edit it again.
      session.ctx.warn(problem);
    }
  },
  show: (a) => {
    const text = a.description ?? '';
    const start = text.replace(/\s+/g, ' ').slice(0, 60);
    return `${countWords(text)} words: ${start}${text.length > 60 ? '…' : ''}`;
  },
};

export const locationStep: Step = {
  id: 'location',
  label: 'Location',
  keys: ['location'],
  fields: ['location'],
  async ask(session, step) {
    const location = await askText(session, step, {
      message: 'Location: city and country, e.g. "Austin, TX, USA" (also for remote jobs)',
      current: session.answers.location,
      validate: (v) => locationProblem(v) ?? true,
    });
    if (location === BACK) return BACK;
    return { location: location ?? '' };
  },
  show: (a) => a.location ?? '',
};

/** A field the registry asks with a question (`wizard: { ask }`): optional free text, several lines, pasting included. */
export function optionalTextStep(field: JobField & { wizard: { ask: string } }): Step {
  const name = field.name;
  const answerOf = (a: Answers) => (a as Record<string, unknown>)[name] as string | null | undefined;
  return {
    id: name,
    label: field.label,
    keys: [name as AnswerKey],
    fields: [name],
    async ask(session, step) {
      const current = answerOf(session.answers) ?? undefined;
      const back = step.canGoBack ? `; \`${BACK_TOKEN}\` alone goes back` : '';
      const text = await session.prompter.multiline({
        message: field.wizard.ask,
        hint: `${current ? 'optional: Enter on an empty line keeps it, Ctrl-X clears it' : 'optional: Enter on the empty first line skips it'}${back}`,
        ...(current ? { default: current } : {}),
        validate: () => true,
      });
      if (step.canGoBack && isBackInput(text)) return BACK;
      return { [name]: text.trim() === '' ? null : text.trim() } as Partial<Answers>;
    },
    show: (a) => {
      const text = (answerOf(a) ?? '').replace(/\s+/g, ' ');
      return text ? `${text.slice(0, 60)}${text.length > 60 ? '…' : ''}` : 'none';
    },
  };
}

/** The steps of the fields the registry asks with a question, in its order. */
export const textFieldSteps = (fields: readonly JobField[]): Step[] =>
  fields.flatMap((f) => (f.wizard && 'ask' in f.wizard ? [optionalTextStep(f as JobField & { wizard: { ask: string } })] : []));
