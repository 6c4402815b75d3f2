// Validates a create or update body against the job-field registry (src/domain/job-fields.ts) and
// the account's lookups, collecting every problem at once so that a 400 names each bad field. Each
// field is checked by its kind and what its entry's `api` adds; a field added to the registry is
// checked here with no change (docs/architecture.md, "One description of the API").
import { FIELDS, type JobField } from '../domain/job-fields.js';
import { lookupKind } from '../domain/lookup-kinds.js';
import { READ_ONLY_JOB_FIELDS } from '../domain/job-rules.js';
import type { Account } from './accounts.js';
import { validationError, type FieldProblem } from './http-error.js';
import { isNullable, type JobFields } from './job.js';
import { lookupItems, optionCodes, type LookupItem } from './lookup-data.js';

const MAX_LIST = 50;
const MAX_NUMBER = 1e9;

type Body = Record<string, unknown>;

/** The codes a code field takes: its fixed set, else its /job-options section's; undefined for a pattern. */
export function codesOf(field: JobField): readonly string[] | undefined {
  return field.values ?? (field.options === undefined ? undefined : optionCodes(field.options));
}

/** Leaves `undefined` for "no value to keep" (absent, or refused). */
const SKIP = undefined;

class Checker {
  readonly problems: FieldProblem[] = [];
  constructor(
    private readonly body: Body,
    private readonly account: Account,
  ) {}

  has(field: string): boolean {
    return Object.hasOwn(this.body, field) && this.body[field] !== undefined;
  }

  /** Records a problem; only the first one per field, so that a 400 names each field once. */
  fail(field: string, code: string, message: string): undefined {
    if (!this.problems.some((p) => p.field === field)) this.problems.push({ field, code, message });
    return SKIP;
  }

  failed(field: string): boolean {
    return this.problems.some((p) => p.field === field);
  }

  /** The value to keep for `field`: its checked value, null, or undefined when absent or refused. */
  value(field: JobField): unknown {
    const v = this.body[field.name];
    if (v === undefined) return SKIP;
    if (v === null) {
      if (field.kind === 'list') return [];
      return isNullable(field) && field.kind !== 'boolean' ? null : this.nullRefused(field);
    }
    switch (field.kind) {
      case 'text':
      case 'long-text':
        return this.text(field, v);
      case 'reference':
        return this.reference(field, v);
      case 'number':
        return this.number(field, v);
      case 'code':
        return this.code(field, v);
      case 'list':
        return this.list(field, v);
      case 'boolean':
        return typeof v === 'boolean' ? v : this.fail(field.name, 'invalid_type', 'must be true or false');
    }
  }

  private nullRefused(field: JobField): undefined {
    if (field.kind === 'boolean') return this.fail(field.name, 'invalid_type', 'must be true or false');
    if (field.kind === 'reference') return this.fail(field.name, 'invalid_type', 'must be a positive integer id');
    if (field.kind === 'number') return this.fail(field.name, 'invalid_type', 'must be a number');
    return this.fail(field.name, 'invalid_type', 'must be a string');
  }

  private text(field: JobField, v: unknown): unknown {
    if (typeof v !== 'string') return this.fail(field.name, 'invalid_type', 'must be a string');
    const problem = field.api?.check?.(v);
    if (problem) return this.fail(field.name, problem.code, problem.message);
    const format = field.api?.format;
    if (format && !format.pattern.test(v)) return this.fail(field.name, 'invalid_format', format.message);
    return field.api?.trimmed ? v.trim() : v;
  }

