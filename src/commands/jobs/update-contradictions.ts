// An update's answer that contradicts the request (docs/decisions.md, "Answers and plans checked
// against the account").
import { sameValue, type FieldReport } from './update-report.js';

/** A value no service normalises: a boolean or an integer comes back as sent, or it is another value. */
const exact = (v: unknown) => typeof v === 'boolean' || (typeof v === 'number' && Number.isSafeInteger(v));

/**
 * The fields of an update's answer that contradict the request: a boolean or integer sent and a
 * different boolean or integer answered that is not the job's old value either (that one is the
 * `ignored` outcome: the service kept it). Strings and other numbers may come back normalised
 * (trimmed, rounded): they are not compared.
 */
export function contradictedFields(reports: readonly FieldReport[]): string | undefined {
  const bad = reports.filter((r) => r.outcome === 'changed' && exact(r.sent) && exact(r.after) && !sameValue(r.sent, r.after));
  if (bad.length === 0) return undefined;
  return bad.map((r) => `sent ${r.field} ${JSON.stringify(r.sent)}, the answer says ${JSON.stringify(r.after)}`).join('; ');
}
