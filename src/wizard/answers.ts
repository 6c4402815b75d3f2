// The wizard's answers (what a draft holds) and the create body they make, by the registry
// (domain/job-fields.ts): a reference's answer is under its name form, with its id and name.
// An answer that is present (null included) counts as given; a missing one is still to be asked.
import { FIELDS } from '../domain/job-fields.js';

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

/** The fields the wizard asks (the registry's `wizard`, domain/job-fields.ts). */
const ASKED = FIELDS.filter((f) => f.wizard !== undefined);

/** Flag values (`initial`) the wizard takes as given answers: body fields that need no lookup. */
const PLAIN_FIELDS: readonly string[] = ASKED.filter((f) => !f.reference).map((f) => f.name);

/** Splits flag values into answers and the fields the wizard does not ask (sent as they are). */
export function answersFromInitial(initial: Record<string, unknown>): { answers: Answers; extra: Record<string, unknown> } {
  const answers: Record<string, unknown> = {};
  const extra: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(initial)) {
    if (value === undefined) continue;
    if (PLAIN_FIELDS.includes(field)) answers[field] = value;
    else extra[field] = value;
  }
  return { answers: answers as Answers, extra };
}

/** Reference answers and the id fields of the body they stand for. */
const REFERENCE_ANSWERS = ASKED.flatMap((f) => (f.reference ? [[f.name, f.reference.name] as const] : []));

/** Optional answers a whole job gives as "not set" when it lacks them, so that the wizard does not ask them. */
const OPTIONAL_ANSWERS = ASKED.filter((f) => f.required !== 'always' && f.kind !== 'list' && f.kind !== 'boolean').map((f) => f.reference?.name ?? f.name);

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
  const refs: Record<string, Ref> = {};
  for (const [field, key] of REFERENCE_ANSWERS) {
    const id = rest[field];
    delete rest[field];
    if (typeof id === 'number') refs[key] = { id, name: nameOf(field, id) ?? `#${id}` };
  }
  const { answers, extra } = answersFromInitial(rest);
  Object.assign(answers, refs);
  const open = answers as Record<string, unknown>;
  for (const key of OPTIONAL_ANSWERS) open[key] ??= null;
  for (const f of ASKED) {
    if (f.kind === 'list') open[f.name] ??= [];
    if (f.kind === 'boolean') open[f.name] ??= false;
  }
  return { answers, extra };
}

/** The create body: ids of the references, optional fields only when given, publication only when on. */
export function toBody(a: Answers, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const body: Record<string, unknown> = { ...extra };
  const set = (field: string, value: unknown) => {
    if (value !== undefined && value !== null && !(Array.isArray(value) && value.length === 0)) body[field] = value;
  };
  const given = a as Record<string, unknown>;
  for (const f of ASKED) {
    if (f.reference) set(f.name, (given[f.reference.name] as Ref | null | undefined)?.id);
    else if (f.kind === 'boolean') {
      if (given[f.name] === true) body[f.name] = true;
    } else set(f.name, given[f.name]);
  }
  return body;
}
