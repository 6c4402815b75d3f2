// The list kinds of `recruit lookup`, from the table of lookup kinds (domain/lookup-kinds.ts): which
// API path each reads and which columns it shows.
import type { Named } from '../../api/types.js';
import type { Column } from '../../terminal/output.js';
import { UsageError } from '../../core/errors.js';
import { closestNames } from '../../core/suggest.js';
import { LOOKUP_TABLE, type ListKind, type LookupKind, type LookupKindSpec } from '../../domain/lookup-kinds.js';

/** The kinds `recruit lookup <kind>` takes, in the order its help names them. */
export const LOOKUP_KINDS: readonly LookupKind[] = LOOKUP_TABLE.map((row) => row.kind);

export type { ListKind, LookupKind };

export interface ListKindSpec {
  path: string;
  /** Plural noun for messages. */
  noun: string;
  needsIndustry: boolean;
  /** Fields shown after ID and NAME (decisions.md: lookup item fields). */
  extra: readonly string[];
}

export const LIST_KINDS = Object.fromEntries(
  LOOKUP_TABLE.flatMap((row: LookupKindSpec) =>
    row.noun === undefined ? [] : [[row.kind, { path: row.path, noun: row.noun, needsIndustry: row.byIndustry === true, extra: row.extra ?? [] }]],
  ),
) as Record<ListKind, ListKindSpec>;

/** A field of an item as one cell; objects (a real service may nest) as JSON. */
function field(item: Named, name: string): string | number | boolean | null | undefined {
  const value = item[name];
  return value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as string | number | boolean | null | undefined);
}

export function columnsOf(spec: ListKindSpec): Column<Named>[] {
  return ['id', 'name', ...spec.extra].map((name) => ({ header: name.toUpperCase(), value: (item) => field(item, name) }));
}

/** The same columns for `--csv`, headed by the API's field names (`id,name,city,country`). */
export function csvColumnsOf(spec: ListKindSpec): Column<Named>[] {
  return ['id', 'name', ...spec.extra].map((name) => ({ header: name, value: (item) => field(item, name) }));
}

/** The kind, or a usage error listing the kinds and suggesting the closest. */
/** Other names of kinds: the API's own path names. */
const KIND_ALIASES: Readonly<Record<string, LookupKind>> = { 'job-functions': 'functions' };

export function parseKind(value: string): LookupKind {
  const wanted = value.trim().toLowerCase();
  if (Object.hasOwn(KIND_ALIASES, wanted)) return KIND_ALIASES[wanted]!;
  const known = LOOKUP_KINDS.find((k) => k === wanted);
  if (known) return known;
  const [suggestion] = closestNames(wanted, LOOKUP_KINDS, 1);
  throw new UsageError(
    `unknown lookup kind "${value}"; the kinds are ${LOOKUP_KINDS.join(', ')}`,
    [],
    suggestion ? `did you mean \`recruit lookup ${suggestion}\`?` : 'run `recruit lookup --help` for the kinds and their options',
  );
}
