// A job as the user gives it (file item, flags or wizard answers) and its static checks: the rules
// of the job fields (src/domain/job-fields.ts) that need no API call. Every problem is returned at once, each naming the
// field; references given by name are left for the resolver (reference-resolver.ts).
import {
  descriptionProblem,
  CURRENCY_PATTERN,
  isSalaryInterval,
  locationProblem,
  PUBLICATION_FIELDS,
  READ_ONLY_JOB_FIELDS,
  SALARY_INTERVALS,
  WRITABLE_JOB_FIELDS,
} from '../domain/job-rules.js';
import type { AccountType } from '../config/config-file.js';
import { setOwnField } from '../domain/own-field.js';
import { FIELDS, namesOfKind, REFERENCE_FIELDS } from '../domain/job-fields.js';
import { closestNames, normalizeName } from '../core/suggest.js';

export interface Problem {
  /** Batch index (0-based), when the job comes from a file. */
  item?: number;
  field: string;
  message: string;
}

/** A required field that is not given at all (not one given wrongly). */
export function isMissing(problem: Problem): boolean {
  return problem.message.startsWith('is required');
}

/** Reference fields that may be given by name (`"jobFunction": "DevOps"`) or by id. */
export const REFERENCES = REFERENCE_FIELDS;

export type ReferenceName = string;

export type JobInput = Record<string, unknown>;

export interface CheckedInput {
  /** The body so far: known fields checked, unknown ones passed through. */
  body: Record<string, unknown>;
  /** References still given by name, to resolve against the API. */
  names: Partial<Record<ReferenceName, string>>;
  problems: Problem[];
  /** Unknown fields, passed through. */
  unknownFields: string[];
}

const KNOWN = new Set<string>([...WRITABLE_JOB_FIELDS, ...REFERENCES.map((r) => r.name)]);
const READ_ONLY = new Set<string>(READ_ONLY_JOB_FIELDS);
/** Text and codes that are strings as given; the salary interval and the currency have rules of their own below. */
const STRING_FIELDS = FIELDS.filter((f) => ['text', 'long-text', 'code'].includes(f.kind) && !f.values && !f.pattern).map((f) => f.name);
const TRIMMED = new Set(FIELDS.filter((f) => f.trim).map((f) => f.name));
const LIST_FIELDS = namesOfKind('list');
const NUMBER_FIELDS = namesOfKind('number');

/**
 * How deep a job may nest, counting the job object as level 1. Deeper values are refused: hashing
 * and sending a body walk it recursively, and a few thousand levels overflow the stack. Only an
 * unknown field can nest (the known ones are flat), so only those are measured.
 */
export const MAX_DEPTH = 64;

/** Whether `value` has objects or arrays nested more than `levels` deep; stops at the first such path. */
export function nestedDeeperThan(value: unknown, levels: number): boolean {
  if (typeof value !== 'object' || value === null) return false;
  if (levels === 0) return true;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    if (nestedDeeperThan(child, levels - 1)) return true;
  }
  return false;
}

export interface CheckOptions {
  accountType: AccountType;
  item?: number;
}