  private reference(field: JobField, v: unknown): unknown {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) return this.fail(field.name, 'invalid_type', 'must be a positive integer id');
    const item = this.item(field, v);
    return item ? v : this.fail(field.name, 'unknown', `no ${lookupKind(field.reference!.lookup).what ?? 'item'} has id ${v}`);
  }

  item(field: JobField, id: unknown): LookupItem | undefined {
    return typeof id === 'number' ? lookupItems(field.reference!.lookup, this.account)?.find((i) => i.id === id) : undefined;
  }

  private number(field: JobField, v: unknown): unknown {
    if (typeof v !== 'number' || !Number.isFinite(v)) return this.fail(field.name, 'invalid_type', 'must be a number');
    const max = field.api?.max ?? MAX_NUMBER;
    if (v < 0 || v > max) return this.fail(field.name, 'out_of_range', `must be between 0 and ${max}`);
    return v;
  }

  private code(field: JobField, v: unknown): unknown {
    if (typeof v !== 'string') return this.fail(field.name, 'invalid_type', 'must be a string');
    if (field.pattern) return field.pattern.test(v) ? v : this.fail(field.name, 'invalid_format', field.api?.patternMessage ?? `must match ${field.pattern.source}`);
    const codes = codesOf(field) ?? [];
    if (codes.includes(v)) return v;
    return this.fail(field.name, 'unknown', `must be one of ${codes.join(', ')}${field.values ? '' : ' (see GET /job-options)'}`);
  }

  private list(field: JobField, v: unknown): unknown {
    if (!Array.isArray(v) || v.some((s) => typeof s !== 'string' || s.trim() === '')) {
      return this.fail(field.name, 'invalid_type', 'must be an array of non-empty strings');
    }
    const max = field.api?.max ?? MAX_LIST;
    return v.length > max ? this.fail(field.name, 'too_long', `must have at most ${max} entries`) : v;
  }
}

export function requireObject(body: unknown): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw validationError([{ field: '(body)', code: 'invalid_type', message: 'must be a JSON object' }]);
  }
  return body as Body;
}

/** The reference field that names the industry, and those whose lists belong to an industry. */
function industryFields(fields: readonly JobField[]): { industry: JobField | undefined; children: JobField[] } {
  const refs = fields.filter((f) => f.reference);
  return {
    industry: refs.find((f) => f.reference!.lookup === 'industries'),
    children: refs.filter((f) => lookupKind(f.reference!.lookup).byIndustry === true),
  };
}

/**
 * Checks `body` and returns the fields it sets, merged over `existing` for an update.
 * Unknown fields are ignored (the real service has fields the API's description does not show).
 */
export function validateJobBody(account: Account, body: Body, existing?: JobFields): Partial<JobFields> {
  const c = new Checker(body, account);
  const out: Record<string, unknown> = {};
  const creating = existing === undefined;

  for (const field of READ_ONLY_JOB_FIELDS) {
    if (c.has(field)) c.fail(field, 'read_only', 'is set by the service and cannot be sent');
  }
  for (const field of FIELDS.filter((f) => f.required === 'always')) {
    const v = body[field.name];
    if (creating ? v === undefined || v === null : v === null) c.fail(field.name, 'required', 'is required');
  }
  for (const field of FIELDS) {
    const v = c.value(field);
    if (v !== undefined) out[field.name] = v;
  }
  const before = existing as Readonly<Record<string, unknown>> | undefined;
  const current = (name: string): unknown => (Object.hasOwn(out, name) ? out[name] : before?.[name]);

  // Fields an account of this kind needs: a staffing account's customer.
  for (const field of FIELDS.filter((f) => f.required === 'staffing' && account.customerRequired)) {
    const missing = creating ? current(field.name) === undefined || current(field.name) === null : body[field.name] === null;
    if (missing && !c.failed(field.name)) {
      const path = field.reference ? ` (see GET ${lookupKind(field.reference.lookup).path})` : '';
      c.fail(field.name, 'required', `is required on a staffing account${path}`);
    }
  }
  for (const field of FIELDS.filter((f) => f.api?.notAbove)) {
    const [low, high, other] = [current(field.name), current(field.api!.notAbove!), field.api!.notAbove!];
    if (typeof low === 'number' && typeof high === 'number' && low > high) {
      c.fail(Object.hasOwn(out, field.name) ? field.name : other, 'out_of_range', `${field.name} must not exceed ${other}`);
    }
  }

  // The items of lists that belong to an industry must belong to one: the given one, if any, else the first's.
  const { industry, children } = industryFields(FIELDS);
  if (industry) {
    const items = children.map((f) => ({ field: f, item: c.item(f, current(f.name)) }));
    const given = c.failed(industry.name) ? undefined : out[industry.name];
    const at = typeof given === 'number' ? given : (items.find((x) => x.item)?.item?.industryId ?? before?.[industry.name]);
    for (const { field, item } of items) {
      if (item && at !== undefined && item.industryId !== at) {
        const what = lookupKind(field.reference!.lookup).what ?? 'item';
        c.fail(field.name, 'wrong_industry', `${what} ${item.id} belongs to ${industry.reference!.name} ${item.industryId}, not ${String(at)}`);
      }
    }
    if (at !== undefined && at !== null) out[industry.name] = at;
  }

  if (c.problems.length > 0) throw validationError(c.problems);
  return out as Partial<JobFields>;
}
