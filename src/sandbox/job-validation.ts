// Validates a create or update body against the job fields (src/domain/job-fields.ts) and the account's lookups, collecting every
// problem at once so that a 400 names each bad field.
import {
  descriptionProblem,
  CURRENCY_PATTERN,
  isSalaryInterval,
  locationProblem,
  READ_ONLY_JOB_FIELDS,
  REQUIRED_ON_CREATE,
  SALARY_INTERVALS,
  titleLengthProblem,
} from '../domain/job-rules.js';
import type { Account } from './accounts.js';
import { validationError, type FieldProblem } from './http-error.js';
import type { JobFields } from './job.js';
import { EDUCATION_LEVELS, employerTypes, industries, JOB_TYPES, jobFunctions } from './seed-lookups.js';

const MAX_LIST = 50;
const JOB_CODE = /^[A-Za-z0-9][A-Za-z0-9._-]{0,49}$/;

type Body = Record<string, unknown>;

const functionsById = new Map(jobFunctions.map((f) => [f.id, f]));
const typesById = new Map(employerTypes.map((t) => [t.id, t]));
const industryIds = new Set(industries.map((i) => i.id));
const jobTypeCodes = new Set<string>(JOB_TYPES.map((t) => t.code));
const educationCodes = new Set<string>(EDUCATION_LEVELS.map((e) => e.code));

class Checker {
  readonly problems: FieldProblem[] = [];
  constructor(private readonly body: Body) {}

  has(field: string): boolean {
    return Object.hasOwn(this.body, field) && this.body[field] !== undefined;
  }

  /** Records a problem; only the first one per field, so that a 400 names each field once. */
  fail(field: string, code: string, message: string): void {
    if (!this.problems.some((p) => p.field === field)) this.problems.push({ field, code, message });
  }

  string(field: string, nullable: boolean): string | null | undefined {
    const v = this.body[field];
    if (v === undefined) return undefined;
    if (v === null && nullable) return null;
    if (typeof v !== 'string') return void this.fail(field, 'invalid_type', 'must be a string');
    return v;
  }

  id(field: string, nullable: boolean, exists: (id: number) => boolean, what: string): number | null | undefined {
    const v = this.body[field];
    if (v === undefined) return undefined;
    if (v === null && nullable) return null;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) {
      return void this.fail(field, 'invalid_type', 'must be a positive integer id');
    }
    if (!exists(v)) return void this.fail(field, 'unknown', `no ${what} has id ${v}`);
    return v;
  }

  number(field: string, min: number, max: number): number | null | undefined {
    const v = this.body[field];
    if (v === undefined || v === null) return v;
    if (typeof v !== 'number' || !Number.isFinite(v)) return void this.fail(field, 'invalid_type', 'must be a number');
    if (v < min || v > max) return void this.fail(field, 'out_of_range', `must be between ${min} and ${max}`);
    return v;
  }

  code(field: string, known: Set<string>): string | null | undefined {
    const v = this.string(field, true);
    if (typeof v === 'string' && !known.has(v)) {
      this.fail(field, 'unknown', `must be one of ${[...known].join(', ')} (see GET /job-options)`);
      return undefined;
    }
    return v;
  }

  list(field: string): string[] | undefined {
    const v = this.body[field];
    if (v === undefined) return undefined;
    if (v === null) return [];
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.trim() === '')) {
      return void this.fail(field, 'invalid_type', 'must be an array of non-empty strings');
    }
    if (v.length > MAX_LIST) return void this.fail(field, 'too_long', `must have at most ${MAX_LIST} entries`);
    return v as string[];
  }

  boolean(field: string): boolean | undefined {
    const v = this.body[field];
    if (v === undefined) return undefined;
    if (typeof v !== 'boolean') return void this.fail(field, 'invalid_type', 'must be true or false');
    return v;
  }
}

export function requireObject(body: unknown): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError([{ field: '(body)', code: 'invalid_type', message: 'must be a JSON object' }]);
  }
  return body as Body;
}

/**
 * Checks `body` and returns the fields it sets, merged over `existing` for an update.
 * Unknown fields are ignored (the real service has fields the API's description does not show).
 */
