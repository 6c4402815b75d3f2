// `--created-since` / `--updated-since`: a date (2026-11-01), a date and time (2026-11-01T09:00Z),
// or an age back from now: 30m, 12h, 7d, 2w. Checked before anything is sent (exit 2).
import { UsageError } from '../../../core/errors.js';

const UNIT_MS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 7 * 86_400_000 };

/** The instant (ms since the epoch) that `value` names; an age counts back from `now`. */
export function parseSince(flag: string, value: string, now: number): number {
  const text = value.trim();
  const age = /^(\d+)\s*([mhdw])$/i.exec(text);
  if (age) return now - Number(age[1]) * UNIT_MS[age[2]!.toLowerCase()]!;
  // A date alone is the start of that day in UTC, as the service's timestamps are.
  const at = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : /^\d{4}-\d{2}-\d{2}T/.test(text) ? Date.parse(text) : NaN;
  if (Number.isNaN(at)) {
    throw new UsageError(`${flag} must be a date (2026-11-01), a date and time (2026-11-01T09:00Z) or an age (30m, 12h, 7d, 2w), got "${value}"`);
  }
  return at;
}

/** Whether the job's timestamp `field` is at or after `since`; a job without one does not match. */
export function isSince(job: Record<string, unknown>, field: string, since: number): boolean {
  const value = job[field];
  const at = typeof value === 'string' ? Date.parse(value) : NaN;
  return !Number.isNaN(at) && at >= since;
}
