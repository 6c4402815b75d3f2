// The steps in the order the wizard asks them. The registry's optional text fields
// (domain/job-fields.ts, `wizard: { ask }`) need no step of their own: one is made for each.
import { FIELDS } from '../../domain/job-fields.js';
import type { Step } from '../session.js';
import { employerTypeStep, industryStep, jobFunctionStep } from './classification.js';
import { customerStep } from './customer.js';
import { educationLevelStep, jobTypeStep, salaryIntervalStep } from './job-options.js';
import { currencyStep, experienceStep, salaryMaxStep, salaryMinStep } from './numbers.js';
import { departmentStep, hiringManagerStep } from './people.js';
import { careerPageStep, freeBoardsStep } from './publication.js';
import { optionalSkillsStep, requiredSkillsStep } from './skills.js';
import { descriptionStep, locationStep, textFieldSteps, titleStep } from './text.js';

export const STEPS: readonly Step[] = [
  industryStep,
  jobFunctionStep,
  employerTypeStep,
  customerStep,
  titleStep,
  descriptionStep,
  locationStep,
  salaryIntervalStep,
  jobTypeStep,
  educationLevelStep,
  salaryMinStep,
  salaryMaxStep,
  currencyStep,
  experienceStep,
  ...textFieldSteps(FIELDS),
  requiredSkillsStep,
  optionalSkillsStep,
  departmentStep,
  hiringManagerStep,
  careerPageStep,
  freeBoardsStep,
];