export function validateJobBody(account: Account, body: Body, existing?: JobFields): Partial<JobFields> {
  const c = new Checker(body);
  const out: Partial<JobFields> = {};
  const creating = existing === undefined;

  for (const field of READ_ONLY_JOB_FIELDS) {
    if (c.has(field)) c.fail(field, 'read_only', 'is set by the service and cannot be sent');
  }
  for (const field of REQUIRED_ON_CREATE) {
    const v = body[field];
    if (creating ? v === undefined || v === null : v === null) c.fail(field, 'required', 'is required');
  }

  const title = c.string('title', false);
  if (typeof title === 'string') {
    if (title.trim() === '') c.fail('title', 'required', 'must not be empty');
    else {
      const problem = titleLengthProblem(title);
      if (problem) c.fail('title', 'too_long', problem);
      else out.title = title;
    }
  }
  const description = c.string('description', false);
  if (typeof description === 'string') {
    const problem = descriptionProblem(description);
    if (problem) c.fail('description', 'too_short', problem);
    else out.description = description;
  }
  const location = c.string('location', false);
  if (typeof location === 'string') {
    const problem = locationProblem(location);
    if (problem) c.fail('location', 'incomplete', problem);
    else out.location = location.trim();
  }

  const jobFunctionId = c.id('jobFunctionId', false, (id) => functionsById.has(id), 'job function');
  const employerTypeId = c.id('employerTypeId', false, (id) => typesById.has(id), 'employer type');
  const industryId = c.id('industryId', false, (id) => industryIds.has(id), 'industry');
  if (typeof jobFunctionId === 'number') out.jobFunctionId = jobFunctionId;
  if (typeof employerTypeId === 'number') out.employerTypeId = employerTypeId;

  const ids = account.lookups;
  const customerId = c.id('customerId', true, (id) => ids.customers.some((x) => x.id === id), 'customer of this account');
  if (customerId !== undefined) out.customerId = customerId;
  const needsCustomer = creating ? customerId === undefined || customerId === null : customerId === null;
  if (account.customerRequired && needsCustomer && !c.problems.some((p) => p.field === 'customerId')) {
    c.fail('customerId', 'required', 'is required on a staffing account (see GET /customers)');
  }
  const departmentId = c.id('departmentId', true, (id) => ids.departments.some((x) => x.id === id), 'department');
  if (departmentId !== undefined) out.departmentId = departmentId;
  const hiringManagerId = c.id('hiringManagerId', true, (id) => ids.hiringManagers.some((x) => x.id === id), 'hiring manager');
  if (hiringManagerId !== undefined) out.hiringManagerId = hiringManagerId;

  const jobType = c.code('jobType', jobTypeCodes);
  if (jobType !== undefined) out.jobType = jobType;
  const educationLevel = c.code('educationLevel', educationCodes);
  if (educationLevel !== undefined) out.educationLevel = educationLevel;
  const interval = c.string('salaryInterval', true);
  if (interval !== undefined) {
    if (interval === null || isSalaryInterval(interval)) out.salaryInterval = interval;
    else c.fail('salaryInterval', 'unknown', `must be one of ${SALARY_INTERVALS.join(', ')}`);
  }
  const salaryMin = c.number('salaryMin', 0, 1e9);
  const salaryMax = c.number('salaryMax', 0, 1e9);
  if (salaryMin !== undefined) out.salaryMin = salaryMin;
  if (salaryMax !== undefined) out.salaryMax = salaryMax;
  const min = salaryMin ?? existing?.salaryMin;
  const max = salaryMax ?? existing?.salaryMax;
  if (typeof min === 'number' && typeof max === 'number' && min > max) {
    c.fail(salaryMin !== undefined ? 'salaryMin' : 'salaryMax', 'out_of_range', 'salaryMin must not exceed salaryMax');
  }
  const currency = c.string('currency', true);
  if (currency !== undefined) {
    if (currency === null || CURRENCY_PATTERN.test(currency)) out.currency = currency;
    else c.fail('currency', 'invalid_format', 'must be an ISO 4217 code such as USD or EUR');
  }
  const experience = c.number('experience', 0, 70);
  if (experience !== undefined) out.experience = experience;
  const qualifications = c.string('qualifications', true);
  if (qualifications !== undefined) out.qualifications = qualifications;
  const skills = c.list('skills');
  if (skills) out.skills = skills;
  const optionalSkills = c.list('optionalSkills');
  if (optionalSkills) out.optionalSkills = optionalSkills;
  const jobCode = c.string('jobCode', false);
  if (typeof jobCode === 'string') {
    if (JOB_CODE.test(jobCode)) out.jobCode = jobCode;
    else c.fail('jobCode', 'invalid_format', 'must be 1-50 letters, digits, dots, dashes or underscores');
  }
  const career = c.boolean('publishToCareerPage');
  if (career !== undefined) out.publishToCareerPage = career;
  const freeBoards = c.boolean('publishToFreeJobBoards');
  if (freeBoards !== undefined) out.publishToFreeJobBoards = freeBoards;

  // The job function and employer type must belong to one industry: the given one, if any.
  const fn = functionsById.get(out.jobFunctionId ?? existing?.jobFunctionId ?? 0);
  const type = typesById.get(out.employerTypeId ?? existing?.employerTypeId ?? 0);
  const industry = typeof industryId === 'number' ? industryId : (fn?.industryId ?? existing?.industryId);
  if (fn && industry !== undefined && fn.industryId !== industry) {
    c.fail('jobFunctionId', 'wrong_industry', `job function ${fn.id} belongs to industry ${fn.industryId}, not ${industry}`);
  }
  if (type && industry !== undefined && type.industryId !== industry) {
    c.fail('employerTypeId', 'wrong_industry', `employer type ${type.id} belongs to industry ${type.industryId}, not ${industry}`);
  }
  if (industry !== undefined) out.industryId = industry;

  if (c.problems.length > 0) throw validationError(c.problems);
  return out;
}
