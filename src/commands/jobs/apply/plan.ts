// The plan of `recruit jobs apply`: the file's items matched with the account's jobs by job code.
// Pure: given the items (bodies as they would be sent) and every job of the account, it says what
// to create, update (field by field, old -> new), leave, close (--prune), and which publication
// flags cannot be applied yet. Nothing here talks to the service.
import type { Job } from '../../../api/types.js';
import type { ErrorDetail } from '../../../core/errors.js';
import { jobState, NO_SUCH_CODE } from '../../../exactly-once/derived-key.js';
import { PUBLICATION_FIELDS, WRITABLE_JOB_FIELDS } from '../../../domain/job-rules.js';
import { FIELDS } from '../../../domain/job-fields.js';
import type { ServiceFields } from './export.js';
import { sameValue } from '../update-report.js';
import { APPROVAL, STATUS } from '../../../domain/job-status.js';
import { canonicalValue } from '../../../exactly-once/canonical-json.js';
import { MAX_DEPTH } from '../../../jobs/job-input.js';
import { codeOf } from './code.js';
import { sameCodeMessage } from '../../../jobs/batch/same-code.js';
import { formulaMarksOff } from '../../../terminal/formula-mark.js';
import { keptCrUndone } from '../../../terminal/kept-cr.js';

export interface FileItem {
  index: number;
  code: string;
  body: Record<string, unknown>;
  /** The fields the service sets that the item gave (an export's), never applied (export.ts). */
  given?: ServiceFields;
}

export interface FieldChange {
  field: string;
  from: unknown;
  to: unknown;
}

/** A publication flag of the file that is not sent, and why. */
export interface Held {
  field: string;
  value: unknown;
  reason: string;
}

/** `from`: the state the action was planned from, part of its Idempotency-Key (derived-key.ts). */
export type Action =
  | { kind: 'create'; index: number; code: string; title: string; body: Record<string, unknown>; held: Held[]; from: string }
  | { kind: 'update'; index: number; code: string; title: string; jobId: number; body: Record<string, unknown>; changes: FieldChange[]; held: Held[]; job: Job; from: string }
  | { kind: 'close'; code: string; title: string; jobId: number; fromStatus: number; fromLabel: string | null; body: { status: number }; from: string };

export interface Unchanged {
  index: number;
  code: string;
  jobId: number;
  title: string;
  held: Held[];
}

/** Fields of an item that the matched job does not have and recruit does not know: never compared, never sent in an update. */
export interface Uncompared {
  index: number;
  code: string;
  jobId: number;
  fields: string[];
}

export interface Plan {
  actions: Action[];
  unchanged: Unchanged[];
  uncompared: Uncompared[];
  /** The account requires approval (a job of it is pending approval): creates are sent unpublished. */
  approval: boolean;
}

export const CLOSED = 1;
/** The statuses --prune closes: New (2) and In Progress (5). */
export const PRUNABLE = [2, 5] as const;

const KNOWN_FIELDS = new Set<string>(WRITABLE_JOB_FIELDS);
const TRIMMED = new Set(FIELDS.filter((f) => f.trim).map((f) => f.name));

/**
 * A field the CLI trims before sending (a title) whose stored value differs only by surrounding
 * spaces or tabs: an update could not change that (it would be trimmed again), so it is no change.
 * A job made elsewhere with a leading tab in its title, exported and applied, plans nothing.
 */
function sameTrimmed(field: string, stored: unknown, value: unknown): boolean {
  return TRIMMED.has(field) && typeof stored === 'string' && typeof value === 'string' && stored.trim() === value;
}

/**
 * A value's text as a person sees it: the marks writers add or drop before a formula-like text taken
 * off (formula-mark.ts), a CR a re-save kept as `_x000D_` given back (kept-cr.ts), line ends as LF.
 */
function asSeen(value: unknown): unknown {
  if (typeof value === 'string') return formulaMarksOff(keptCrUndone(value)).replace(/\r\n?/g, '\n');
  return Array.isArray(value) ? value.map(asSeen) : value;
}

