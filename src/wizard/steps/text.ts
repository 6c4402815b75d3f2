// Title, description and location: required text, each checked before the next step.
import { countWords, locationProblem, MIN_DESCRIPTION_WORDS, titleLengthProblem } from '../../domain/job-rules.js';
import { BACK, BACK_TOKEN, isBackInput } from '../../prompts/back.js';
import type { Step } from '../session.js';
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

export const descriptionStep: Step = {
  id: 'description',
  label: 'Description',
  keys: ['description'],
  fields: ['description'],
  async ask(session, step) {
    const back = step.canGoBack ? `; \`${BACK_TOKEN}\` alone goes back` : '';
    const text = await session.prompter.multiline({
      message: 'Description',
      hint: `at least ${MIN_DESCRIPTION_WORDS} words; an empty line ends it${back}`,
      ...(session.answers.description ? { default: session.answers.description } : {}),
      validate: (value) => (step.canGoBack && isBackInput(value)) || (descriptionProblem(value) ?? true),
      status: wordCount,
    });
    if (step.canGoBack && isBackInput(text)) return BACK;
    return { description: text.trim() };
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

/** The spec's `qualifications` (free text): optional, several lines, pasting included. */
export const qualificationsStep: Step = {
  id: 'qualifications',
  label: 'Qualifications',
  keys: ['qualifications'],
  fields: ['qualifications'],
  async ask(session, step) {
    const current = session.answers.qualifications ?? undefined;
    const back = step.canGoBack ? `; \`${BACK_TOKEN}\` alone goes back` : '';
    const text = await session.prompter.multiline({
      message: 'Qualifications',
      hint: `${current ? 'optional: Enter on an empty line keeps it, Ctrl-X clears it' : 'optional: Enter on the empty first line skips it'}${back}`,
      ...(current ? { default: current } : {}),
      validate: () => true,
    });
    if (step.canGoBack && isBackInput(text)) return BACK;
    return { qualifications: text.trim() === '' ? null : text.trim() };
  },
  show: (a) => {
    const text = (a.qualifications ?? '').replace(/\s+/g, ' ');
    return text ? `${text.slice(0, 60)}${text.length > 60 ? '…' : ''}` : 'none';
  },
};
