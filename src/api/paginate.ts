// Collections come in the pagination envelope; --all follows the pages until one of them says it
// is the last or is empty, and a service that misbehaves cannot keep it going (PageWalk).
import type { ApiClient, Query } from './client.js';
import { ApiError } from './errors.js';
import { countJsonValues } from './json-values.js';
import { checked, pageShape, type Shape } from './shapes.js';

export interface Pagination {
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
}

export interface Page<T> {
  data: T[];
  meta?: { pagination?: Partial<Pagination> };
}

export const ALL_PAGES_PAGE_SIZE = 100;
export const MAX_PAGES = 10_000;
/** Answers kept by one --all, in bytes and in values of JSON: what keeps its memory under the design's 300 MB. */
export const MAX_ALL_BYTES = 64 * 1024 * 1024;
export const MAX_ALL_VALUES = 524_288;

/** One page, checked: the envelope (or a bare array, as a single page) with items of `item`'s shape. */
export async function getPage<T>(client: ApiClient, path: string, query: Query, item: Shape): Promise<Page<T> & { text: string }> {
  const res = await client.request('GET', path, { query });
  const body = checked<Page<T> | T[]>(res, pageShape(item));
  const { text } = res;
  return Array.isArray(body) ? { data: body, text, meta: { pagination: { page: 1, totalPages: 1 } } } : { ...body, text };
}

/**
 * Decides, page after page, whether to ask for the next one: not after an empty page or the last
 * (page >= totalPages, when the page gives totalPages); an error for a page that repeats the one
 * before, more than MAX_PAGES pages, or answers of more than MAX_ALL_BYTES or MAX_ALL_VALUES.
 */
export class PageWalk {
  private previous: string | undefined;
  private bytes = 0;
  private values = 0;
  private fetched = 0;

  constructor(
    private readonly path: string,
    public page: number,
  ) {}

  /** Takes the answer for `this.page` (its items and text); true when the next page is to be fetched (this.page is then its number). */
  more(data: readonly unknown[], totalPages: number | undefined, text: string): boolean {
    const page = this.page;
    if (++this.fetched === 1 && totalPages !== undefined && totalPages - page + 1 > MAX_PAGES) {
      throw this.stop(`the service reports ${totalPages} pages; following every page stops at ${MAX_PAGES}: narrow the list (--search, --status)`);
    }
    const same = JSON.stringify(data);
    if (same === this.previous && data.length > 0) throw this.stop(`page ${page} repeats page ${page - 1}`);
    this.previous = same;
    this.bytes += text.length;
    if (this.bytes > MAX_ALL_BYTES) throw this.stop(`the pages so far hold more than ${MAX_ALL_BYTES / 1024 / 1024} MiB: narrow the list (--search, --status)`);
    this.values += countJsonValues(text, MAX_ALL_VALUES);
    if (this.values > MAX_ALL_VALUES) throw this.stop(`the pages so far hold more than ${MAX_ALL_VALUES} JSON values: narrow the list (--search, --status)`);
    // A page without totalPages does not say it is the last: only an empty page (or a cap) ends the walk.
    if (data.length === 0 || (totalPages !== undefined && page >= totalPages)) return false;
    if (this.fetched === MAX_PAGES) throw this.stop(`more than ${MAX_PAGES} pages`);
    this.page++;
    return true;
  }

  private stop(why: string): ApiError {
    return new ApiError('bad_answer', `${why}; stopped following pages`, 200, [], { method: 'GET', path: this.path, attempts: 1 }, 'too_many_pages');
  }
}

/** Every page from `query.page` (or 1) on, until the last. */
export async function* pages<T>(client: ApiClient, path: string, query: Query, item: Shape): AsyncGenerator<Page<T>> {
  const walk = new PageWalk(path, Number(query.page ?? 1));
  for (;;) {
    const answer = await getPage<T>(client, path, { ...query, page: walk.page }, item);
    yield answer;
    if (!walk.more(answer.data, answer.meta?.pagination?.totalPages, answer.text)) return;
  }
}

/** Every item of every page, from the first. */
export async function allItems<T>(client: ApiClient, path: string, query: Query, item: Shape): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages<T>(client, path, { pageSize: ALL_PAGES_PAGE_SIZE, ...query, page: 1 }, item)) {
    for (const one of page.data) items.push(one);
  }
  return items;
}
