// Department and hiring manager: optional searchable lists with a "none" choice.
import type { Named } from '../../api/types.js';
import { BACK } from '../../prompts/back.js';
import type { Step } from '../session.js';
import { askLookup } from './prompts.js';

export const departmentStep: Step = {
  id: 'department',
  label: 'Department',
  keys: ['department'],
  fields: ['departmentId', 'department'],
  async ask(session, step) {
    const pick = await askLookup(session, step, {
      message: 'Department',
      path: '/departments',
      current: session.answers.department,
      none: 'No department',
    });
    if (pick === BACK) return BACK;
    return { department: pick };
  },
  show: (a) => a.department?.name ?? 'none',
};

const withEmail = (m: Named) => (typeof m.email === 'string' && m.email ? `${m.name} <${m.email}>` : m.name);

export const hiringManagerStep: Step = {
  id: 'hiringManager',
  label: 'Hiring manager',
  keys: ['hiringManager'],
  fields: ['hiringManagerId', 'hiringManager'],
  async ask(session, step) {
    const pick = await askLookup(session, step, {
      message: 'Hiring manager',
      path: '/hiring-managers',
      current: session.answers.hiringManager,
      none: 'No hiring manager',
      label: withEmail,
    });
    if (pick === BACK) return BACK;
    return { hiringManager: pick };
  },
  show: (a) => a.hiringManager?.name ?? 'none',
};
