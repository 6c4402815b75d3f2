// Lookup references given as an id or a name (`--industry "Information Technology"` or `--industry 1`).
// Names match case-insensitively and exactly; a name matching none or several is a usage error
// (exit 2), an unknown one with the closest names (suggest.ts), so nothing is sent on a guess.
import type { ApiClient, Query } from '../api/client.js';
import { allItems } from '../api/paginate.js';
import { namedShape } from '../api/shapes.js';
import type { Named } from '../api/types.js';
import { INDUSTRY_QUERY, lookupKind } from '../domain/lookup-kinds.js';
import { UsageError } from '../core/errors.js';
import { ambiguousName, normalizeName, noSuchName } from '../core/suggest.js';

/** A lookup list names are looked up in: its path, what one item is called, its `recruit lookup` kind. */
export interface LookupRef {
  path: string;
  what: string;
  kind: string;
}

const industries = lookupKind('industries');
export const INDUSTRY_LOOKUP: LookupRef = { path: industries.path, what: industries.what!, kind: industries.kind };

/** The industry a list of job functions or employer types belongs to; its name when known. */
export interface IndustryScope {
  id: number;
  name?: string;
}

export function isId(value: string): boolean {
  return /^\d+$/.test(value.trim());
}

/** " in Information Technology (1)", or " in industry 1" when its name is not known. */
export function inIndustry(industry: IndustryScope | undefined): string {
  if (!industry) return '';
  return industry.name ? ` in ${industry.name} (${industry.id})` : ` in industry ${industry.id}`;
}

/** Picks the item named `value` from `items` (one lookup list, of `industry` when given). */
export function pickByName(items: readonly Named[], value: string, ref: LookupRef, industry?: IndustryScope): Named {
  const wanted = normalizeName(value);
  const exact = items.filter((i) => normalizeName(i.name) === wanted);
  if (exact.length === 1) return exact[0]!;
  const list = `\`recruit lookup ${ref.kind}${industry ? ` --industry ${industry.id}` : ''}\``;
  if (exact.length > 1) {
    throw new UsageError(ambiguousName(value, exact.map((i) => `${i.id} ${i.name}`), `give the id; ${list} lists them`));
  }
  throw new UsageError(
    noSuchName(ref.what, value, items.map((i) => i.name), inIndustry(industry)),
    [],
    `give an id or the exact name; ${list} lists them`,
  );
}

/** An id, and the name it was given by (none when it was given as an id). */
export interface Resolved {
  id: number;
  name?: string;
}

/** Resolves an id or a name against a lookup list (every page; of `industry` when given). */
export async function resolveReference(api: ApiClient, ref: LookupRef, value: string, industry?: IndustryScope): Promise<Resolved> {
  if (isId(value)) return { id: Number(value) };
  const query: Query = industry ? { [INDUSTRY_QUERY]: industry.id } : {};
  const items = await allItems<Named>(api, ref.path, query, namedShape);
  try {
    const { id, name } = pickByName(items, value, ref, industry);
    return { id, name };
  } catch (error) {
    // Only on the way to an error: the industry's name, so that the message need not show a bare id.
    if (industry && industry.name === undefined) pickByName(items, value, ref, await industryScope(api, industry.id));
    throw error;
  }
}

/** The industry `id` with its name, read from /industries; the id alone when that fails. */
export async function industryScope(api: ApiClient, id: number): Promise<IndustryScope> {
  try {
    const industries = await allItems<Named>(api, INDUSTRY_LOOKUP.path, {}, namedShape);
    const name = industries.find((i) => i.id === id)?.name;
    return name === undefined ? { id } : { id, name };
  } catch {
    return { id };
  }
}
