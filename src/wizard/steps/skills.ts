// Required and good-to-have skills: comma separated, optional.
import type { Answers } from '../answers.js';
import { BACK } from '../../prompts/back.js';
import type { Step } from '../session.js';
import { askText } from './prompts.js';

export const MAX_SKILLS = 50;

export function parseSkills(text: string): string[] {
  const seen = new Set<string>();
  return text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '' && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

function skillsStep(field: 'skills' | 'optionalSkills', label: string, message: string): Step {
  return {
    id: field,
    label,
    keys: [field],
    fields: [field],
    async ask(session, step) {
      const current = session.answers[field];
      const answer = await askText(session, step, {
        message: `${message}, comma separated`,
        current: current && current.length > 0 ? current.join(', ') : undefined,
        optional: true,
        validate: (v) => (parseSkills(v).length <= MAX_SKILLS ? true : `at most ${MAX_SKILLS} skills`),
      });
      if (answer === BACK) return BACK;
      return { [field]: answer === null ? [] : parseSkills(answer) } as Partial<Answers>;
    },
    show: (a) => (a[field]?.length ? a[field].join(', ') : 'none'),
  };
}

export const requiredSkillsStep = skillsStep('skills', 'Skills', 'Required skills');
export const optionalSkillsStep = skillsStep('optionalSkills', 'Optional skills', 'Good-to-have skills');
