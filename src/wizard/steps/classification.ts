// Industry, job function and employer type: searchable lists; the latter two belong to the industry.
import { UsageError } from '../../core/errors.js';
import { BACK } from '../../prompts/back.js';
import type { Step } from '../session.js';
import { askLookup } from './prompts.js';

export const industryStep: Step = {
  id: 'industry',
  label: 'Industry',
  keys: ['industry'],
  clears: ['jobFunction', 'employerType'],
  fields: ['industryId', 'industry'],
  async ask(session, step) {
    const pick = await askLookup(session, step, { message: 'Industry', path: '/industries', current: session.answers.industry });
    if (pick === BACK) return BACK;
    if (pick === null) throw new UsageError('an industry is required');
    return { industry: pick };
  },
  show: (a) => a.industry?.name ?? '',
};

function industryId(answers: { industry?: { id: number } }): number {
  if (!answers.industry) throw new Error('the industry step comes first');
  return answers.industry.id;
}

export const jobFunctionStep: Step = {
  id: 'jobFunction',
  label: 'Job function',
  keys: ['jobFunction'],
  fields: ['jobFunctionId', 'jobFunction'],
  async ask(session, step) {
    const pick = await askLookup(session, step, {
      message: `Job function in ${session.answers.industry?.name ?? 'the industry'}`,
      path: '/job-functions',
      query: { industry_id: industryId(session.answers) },
      current: session.answers.jobFunction,
    });
    if (pick === BACK) return BACK;
    if (pick === null) throw new UsageError('a job function is required');
    return { jobFunction: pick };
  },
  show: (a) => a.jobFunction?.name ?? '',
};

export const employerTypeStep: Step = {
  id: 'employerType',
  label: 'Employer type',
  keys: ['employerType'],
  fields: ['employerTypeId', 'employerType'],
  async ask(session, step) {
    const pick = await askLookup(session, step, {
      message: `Employer type in ${session.answers.industry?.name ?? 'the industry'}`,
      path: '/employer-types',
      query: { industry_id: industryId(session.answers) },
      current: session.answers.employerType,
    });
    if (pick === BACK) return BACK;
    if (pick === null) throw new UsageError('an employer type is required');
    return { employerType: pick };
  },
  show: (a) => a.employerType?.name ?? '',
};