export function checkJobInput(input: unknown, options: CheckOptions): CheckedInput {
  const problems: Problem[] = [];
  const at = (field: string, message: string) =>
    problems.push({ ...(options.item !== undefined ? { item: options.item } : {}), field, message });
  const result: CheckedInput = { body: {}, names: {}, problems, unknownFields: [] };

  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    at('(item)', 'must be a JSON object');
    return result;
  }
  const raw = input as JobInput;
  const body = result.body;

  const fields = Object.keys(raw);
  for (let i = 0; i < fields.length; i++) {
    const field = fields[i]!;
    if (KNOWN.has(field)) continue;
    if (field === 'id' && typeof raw[field] === 'number') {
      at(field, `is job ${raw[field]}, which exists: \`jobs create\` makes new jobs (for a copy, remove its id and jobCode; to change it, \`jobs update\` or \`jobs apply\`)`);
    } else if (READ_ONLY.has(field)) at(field, 'is set by the service and cannot be given');
    else {
      const value = raw[field];
      // The job is level 1, so the field's value may use MAX_DEPTH - 1 levels.
      if (typeof value === 'object' && value !== null && nestedDeeperThan(value, MAX_DEPTH - 1)) {
        at(field, `is nested more than ${MAX_DEPTH} levels deep (the job itself is level 1)`);
        continue;
      }
      result.unknownFields.push(field);
      setOwnField(body, field, value);
    }
  }

  checkGivenValues(raw, body, at);

  for (let i = 0; i < REFERENCES.length; i++) {
    const ref = REFERENCES[i]!;
    const byId = raw[ref.idField];
    const byName = raw[ref.name];
    if (byId !== undefined && byId !== null && byName !== undefined && byName !== null) {
      at(ref.name, `give either ${ref.name} (a name) or ${ref.idField} (an id), not both`);
      continue;
    }
    const value = byId ?? byName;
    if (value === undefined || value === null) continue;
    if (typeof value === 'number' || (typeof value === 'string' && /^\d+$/.test(value.trim()) && byName !== undefined)) {
      const id = Number(value);
      if (!Number.isInteger(id) || id < 1) at(ref.idField, 'must be a positive integer id');
      else body[ref.idField] = id;
    } else if (typeof value === 'string' && byName !== undefined && value.trim() !== '') {
      result.names[ref.name] = value.trim();
    } else {
      at(byId !== undefined ? ref.idField : ref.name, byId !== undefined ? 'must be a positive integer id' : 'must be a name or an id');
    }
  }

  const title = body.title as string | undefined;
  if (!title) at('title', 'is required');
  const description = body.description as string | undefined;
  if (description === undefined) at('description', 'is required');
  else {
    const problem = descriptionProblem(description);
    if (problem) at('description', problem);
  }
  const location = body.location as string | undefined;
  if (location === undefined) at('location', 'is required (a full location, also for remote jobs)');
  else {
    const problem = locationProblem(location);
    if (problem) at('location', problem);
  }
  const mentions = (name: string, idField: string) => problems.some((p) => p.field === name || p.field === idField);
  if (body.jobFunctionId === undefined && result.names.jobFunction === undefined && !mentions('jobFunction', 'jobFunctionId')) {
    at('jobFunctionId', 'is required (give jobFunctionId or jobFunction by name)');
  }
  if (body.employerTypeId === undefined && result.names.employerType === undefined && !mentions('employerType', 'employerTypeId')) {
    at('employerTypeId', 'is required (give employerTypeId or employerType by name)');
  }
  if (options.accountType === 'staffing' && body.customerId === undefined && result.names.customer === undefined) {
    if (!mentions('customer', 'customerId')) {
      at('customerId', 'is required on a staffing account (give customerId or customer by name; see `recruit lookup customers`)');
    }
  }
  checkGivenCodes(raw, body, at);
  const min = body.salaryMin as number | undefined;
  const max = body.salaryMax as number | undefined;
  if (min !== undefined && max !== undefined && min > max) at('salaryMin', 'must not exceed salaryMax');

  return result;
}

type At = (field: string, message: string) => void;

/** The type and range of each text, number, list and publication field given; a valid value is set into `body`. Absent and null values are left to the caller. */
function checkGivenValues(raw: JobInput, body: Record<string, unknown>, at: At): void {
  for (let i = 0; i < STRING_FIELDS.length; i++) {
    const field = STRING_FIELDS[i]!;
    const v = raw[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string') at(field, 'must be a string');
    else body[field] = TRIMMED.has(field) ? v.trim() : v;
  }
  for (let i = 0; i < NUMBER_FIELDS.length; i++) {
    const field = NUMBER_FIELDS[i]!;
    const v = raw[field];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) at(field, 'must be a number of at least 0');
    else body[field] = v;
  }
  for (let i = 0; i < LIST_FIELDS.length; i++) {
    const field = LIST_FIELDS[i]!;
    const v = raw[field];
    if (v === undefined || v === null) continue;
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.trim() === '')) at(field, 'must be a list of non-empty strings');
    else body[field] = v;
  }
  for (let i = 0; i < PUBLICATION_FIELDS.length; i++) {
    const field = PUBLICATION_FIELDS[i]!;
    const v = raw[field];
    if (v === undefined) continue;
    if (typeof v !== 'boolean') at(field, 'must be true or false');
    else body[field] = v;
  }
}

