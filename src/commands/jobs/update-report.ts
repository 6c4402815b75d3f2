// What `jobs update` did, as the service tells it: the job before and after, compared field by
// field. A field that was sent is changed, already so (unchanged), or ignored (the job has no such
// field, or kept its old value); a field that was not sent but changed anyway is shown too.
import type { Job } from '../../api/types.js';
import { sanitize } from '../../core/sanitize.js';
import { withName, type JobNamer } from './job-view.js';

export type Outcome = 'changed' | 'unchanged' | 'ignored' | 'also-changed';

export interface FieldReport {
  field: string;
  outcome: Outcome;
  before?: unknown;
  after?: unknown;
  sent?: unknown;
  /** The job the service returned has no such field. */
  absent?: boolean;
}

/** Fields every change moves: not news. */
const BOOKKEEPING = new Set(['updatedAt']);

export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  return keysA.length === keysB.length && keysA.every((k) => Object.hasOwn(b, k) && sameValue((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/**
 * Compares the job `before` the update (when it was read) with the job `after` it, for the fields
 * `requested` of the body `sent`, then the fields that changed without being asked for.
 */
export function compareJobs(before: Job | undefined, after: Job, sent: Record<string, unknown>, requested: readonly string[]): FieldReport[] {
  const reports: FieldReport[] = [];
  for (const field of requested) {
    const value = sent[field];
    const was = before?.[field];
    if (!Object.hasOwn(after, field)) {
      reports.push({ field, outcome: 'ignored', sent: value, before: was, absent: true });
    } else if (sameValue(after[field], value)) {
      const unchanged = before !== undefined && sameValue(was, after[field]);
      reports.push({ field, outcome: unchanged ? 'unchanged' : 'changed', before: was, after: after[field], sent: value });
    } else if (before !== undefined && sameValue(after[field], was)) {
      reports.push({ field, outcome: 'ignored', sent: value, before: was, after: after[field] });
    } else {
      // Stored in another form than sent (trimmed, rounded, ...): a change all the same.
      reports.push({ field, outcome: 'changed', before: was, after: after[field], sent: value });
    }
  }
  if (before !== undefined) {
    const asked = new Set(requested);
    for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (asked.has(field) || BOOKKEEPING.has(field) || sameValue(before[field], after[field])) continue;
      reports.push({ field, outcome: 'also-changed', before: before[field], after: after[field] });
    }
  }
  return reports;
}

const MAX_SHOWN = 60;

/** A value as a person reads it: strings quoted and cut, lists as JSON, nothing as "(none)". */
function shown(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  const text = typeof value === 'object' ? JSON.stringify(value) : typeof value === 'string' ? value : String(value);
  const cut = text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
  return typeof value === 'string' ? JSON.stringify(cut) : cut;
}

/** Why a field was ignored: "the job has no such field" or "kept 4". */
export function whyIgnored(r: FieldReport): string {
  return r.absent ? 'the job has no such field' : `kept ${shown(r.before)}`;
}

/** Fields the service ignored, for a warning: `foo (the job has no such field), experience (kept 4)`. */
export function describeIgnored(reports: readonly FieldReport[]): string | undefined {
  const ignored = reports.filter((r) => r.outcome === 'ignored');
  if (ignored.length === 0) return undefined;
  return ignored.map((r) => `${r.field} (${whyIgnored(r)})`).join(', ');
}

/**
 * The report on stdout: a first line, then one aligned line per field, the changes first. `before` and `after` are
 * the jobs, for `names` (on a terminal) to name ids and codes.
 */
export function formatReport(id: number, reports: readonly FieldReport[], jobs: { before?: Job; after: Job }, names?: JobNamer): string {
  const value = (job: Job | undefined, field: string, v: unknown) => {
    const name = job && v !== null && v !== undefined ? names?.(job, field) : undefined;
    return name === undefined ? shown(v) : withName(v, name);
  };
  const change = (r: FieldReport) => `${value(jobs.before, r.field, r.before)} → ${value(jobs.after, r.field, r.after)}`;
  const order: Record<Outcome, number> = { changed: 0, unchanged: 1, ignored: 2, 'also-changed': 3 };
  const sorted = [...reports].sort((a, b) => order[a.outcome] - order[b.outcome]); // stable: fields keep their order
  const lines = sorted.map((r): [string, string] => {
    switch (r.outcome) {
      case 'changed':
        return [r.field, `${change(r)}${sameValue(r.after, r.sent) ? '' : ` (sent ${shown(r.sent)})`}`];
      case 'unchanged':
        return [r.field, `unchanged (already ${value(jobs.after, r.field, r.after)})`];
      case 'ignored':
        return [r.field, `ignored by the service: ${whyIgnored(r)} (sent ${shown(r.sent)})`];
      case 'also-changed':
        return [r.field, `${change(r)} (not asked for; changed by the service)`];
    }
  });
  const changed = reports.some((r) => r.outcome === 'changed' || r.outcome === 'also-changed');
  const width = Math.max(0, ...lines.map(([field]) => field.length)) + 2;
  const head = changed ? `Updated job ${id}:` : `Job ${id} unchanged${lines.length > 0 ? ':' : ''}`;
  return `${[head, ...lines.map(([field, text]) => `  ${field.padEnd(width)}${text}`)].map(sanitize).join('\n')}\n`;
}
