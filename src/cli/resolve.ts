// Lookup references given as an id or a name (`--industry "Information Technology"` or `--industry 1`).
// Names match case-insensitively and exactly; a name matching none or several is a usage error
// (exit 2) that lists the candidates, so nothing is sent on a guess.
import type { ApiClient, Query } from '../api/client.js';
import { allItems } from '../api/paginate.js';
import { namedShape } from '../api/shapes.js';
import type { Named } from '../api/types.js';
import { UsageError } from './errors.js';

export function isId(value: string): boolean {
  return /^\d+$/.test(value.trim());
}

function normalize(name: string): string {
  return name.trim().toLowerCase().replace(/\s+/g, ' ');
}

/** Picks the item named `value` from `items`; `what` names the flag or field for the message. */
export function pickByName(items: readonly Named[], value: string, what: string): Named {
  const wanted = normalize(value);
  const exact = items.filter((i) => normalize(i.name) === wanted);
  if (exact.length === 1) return exact[0]!;
  if (exact.length > 1) {
    throw new UsageError(
      `${what} "${value}" is ambiguous: ${exact.length} items have that name`,
      exact.map((i) => ({ message: `${i.id}  ${i.name}` })),
      'give the id instead',
    );
  }
  const close = items.filter((i) => normalize(i.name).includes(wanted) || wanted.includes(normalize(i.name)));
  throw new UsageError(
    `${what} "${value}" matches no item`,
    (close.length > 0 ? close : items).slice(0, 15).map((i) => ({ message: `${i.id}  ${i.name}` })),
    close.length > 0 ? 'did you mean one of these? give the id or the exact name' : 'give an id or an exact name from the list',
  );
}

/** Resolves an id or a name against a lookup collection (searching by name, every page). */
export async function resolveReference(api: ApiClient, path: string, value: string, what: string, query: Query = {}): Promise<number> {
  if (isId(value)) return Number(value);
  const items = await allItems<Named>(api, path, query, namedShape);
  return pickByName(items, value, what).id;
}
