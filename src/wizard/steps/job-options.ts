// Salary interval, job type and education level: codes from GET /job-options, each with "Skip".
import { getJobOptions } from '../../context/job-options.js';
import type { CodeLabel, JobOptions } from '../../api/types.js';
import { SALARY_INTERVALS } from '../../domain/job-rules.js';
import type { Answers } from '../answers.js';
import { BACK } from '../../prompts/back.js';
import type { Session, Step } from '../session.js';
import { askCode } from './prompts.js';

async function jobOptions(session: Session): Promise<JobOptions> {
  return (session.cache.jobOptions ??= await getJobOptions(session.ctx));
}

type CodeField = 'salaryInterval' | 'jobType' | 'educationLevel';

const INTERVAL_LABELS: Record<string, string> = { H: 'Hourly', D: 'Daily', W: 'Weekly', M: 'Monthly', Y: 'Yearly' };

function codeStep(field: CodeField, label: string, list: (o: JobOptions) => CodeLabel[] | undefined): Step {
  const codes = async (session: Session) => list(await jobOptions(session)) ?? [];
  const labelOf = (a: Answers, session: Session) => {
    const code = a[field];
    if (code === null || code === undefined) return 'not set';
    const known = session.cache.jobOptions ? list(session.cache.jobOptions)?.find((c) => c.code === code) : undefined;
    return known ? `${known.label} (${code})` : code;
  };
  return {
    id: field,
    label,
    keys: [field],
    fields: [field],
    async applies(session) {
      return (await codes(session)).length > 0;
    },
    async ask(session, step) {
      const code = await askCode(session, step, { message: label, current: session.answers[field], codes: await codes(session) });
      if (code === BACK) return BACK;
      return { [field]: code };
    },
    show: labelOf,
  };
}

export const salaryIntervalStep = codeStep(
  'salaryInterval',
  'Salary interval',
  (o) => (o.salaryIntervals?.length ? o.salaryIntervals : SALARY_INTERVALS.map((code) => ({ code, label: INTERVAL_LABELS[code]! }))),
);
export const jobTypeStep = codeStep('jobType', 'Job type', (o) => o.jobTypes);
export const educationLevelStep = codeStep('educationLevel', 'Education level', (o) => o.educationLevels);