/**
 * Whether a job's stored value of `field` is the file's `value` (canonical text: LF line ends, NFC):
 * compared with the stored value's canonical text, so a job made elsewhere with CRLF or NFD text,
 * exported and applied untouched, plans nothing; a trimmed field as sameTrimmed says; and texts that
 * differ only by the `'` a writer added or dropped before a formula-like text (`'=1+1` and `=1+1`)
 * are the same, so an export re-saved by LibreOffice or Gnumeric plans nothing.
 */
export function sameField(field: string, stored: unknown, value: unknown): boolean {
  const canonical = canonicalValue(stored, MAX_DEPTH);
  const same = (a: unknown, b: unknown) => sameValue(a, b) || sameTrimmed(field, a, b);
  return same(canonical, value) || same(asSeen(canonical), asSeen(value));
}

const title = (body: Record<string, unknown>, job?: Job) => (typeof body.title === 'string' ? body.title : typeof job?.title === 'string' ? job.title : '');

/** Items without a job code or sharing one: every offending item named. */
export function codeProblems(items: readonly { index: number; code: string | undefined }[], nameOf: (index: number) => string = (i) => `item ${i}`): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  const seen = new Map<string, number>();
  for (const item of items) {
    if (item.code === undefined || item.code.trim() === '') {
      problems.push({ item: item.index, field: 'jobCode', message: 'missing: `jobs apply` matches items with jobs by their jobCode' });
      continue;
    }
    const first = seen.get(item.code);
    if (first === undefined) seen.set(item.code, item.index);
    else problems.push({ item: item.index, field: 'jobCode', message: sameCodeMessage(item.code, nameOf(first)) });
  }
  return problems;
}

/** Codes of the file that more than one job of the account has: which job to change is not known. */
export function ambiguousCodes(items: readonly FileItem[], jobs: readonly Job[]): ErrorDetail[] {
  const byCode = jobsByCode(jobs);
  return items.flatMap((item) => {
    const found = byCode.get(item.code) ?? [];
    return found.length > 1 ? [{ item: item.index, field: 'jobCode', message: `"${item.code}" is the code of ${found.length} jobs of the account: ${found.map((j) => j.id).sort((a, b) => a - b).join(', ')}` }] : [];
  });
}

function jobsByCode(jobs: readonly Job[]): Map<string, Job[]> {
  const byCode = new Map<string, Job[]>();
  for (const job of jobs) {
    const code = codeOf(job);
    if (code !== undefined) byCode.set(code, [...(byCode.get(code) ?? []), job]);
  }
  return byCode;
}

const isApproved = (job: Job) => job.approvalStatus === 1 || job.approvalStatus === null;
const isActive = (job: Job) => job.status === STATUS.IN_PROGRESS;

/**
 * What an update sends for publication (docs/api-rules.md, "Publication rules"). A flag the file omits keeps the
 * job's setting (free boards: the job's own value is sent back, as `jobs update` does). Turning a
 * channel on is only possible for an active, approved job: otherwise the flag is held, not sent.
 */
function publicationOf(item: FileItem, job: Job, body: Record<string, unknown>): Held[] {
  const held: Held[] = [];
  for (const field of PUBLICATION_FIELDS) {
    if (!Object.hasOwn(item.body, field)) continue;
    const enabling = item.body[field] === true && job[field] !== true;
    if (enabling && !(isActive(job) && isApproved(job))) {
      const state = `${typeof job.statusLabel === 'string' ? job.statusLabel : `status ${job.status}`}${isApproved(job) ? '' : `, approval ${typeof job.approvalStatusLabel === 'string' ? job.approvalStatusLabel : String(job.approvalStatus)}`}`;
      held.push({ field, value: item.body[field], reason: `job ${job.id} is ${state}: a channel is turned on only for an active, approved job` });
      delete body[field];
    }
  }
  if (!Object.hasOwn(body, 'publishToFreeJobBoards')) body.publishToFreeJobBoards = job.publishToFreeJobBoards === true;
  return held;
}

