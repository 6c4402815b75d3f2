// A searchable list fed by a lookup endpoint: each keystroke asks the API for one page matching the
// text (its `search` parameter), never the whole list. `<` as the text leaves only "← Back": the
// search prompt puts its cursor on the first entry, so "← Back" cannot be first without being the
// default, and stays last, inside the page.
import type { ApiClient, Query } from '../api/client.js';
import { getPage, type Page } from '../api/paginate.js';
import { namedShape } from '../api/shapes.js';
import type { Named } from '../api/types.js';
import { sanitizeCell } from '../core/sanitize.js';
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

export function lookupSource(api: ApiClient, options: LookupListOptions) {
  const label = options.label ?? ((item: Named) => item.name);
  return async (term: string | undefined): Promise<Choice<LookupPick>[]> => {
    const search = term?.trim() || undefined;
    if (search !== undefined && isBackInput(search)) {
      return options.canGoBack ? [backChoice()] : [{ name: 'this is the first step: there is nothing to go back to', value: null, disabled: ' ' }];
    }
    let prefetched: Promise<Page<Named>> | undefined;
    if (search === undefined) [prefetched, options.prefetched] = [options.prefetched, undefined];
    const page = await (prefetched ?? getPage<Named>(api, options.path, { ...options.query, search, pageSize: LOOKUP_PAGE_SIZE }, namedShape));
    const items = page.data;
    const choices: Choice<LookupPick>[] = [];
    const none: Choice<LookupPick>[] = options.none ? [{ name: options.none, value: null }] : [];
    if (!search && options.current) {
      choices.push({ name: `Keep: ${sanitizeCell(options.current.name)}`, value: options.current });
    }
    if (!search && options.current === undefined) choices.push(...none);
    for (const item of items) choices.push({ name: sanitizeCell(label(item)), value: { id: item.id, name: item.name } });
    const total = page.meta?.pagination?.totalItems ?? items.length;
    if (total > items.length) {
      choices.push({ name: `… ${total - items.length} more: type to filter`, value: null, disabled: ' ' });
    }
    if (items.length === 0 && search) choices.push({ name: `nothing matches "${sanitizeCell(search)}"`, value: null, disabled: ' ' });
    if (search || options.current !== undefined) choices.push(...none);
    if (options.canGoBack) choices.push(backChoice());
    return choices;
  };
}
