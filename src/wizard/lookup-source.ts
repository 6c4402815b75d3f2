// A searchable list fed by a lookup endpoint: each keystroke asks the API for one page matching the
// text (its `search` parameter), never the whole list. `<` as the text leaves only "← Back": the
// search prompt puts its cursor on the first entry, so "← Back" cannot be first without being the
// default, and stays last, inside the page.
import type { ApiClient, Query } from '../api/client.js';
import { allItems, getPage, type Page } from '../api/paginate.js';
import { namedShape } from '../api/shapes.js';
import type { Named } from '../api/types.js';
import { sanitizeCell } from '../core/sanitize.js';
import { closestNames } from '../core/suggest.js';
import type { Ref } from './answers.js';
import { backChoice, isBackInput, type Back } from '../prompts/back.js';
import type { Choice } from '../prompts/prompter.js';

export const LOOKUP_PAGE_SIZE = 10;

/** What a pick in a lookup list means: an item, "none" (optional lists) or going back. */
export type LookupPick = Ref | null | Back;

export interface LookupListOptions {
  path: string;
  query?: Query;
  /** The current answer, offered first as "Keep: <name>" when nothing is typed. */
  current?: Ref | null;
  /** The "none" choice of an optional list, e.g. "No department". */
  none?: string;
  canGoBack: boolean;
  /** The name shown for an item (customers add their city). */
  label?: (item: Named) => string;
  /** The unfiltered first page, fetched ahead: shown for the first empty search instead of asking again. */
  prefetched?: Promise<Page<Named>>;
}

/** The key of an unfiltered first page of a list, for pages fetched ahead (Session.cache.firstPages). */
export function firstPageKey(path: string, query: Query = {}): string {
  return JSON.stringify([path, query]);
}

/**
 * A list whose items show more than their name (customers: the city): the service searches names
 * only, so a search that names fewer than a page is widened with the items whose shown label holds
 * the text, read from the whole list once (a customer typed by its city is found).
 */
async function byLabel(
  whole: () => Promise<Named[]>,
  label: (item: Named) => string,
  search: string,
  found: { data: Named[]; total: number },
): Promise<{ data: Named[]; total: number }> {
  if (found.data.length >= LOOKUP_PAGE_SIZE) return found;
  const wanted = search.toLowerCase();
  const seen = new Set(found.data.map((i) => i.id));
  const more = (await whole()).filter((i) => !seen.has(i.id) && label(i).toLowerCase().includes(wanted));
  const data = [...found.data, ...more].slice(0, LOOKUP_PAGE_SIZE);
  return { data, total: found.total + more.length };
}

/** "nothing matches", then the closest names of the whole list as choices. */
function nothingMatches(search: string, whole: readonly Named[], label: (item: Named) => string): Choice<LookupPick>[] {
  const byLabel = new Map(whole.map((item) => [label(item), item]));
  const close = closestNames(search, [...byLabel.keys()]);
  const nothing = `nothing matches "${sanitizeCell(search)}"`;
  if (close.length === 0) return [{ name: nothing, value: null, disabled: ' ' }];
  return [
    { name: `${nothing}; did you mean:`, value: null, disabled: ' ' },
    ...close.map((name) => {
      const item = byLabel.get(name)!;
      return { name: sanitizeCell(name), value: { id: item.id, name: item.name } };
    }),
  ];
}

export function lookupSource(api: ApiClient, options: LookupListOptions) {
  const label = options.label ?? ((item: Named) => item.name);
  let whole: Promise<Named[]> | undefined;
  const wholeList = () => (whole ??= allItems<Named>(api, options.path, { ...options.query }, namedShape));
  return async (term: string | undefined): Promise<Choice<LookupPick>[]> => {
    const search = term?.trim() || undefined;
    if (search !== undefined && isBackInput(search)) {
      return options.canGoBack ? [backChoice()] : [{ name: 'this is the first step: there is nothing to go back to', value: null, disabled: ' ' }];
    }
    let prefetched: Promise<Page<Named>> | undefined;
    if (search === undefined) [prefetched, options.prefetched] = [options.prefetched, undefined];
    const page = await (prefetched ?? getPage<Named>(api, options.path, { ...options.query, search, pageSize: LOOKUP_PAGE_SIZE }, namedShape));
    let found = { data: page.data, total: page.meta?.pagination?.totalItems ?? page.data.length };
    if (search !== undefined && options.label) found = await byLabel(wholeList, label, search, found);
    const items = found.data;
    // Nothing matches: the line that says so, and the names closest to the text (a typo of one:
    // suggest.ts), the first under the cursor. Without any, Enter picks nothing (the cursor would
    // sit on "← Back" or "none" otherwise); `<` still goes back.
    if (items.length === 0 && search) return nothingMatches(search, await wholeList(), label);
    const choices: Choice<LookupPick>[] = [];
    const none: Choice<LookupPick>[] = options.none ? [{ name: options.none, value: null }] : [];
    if (!search && options.current) {
      choices.push({ name: `Keep: ${sanitizeCell(options.current.name)}`, value: options.current });
    }
    if (!search && options.current === undefined) choices.push(...none);
    for (const item of items) choices.push({ name: sanitizeCell(label(item)), value: { id: item.id, name: item.name } });
    const total = found.total;
    if (total > items.length) {
      choices.push({ name: `… ${total - items.length} more: type to filter`, value: null, disabled: ' ' });
    }
    if (search || options.current !== undefined) choices.push(...none);
    if (options.canGoBack) choices.push(backChoice());
    return choices;
  };
}
