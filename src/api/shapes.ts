// What the CLI needs of each answer before it reads one, checked on arrival: an answer of another
// shape (an HTML page with 200, `{"data":"x"}`, a job without an id) is an ApiError naming the
// method, path and status, never a JavaScript error later on. Only the fields the CLI reads are
// checked; others pass through as the service sent them.
import type { ApiResponse } from './response.js';
import { ApiError } from './errors.js';
import type { Job, JobOptions, Named } from './types.js';

/** What is wrong with `value`, or undefined when it has the shape. */
export type Shape = (value: unknown) => string | undefined;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isId = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) > 0;
const isInteger = (v: unknown): boolean => Number.isSafeInteger(v);

function kindOf(value: unknown): string {
  if (value === undefined) return 'an empty body';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/** A job as GET and PATCH return it: a positive integer id and an integer status. */
export const jobShape: Shape = (v) => {
  if (!isObject(v)) return `is ${kindOf(v)}, not a job`;
  if (!isId(v.id)) return 'is not a job: its id is not a positive integer';
  if (!isInteger(v.status)) return `is not a job: job ${String(v.id)} has no integer status`;
  if (v.approvalStatus !== undefined && v.approvalStatus !== null && !isInteger(v.approvalStatus)) {
    return `is not a job: job ${String(v.id)} has an approvalStatus that is neither an integer nor null`;
  }
  return undefined;
};

/** The answer to POST /jobs: the new job's id, and its status when given. */
export const createdJobShape: Shape = (v) => {
  if (!isObject(v)) return `is ${kindOf(v)}, not a created job`;
  if (!isId(v.id)) return 'is not a created job: its id is not a positive integer';
  if (v.status !== undefined && v.status !== null && !isInteger(v.status)) return 'is not a created job: its status is not an integer';
  return undefined;
};

export const namedShape: Shape = (v) => (isObject(v) && isInteger(v.id) && typeof v.name === 'string' ? undefined : 'has an item without an integer id and a name');

export const jobOptionsShape: Shape = (v) => {
  if (!isObject(v)) return `is ${kindOf(v)}, not the job options`;
  if (!Array.isArray(v.statuses)) return 'has no list of statuses';
  for (const s of v.statuses) {
    if (!isObject(s) || !isInteger(s.code) || typeof s.label !== 'string' || typeof s.canSet !== 'boolean') {
      return 'has a status without an integer code, a label and canSet';
    }
  }
  return undefined;
};

/** A page envelope (or a bare array, taken as one page) whose items each have `item`'s shape. */
export function pageShape(item: Shape): Shape {
  return (v) => {
    const data = Array.isArray(v) ? v : isObject(v) ? v.data : undefined;
    if (!Array.isArray(data)) return isObject(v) ? 'is not a page: its data is not a list' : `is ${kindOf(v)}, not a page`;
    if (isObject(v) && v.meta !== undefined) {
      const p = isObject(v.meta) ? v.meta.pagination : undefined;
      if (p !== undefined && (!isObject(p) || !['page', 'pageSize', 'totalItems', 'totalPages'].every((k) => p[k] === undefined || (isInteger(p[k]) && (p[k] as number) >= 0)))) {
        return 'has pagination numbers that are not non-negative integers';
      }
    }
    for (let i = 0; i < data.length; i++) {
      const problem = item(data[i]);
      if (problem) return `item ${i} ${problem}`;
    }
    return undefined;
  };
}

/** The body of `res` when it has `shape`; otherwise an ApiError naming the method, path and status. */
export function checked<T>(res: ApiResponse, shape: Shape): T {
  const problem = shape(res.body);
  if (problem !== undefined) {
    throw new ApiError('bad_answer', `${res.status} answer ${problem}`, res.status, [], { method: res.method, path: res.path, attempts: res.attempts }, undefined, res.text);
  }
  return res.body as T;
}

export type { Job, JobOptions, Named };
