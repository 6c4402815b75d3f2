// The steps of the wizard. The required ones are asked in this order on the way to the review; the
// optional ones are grouped into details (salary, skills, …) that the review offers to add, a few
// groups at once. The registry's optional text fields (domain/job-fields.ts, `wizard: { ask }`)
// need no step of their own: one is made for each, a detail of its own.
import { FIELDS } from '../../domain/job-fields.js';
import type { Session, Step } from '../session.js';
import { employerTypeStep, industryStep, jobFunctionStep } from './classification.js';
import { customerStep, hasCustomers } from './customer.js';
import { educationLevelStep, jobTypeStep, salaryIntervalStep } from './job-options.js';
import { currencyStep, experienceStep, salaryMaxStep, salaryMinStep } from './numbers.js';
import { departmentStep, hiringManagerStep } from './people.js';
import { careerPageStep, freeBoardsStep } from './publication.js';
import { optionalSkillsStep, requiredSkillsStep } from './skills.js';
import { descriptionStep, locationStep, textFieldSteps, titleStep } from './text.js';

/** Asked one after the other before the review (the customer only where the account needs one). */
export const REQUIRED_STEPS: readonly Step[] = [industryStep, jobFunctionStep, employerTypeStep, customerStep, titleStep, descriptionStep, locationStep];

/** Optional steps offered together as one detail ("Salary": its interval, amounts and currency). */
export interface DetailGroup {
  label: string;
  steps: Step[];
  /** False when the group is not offered (e.g. the customer, where the account needs one or has none). */
  offered?(session: Session): Promise<boolean>;
}

export const DETAIL_GROUPS: readonly DetailGroup[] = [
  { label: 'Customer', steps: [customerStep], offered: async (s) => !s.staffing && (await hasCustomers(s)) },
  { label: 'Salary', steps: [salaryIntervalStep, salaryMinStep, salaryMaxStep, currencyStep] },
  { label: 'Job type', steps: [jobTypeStep] },
  { label: 'Education level', steps: [educationLevelStep] },
  { label: 'Experience', steps: [experienceStep] },
  ...textFieldSteps(FIELDS).map((step) => ({ label: step.label, steps: [step] })),
  { label: 'Skills', steps: [requiredSkillsStep, optionalSkillsStep] },
  { label: 'Department', steps: [departmentStep] },
  { label: 'Hiring manager', steps: [hiringManagerStep] },
  { label: 'Publication', steps: [careerPageStep, freeBoardsStep] },
];

/** Every step, in the order of the review. */
export const STEPS: readonly Step[] = [...REQUIRED_STEPS, ...DETAIL_GROUPS.flatMap((g) => g.steps).filter((s) => !REQUIRED_STEPS.includes(s))];
