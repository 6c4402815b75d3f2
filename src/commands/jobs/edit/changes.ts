// What `jobs edit` sends, set against the job as it is on the service now (docs/decisions.md,
// "`jobs edit`: changes made by others meanwhile"): the user's changes, a field both the user and
// someone else changed (a conflict), and a field only someone else changed (left as they made it).
import { isDeepStrictEqual } from 'node:util';
import type { Job } from '../../../api/types.js';
import { EDIT_FIELDS, type EditField } from './edit-text.js';

/** The values of the file's fields by key, as the file shows them (names for references). */
export type Shown = ReadonlyMap<string, string>;

export interface Change {
  field: EditField;
  before: string;
  after: string;
}

/** A field the user changed that someone else changed too, to another value. */
export interface Conflict {
  field: EditField;
  /** The value when the editor opened. */
  was: string;
  theirs: string;
  yours: string;
}

/** A field someone else changed that the user did not: it is not sent, so it stays theirs. */
export interface TheirChange {
  field: EditField;
  was: string;
  now: string;
}

/** The fields whose value the edit changed. */
export function changedFields(original: Shown, edited: Shown): Change[] {
  return EDIT_FIELDS.flatMap((field) => {
    const before = original.get(field.key) ?? '';
    const after = edited.get(field.key) ?? before;
    return after === before ? [] : [{ field, before, after }];
  });
}

/** A field's value as the service keeps it (ids, codes); unset and an empty list are one. */
function valueOf(job: Job, f: EditField): unknown {
  const value = job[f.field.name];
  return value === undefined || (Array.isArray(value) && value.length === 0) ? null : value;
}

/** The fields of the file whose value on the service is not what it was at `read`. */
export function changedOnService(read: Job, now: Job): EditField[] {
  return EDIT_FIELDS.filter((f) => !isDeepStrictEqual(valueOf(read, f), valueOf(now, f)));
}

/** Whether one of the user's changed fields was changed on the service since `read`. */
export function touchesChanges(read: Job, now: Job, changes: readonly Change[]): boolean {
  const moved = changedOnService(read, now);
  return changes.some((c) => moved.includes(c.field));
}

export interface Rebased {
  /** The changes still to send, each with its "before" as the job has it now. */
  changes: Change[];
  conflicts: Conflict[];
  theirs: TheirChange[];
}

/**
 * The user's changes (made against `original`) set against the job now (`now`, shown as `nowShown`):
 * a changed field someone else changed too is a conflict, unless they made the same change (then
 * there is nothing to send for it).
 */
export function rebase(changes: readonly Change[], moved: readonly EditField[], original: Shown, nowShown: Shown): Rebased {
  const result: Rebased = { changes: [], conflicts: [], theirs: [] };
  for (const change of changes) {
    const now = nowShown.get(change.field.key) ?? '';
    if (!moved.includes(change.field)) result.changes.push({ ...change, before: now });
    else if (now !== change.after) result.conflicts.push({ field: change.field, was: change.before, theirs: now, yours: change.after });
  }
  for (const field of moved) {
    if (changes.some((c) => c.field === field)) continue;
    result.theirs.push({ field, was: original.get(field.key) ?? '', now: nowShown.get(field.key) ?? '' });
  }
  return result;
}

/** A value in a message: quoted, cut at 60 characters; an empty one as (none). */
export function shown(text: string): string {
  if (text === '') return '(none)';
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 57)}...` : text);
}

/** `theirs now "X", yours "Y" (was "Z")`: a conflict, after its field's name. */
export function describeConflict(c: Conflict): string {
  return `theirs now ${shown(c.theirs)}, yours ${shown(c.yours)} (was ${shown(c.was)})`;
}

export function describeChanges(changes: readonly Change[]): string {
  return `Changes:\n${changes.map((c) => `  ${c.field.key}: ${shown(c.before)} → ${shown(c.after)}`).join('\n')}`;
}

export function describeTheirs(theirs: readonly TheirChange[]): string {
  return `Changed on the service since the editor opened, kept as it is now:\n${theirs.map((t) => `  ${t.field.key}: ${shown(t.was)} → ${shown(t.now)}`).join('\n')}`;
}

/** The values the editor opens with again after a conflict: the job as it is now, with every value the user changed. */
export function mergedValues(nowShown: Shown, changes: readonly Change[], conflicts: readonly Conflict[]): Map<string, string> {
  const merged = new Map(nowShown);
  for (const c of changes) merged.set(c.field.key, c.after);
  for (const c of conflicts) merged.set(c.field.key, c.yours);
  return merged;
}
