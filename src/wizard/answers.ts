// The wizard's answers (what a draft holds) and the create body they make (design 3a names).
// An answer that is present (null included) counts as given; a missing one is still to be asked.

export interface Ref {
  id: number;
  name: string;
}

export interface Answers {
  industry?: Ref;
  jobFunction?: Ref;
  employerType?: Ref;
  customer?: Ref | null;
  title?: string;
  description?: string;
  location?: string;
  salaryInterval?: string | null;
  jobType?: string | null;
  educationLevel?: string | null;
  salaryMin?: number | null;
  salaryMax?: number | null;
  currency?: string | null;
  experience?: number | null;
  qualifications?: string | null;
  skills?: string[];
  optionalSkills?: string[];
  department?: Ref | null;
  hiringManager?: Ref | null;
  publishToCareerPage?: boolean;
  publishToFreeJobBoards?: boolean;
}

export type AnswerKey = keyof Answers;

/** Flag values (`initial`) the wizard takes as given answers: body fields that need no lookup. */
const PLAIN_FIELDS = [
  'title',
  'description',
  'location',
  'salaryInterval',
  'jobType',
  'educationLevel',
  'salaryMin',
  'salaryMax',
  'currency',
  'experience',
  'qualifications',
  'skills',
  'optionalSkills',
  'publishToCareerPage',
  'publishToFreeJobBoards',
] as const satisfies readonly AnswerKey[];

/** Splits flag values into answers and the fields the wizard does not ask (sent as they are). */
export function answersFromInitial(initial: Record<string, unknown>): { answers: Answers; extra: Record<string, unknown> } {
  const answers: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(initial)) {
    if (value === undefined) continue;
    if ((PLAIN_FIELDS as readonly string[]).includes(field)) answers[field] = value;
    else extra[field] = value;
  }
  return { answers: answers as Answers, extra };
}

/** Reference answers and the id fields of the body they stand for. */
const REFERENCE_ANSWERS = [
  ['industryId', 'industry'],
  ['jobFunctionId', 'jobFunction'],
  ['employerTypeId', 'employerType'],
  ['customerId', 'customer'],
  ['departmentId', 'department'],
  ['hiringManagerId', 'hiringManager'],
] as const satisfies ReadonlyArray<readonly [string, AnswerKey]>;

/** Optional answers a whole job gives as "not set" when it lacks them, so that the wizard does not ask them. */
const OPTIONAL_ANSWERS = [
  'customer',
  'salaryInterval',
  'jobType',
  'educationLevel',
  'salaryMin',
  'salaryMax',
  'currency',
  'experience',
  'qualifications',
  'department',
  'hiringManager',
] as const satisfies readonly AnswerKey[];

/**
 * The answers of a whole job's create body (a clone's): references with their names (`nameOf`; the
 * id stands in when it has none), every optional field it lacks as not set and publication as off,
 * so that only required answers it lacks are still to be asked. Fields without a step go to `extra`.
 */
export function answersFromBody(
  body: Record<string, unknown>,
  nameOf: (field: string, id: number) => string | undefined,
): { answers: Answers; extra: Record<string, unknown> } {
  const rest: Record<string, unknown> = { ...body };
  const refs: Partial<Record<AnswerKey, Ref>> = {};
  for (const [field, key] of REFERENCE_ANSWERS) {
    const id = rest[field];
    delete rest[field];
    if (typeof id === 'number') refs[key] = { id, name: nameOf(field, id) ?? `#${id}` };
  }
  const { answers, extra } = answersFromInitial(rest);
  Object.assign(answers, refs);
  const open = answers as Record<string, unknown>;
  for (const key of OPTIONAL_ANSWERS) open[key] ??= null;
  answers.skills ??= [];
  answers.optionalSkills ??= [];
  answers.publishToCareerPage ??= false;
  answers.publishToFreeJobBoards ??= false;
  return { answers, extra };
}

/** The create body: ids of the references, optional fields only when given, publication only when on. */
export function toBody(a: Answers, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { ...extra };
  const set = (field: string, value: unknown) => {
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) body[field] = value;
  };
  set('title', a.title);
  set('description', a.description);
  set('location', a.location);
  set('industryId', a.industry?.id);
  set('jobFunctionId', a.jobFunction?.id);
  set('employerTypeId', a.employerType?.id);
  set('customerId', a.customer?.id);
  set('jobType', a.jobType);
  set('educationLevel', a.educationLevel);
  set('salaryInterval', a.salaryInterval);
  set('salaryMin', a.salaryMin);
  set('salaryMax', a.salaryMax);
  set('currency', a.currency);
  set('experience', a.experience);
  set('qualifications', a.qualifications);
  set('skills', a.skills);
  set('optionalSkills', a.optionalSkills);
  set('departmentId', a.department?.id);
  set('hiringManagerId', a.hiringManager?.id);
  if (a.publishToCareerPage) body.publishToCareerPage = true;
  if (a.publishToFreeJobBoards) body.publishToFreeJobBoards = true;
  return body;
}