/**
 * `gone`: per code, the jobs an earlier apply created for it that no longer are its job (deleted, or
 * given another code): a create of the code is then planned from that state, so its key is not the
 * first create's (whose replay would name the job that is gone).
 */
export function planApply(items: readonly FileItem[], jobs: readonly Job[], prune: boolean, gone: ReadonlyMap<string, readonly number[]> = new Map()): Plan {
  const byCode = jobsByCode(jobs);
  const approval = jobs.some((j) => j.status === STATUS.PENDING_APPROVAL || j.approvalStatus === APPROVAL.PENDING);
  const actions: Action[] = [];
  const unchanged: Unchanged[] = [];
  const uncompared: Uncompared[] = [];
  for (const item of items) {
    const job = byCode.get(item.code)?.[0];
    if (!job) {
      const body = { ...item.body };
      const held: Held[] = [];
      if (approval) {
        for (const field of PUBLICATION_FIELDS) {
          if (body[field] !== true) continue;
          held.push({ field, value: true, reason: 'the account requires approval: a job is created unpublished and published once approved and active' });
          delete body[field];
        }
      }
      const lost = gone.get(item.code);
      const from = lost?.length ? `${NO_SUCH_CODE}; not job ${lost.join(', ')}` : NO_SUCH_CODE;
      actions.push({ kind: 'create', index: item.index, code: item.code, title: title(body), body, held, from });
      continue;
    }
    const body = { ...item.body };
    const held = publicationOf(item, job, body);
    const changes: FieldChange[] = [];
    const unreadable: string[] = [];
    for (const [field, value] of Object.entries(body)) {
      if (Object.hasOwn(job, field) && sameField(field, job[field], value)) continue;
      // A field the service does not return cannot be compared: sending it every run would never
      // settle. One recruit knows is compared with its absence (a service may leave out empty fields).
      if (!Object.hasOwn(job, field) && !KNOWN_FIELDS.has(field)) {
        unreadable.push(field);
        delete body[field];
        continue;
      }
      changes.push({ field, from: job[field], to: value });
    }
    if (unreadable.length > 0) uncompared.push({ index: item.index, code: item.code, jobId: job.id, fields: unreadable });
    if (changes.length === 0) {
      unchanged.push({ index: item.index, code: item.code, jobId: job.id, title: title(body, job), held });
      continue;
    }
    // Only what differs is sent, with the free-board value every update must carry.
    const patch: Record<string, unknown> = Object.fromEntries(changes.map((c) => [c.field, c.to]));
    patch.publishToFreeJobBoards = body.publishToFreeJobBoards;
    actions.push({ kind: 'update', index: item.index, code: item.code, title: title(body, job), jobId: job.id, body: patch, changes, held, job, from: jobState(job) });
  }
  if (prune) {
    const inFile = new Set(items.map((i) => i.code));
    for (const job of jobs) {
      const code = codeOf(job);
      if (code === undefined || inFile.has(code)) continue;
      if (!(PRUNABLE as readonly number[]).includes(job.status)) continue;
      actions.push({ kind: 'close', code, title: title({}, job), jobId: job.id, fromStatus: job.status, fromLabel: job.statusLabel ?? null, body: { status: CLOSED }, from: jobState(job) });
    }
  }
  return { actions, unchanged, uncompared, approval };
}

export function counts(plan: Plan): { create: number; update: number; close: number; unchanged: number; held: number } {
  const of = (kind: Action['kind']) => plan.actions.filter((a) => a.kind === kind).length;
  const held = [...plan.actions, ...plan.unchanged].reduce((n, a) => n + ('held' in a ? a.held.length : 0), 0);
  return { create: of('create'), update: of('update'), close: of('close'), unchanged: plan.unchanged.length, held };
}