/** The salary interval and the currency, when given (not null): one of the codes, an ISO 4217 code. */
function checkGivenCodes(raw: JobInput, body: Record<string, unknown>, at: At): void {
  const interval = raw.salaryInterval;
  if (interval !== undefined && interval !== null) {
    if (isSalaryInterval(interval)) body.salaryInterval = interval;
    else at('salaryInterval', `must be one of ${SALARY_INTERVALS.join(', ')}`);
  }
  const currency = raw.currency;
  if (currency !== undefined && currency !== null) {
    if (typeof currency === 'string' && CURRENCY_PATTERN.test(currency)) body.currency = currency;
    else at('currency', 'must be an ISO 4217 code such as USD or EUR');
  }
}

/**
 * The rules of each field a patch of `jobs update` (or `jobs edit`) gives, as a new job's are
 * checked (checkJobInput), without asking for the fields it leaves out: a field's type and range,
 * codes, a reference's id, the description's length and a full location. A null clears an
 * optional field, and is refused for a field every job needs.
 */
export function patchProblems(patch: Record<string, unknown>): Problem[] {
  const problems: Problem[] = [];
  const at: At = (field, message) => problems.push({ field, message });
  for (const f of FIELDS) if (f.required === 'always' && patch[f.name] === null) at(f.name, 'cannot be cleared: a job needs it');
  const body: Record<string, unknown> = {};
  checkGivenValues(patch, body, at);
  for (const ref of REFERENCES) {
    const v = patch[ref.idField];
    if (v !== undefined && v !== null && !(typeof v === 'number' && Number.isInteger(v) && v >= 1)) at(ref.idField, 'must be a positive integer id');
  }
  checkGivenCodes(patch, body, at);
  if (typeof body.description === 'string') {
    const problem = descriptionProblem(body.description);
    if (problem) at('description', problem);
  }
  if (typeof body.location === 'string') {
    const problem = locationProblem(body.location);
    if (problem) at('location', problem);
  }
  return problems;
}

/** A code of /job-options, alone or with its label. */
export type CodeEntry = string | { code: string; label?: string };

/** `must be one of FT, PT (...)`, and the closest codes by code or label: `did you mean "FT" (Full-time)?`. */
function codeProblem(value: string, entries: ReadonlyArray<{ code: string; label?: string }>): string {
  const byName = new Map<string, { code: string; label?: string }>();
  for (const e of entries) {
    for (const name of [e.code, e.label]) if (name !== undefined && !byName.has(normalizeName(name))) byName.set(normalizeName(name), e);
  }
  const close = [...new Set(closestNames(value, [...byName.keys()]).map((n) => byName.get(normalizeName(n))!))];
  const shown = close.map((e) => `${JSON.stringify(e.code)}${e.label ? ` (${e.label})` : ''}`);
  const guess = shown.length === 0 ? '' : `; did you mean ${shown.length === 1 ? shown[0] : `${shown.slice(0, -1).join(', ')} or ${shown.at(-1)}`}?`;
  return `must be one of ${entries.map((e) => e.code).join(', ')} (see \`recruit lookup job-options\`)${guess}`;
}

/** Checks jobType and educationLevel against the codes of /job-options, when it lists them. */
export function checkCodes(
  body: Record<string, unknown>,
  codes: { jobTypes?: readonly CodeEntry[]; educationLevels?: readonly CodeEntry[] },
  item?: number,
): Problem[] {
  const problems: Problem[] = [];
  const check = (field: 'jobType' | 'educationLevel', known: readonly CodeEntry[] | undefined) => {
    const v = body[field];
    // The service's lists, read with care: an entry without a string code is no code.
    const entries = (known ?? []).flatMap((e) =>
      typeof e === 'string' ? [{ code: e }] : typeof e?.code === 'string' ? [{ code: e.code, ...(typeof e.label === 'string' ? { label: e.label } : {}) }] : [],
    );
    if (typeof v === 'string' && entries.length > 0 && !entries.some((e) => e.code === v)) {
      problems.push({ ...(item !== undefined ? { item } : {}), field, message: codeProblem(v, entries) });
    }
  };
  check('jobType', codes.jobTypes);
  check('educationLevel', codes.educationLevels);
  return problems;
}
