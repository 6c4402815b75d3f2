// Salary amounts, currency and experience: optional, checked as they are typed.
import { parseNumberText } from '../../domain/job-fields.js';
import { CURRENCY_PATTERN } from '../../domain/job-rules.js';
import { BACK } from '../../prompts/back.js';
import type { Step } from '../session.js';
import { askText } from './prompts.js';

/** A number of at least 0, read as a flag or a CSV cell is: "60,000", "60 000" and "60_000" are 60000. */
export function parseAmount(text: string): number | undefined {
  const n = parseNumberText(text);
  return n === undefined || n < 0 ? undefined : n;
}

function amountProblem(text: string): true | string {
  return parseAmount(text) === undefined ? 'must be a number of at least 0, e.g. 65000' : true;
}

export const salaryMinStep: Step = {
  id: 'salaryMin',
  label: 'Salary minimum',
  keys: ['salaryMin'],
  fields: ['salaryMin'],
  async ask(session, step) {
    const max = session.answers.salaryMax;
    const answer = await askText(session, step, {
      message: 'Minimum salary',
      current: session.answers.salaryMin?.toString(),
      optional: true,
      validate: (v) => {
        const n = parseAmount(v);
        if (n === undefined) return amountProblem(v);
        return typeof max === 'number' && n > max ? `must not exceed the maximum (${max})` : true;
      },
    });
    if (answer === BACK) return BACK;
    return { salaryMin: answer === null ? null : parseAmount(answer)! };
  },
  show: (a) => a.salaryMin?.toString() ?? 'not set',
};

export const salaryMaxStep: Step = {
  id: 'salaryMax',
  label: 'Salary maximum',
  keys: ['salaryMax'],
  fields: ['salaryMax'],
  async ask(session, step) {
    const min = session.answers.salaryMin;
    const answer = await askText(session, step, {
      message: 'Maximum salary',
      current: session.answers.salaryMax?.toString(),
      optional: true,
      validate: (v) => {
        const n = parseAmount(v);
        if (n === undefined) return amountProblem(v);
        return typeof min === 'number' && n < min ? `must be at least the minimum (${min})` : true;
      },
    });
    if (answer === BACK) return BACK;
    return { salaryMax: answer === null ? null : parseAmount(answer)! };
  },
  show: (a) => a.salaryMax?.toString() ?? 'not set',
};

export const currencyStep: Step = {
  id: 'currency',
  label: 'Currency',
  keys: ['currency'],
  fields: ['currency'],
  async ask(session, step) {
    const answer = await askText(session, step, {
      message: 'Salary currency, an ISO 4217 code such as USD or EUR',
      current: session.answers.currency,
      optional: true,
      validate: (v) => (CURRENCY_PATTERN.test(v.toUpperCase()) ? true : 'must be a three-letter ISO 4217 code such as USD or EUR'),
    });
    if (answer === BACK) return BACK;
    return { currency: answer === null ? null : answer.toUpperCase() };
  },
  show: (a) => a.currency ?? 'not set',
};

export const experienceStep: Step = {
  id: 'experience',
  label: 'Experience',
  keys: ['experience'],
  fields: ['experience'],
  async ask(session, step) {
    const answer = await askText(session, step, {
      message: 'Years of experience',
      current: session.answers.experience?.toString(),
      optional: true,
      validate: (v) => (parseAmount(v) === undefined ? 'must be a number of years, e.g. 3' : true),
    });
    if (answer === BACK) return BACK;
    return { experience: answer === null ? null : parseAmount(answer)! };
  },
  show: (a) => (a.experience === null || a.experience === undefined ? 'not set' : `${a.experience} years`),
};
