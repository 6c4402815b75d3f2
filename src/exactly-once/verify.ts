// Checks of a bulk change against the account as it is now (docs/decisions.md, "Answers and plans
// checked against the account"): a job read again right before its PATCH must still be as it was
// planned from, and a replayed answer must still hold.
import { isDeepStrictEqual as sameValue } from 'node:util';
import type { Job } from '../api/types.js';

/** What of `now` differs from `basis`, the job a change was planned from: the fields, or its updatedAt. */
export function changedSince(basis: Job, now: Job, body: Record<string, unknown>): string[] {
  const fields = [...new Set(['status', ...Object.keys(body)])];
  const differing = fields.filter((f) => Object.hasOwn(basis, f) !== Object.hasOwn(now, f) || !sameValue(basis[f], now[f]));
  if (differing.length > 0) return differing;
  const stamped = typeof basis.updatedAt === 'string' && typeof now.updatedAt === 'string';
  return stamped && basis.updatedAt !== now.updatedAt ? [`updatedAt (now ${String(now.updatedAt)})`] : [];
}

/** The fields of `body` whose value in `now` is not what the replayed `answer` says. */
export function replayDiffers(body: Record<string, unknown>, answer: Job, now: Job): string[] {
  const fields = Object.keys(body);
  return fields.filter((f) => !sameValue(answer[f], now[f]));
}
