// Lifecycle statuses given on the command line as a code ("5") or a label ("in-progress",
// "In Progress", "pending approval"), resolved against the statuses of GET /job-options.
import type { ErrorDetail } from '../../core/errors.js';
import type { StatusOption } from '../../api/types.js';
import { closestNames, quotedChoices } from '../../core/suggest.js';

function normalize(label: string): string {
  return label.trim().toLowerCase().replace(/[\s_-]+/g, ' ');
}

export function findStatus(statuses: readonly StatusOption[], value: string): StatusOption | undefined {
  const trimmed = value.trim();
  if (/^-?\d+$/.test(trimmed)) return statuses.find((s) => s.code === Number(trimmed));
  const wanted = normalize(trimmed);
  return statuses.find((s) => normalize(s.label) === wanted);
}

/** One detail line per status, "5  In Progress (in-progress)", for usage errors. */
export function statusList(statuses: readonly StatusOption[]): ErrorDetail[] {
  return statuses.map((s) => ({ message: `${s.code}  ${s.label} (${normalize(s.label).replace(/ /g, '-')})` }));
}

/** Statuses meant by words the service does not use, as slugs; only those the service has are offered. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  open: ['in-progress', 'new'],
  active: ['in-progress'],
  live: ['in-progress'],
  draft: ['new'],
  done: ['closed'],
  archived: ['closed'],
  pending: ['pending-approval'],
};

/** `did you mean "in-progress"?` for a misspelt label among `statuses`; undefined when none is close. */
export function statusSuggestion(statuses: readonly StatusOption[], value: string): string | undefined {
  const slug = (label: string) => normalize(label).replace(/ /g, '-');
  // Words of other tools for the same states (gh's `open`), before spelling.
  const meant = (SYNONYMS[slug(value)] ?? []).filter((s) => statuses.some((status) => slug(status.label) === s));
  if (meant.length > 0) return `did you mean ${quotedChoices(meant)}?`;
  const close = closestNames(slug(value), statuses.map((s) => slug(s.label)));
  return close.length > 0 ? `did you mean ${quotedChoices(close)}?` : undefined;
}
