// Collections come in the pagination envelope; --all follows the pages until one of them says it
// is the last or is empty, and a service that misbehaves cannot keep it going (PageWalk) nor fill
// the memory of a command that keeps every item (Gathered).
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

/**
 * The largest page the CLI asks for. The API description leaves the maximum open; the sandbox
 * refuses more than 100 (docs/decisions.md), and --page-size is checked against it before sending.
 */
export const MAX_PAGE_SIZE = 100;
export const ALL_PAGES_PAGE_SIZE = MAX_PAGE_SIZE;
export const MAX_PAGES = 10_000;
/** Answers kept in memory by one walk through all pages, in bytes and in values of JSON (Gathered). */
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
 * before, or more than MAX_PAGES pages. Each page's answer is bounded by the client; what a caller
 * keeps of all the pages is bounded by Gathered.
 */
export class PageWalk {
  private previous: string | undefined;
  private fetched = 0;

  constructor(
    private readonly path: string,
    public page: number,
  ) {}

  /** Takes the items of `this.page`; true when the next page is to be fetched (this.page is then its number). */
  more(data: readonly unknown[], totalPages: number | undefined): boolean {
    const page = this.page;
    if (++this.fetched === 1 && totalPages !== undefined && totalPages - page + 1 > MAX_PAGES) {
      throw stop(this.path, `the service reports ${totalPages} pages; following every page stops at ${MAX_PAGES}: narrow the list (--search)`);
    }
    const same = JSON.stringify(data);
    if (same === this.previous && data.length > 0) throw stop(this.path, `page ${page} repeats page ${page - 1}`);
    this.previous = same;
    // A page without totalPages does not say it is the last: only an empty page (or a cap) ends the walk.
    if (data.length === 0 || (totalPages !== undefined && page >= totalPages)) return false;
    if (this.fetched === MAX_PAGES) throw stop(this.path, `more than ${MAX_PAGES} pages`);
    this.page++;
    return true;
  }
}

function stop(path: string, why: string): ApiError {
  return new ApiError('bad_answer', `${why}; stopped following pages`, 200, [], { method: 'GET', path, attempts: 1 }, 'too_many_pages');
}

/**
 * The items of every page, kept in memory: bounded to MAX_ALL_BYTES and MAX_ALL_VALUES of answers,
 * which keeps a command under the 300 MB of docs/performance.md. (A command that writes each page as it comes,
 * as `jobs list --all` in a pipe does, keeps nothing and needs no such bound.)
 */
export class Gathered<T> {
  readonly items: T[] = [];
  private bytes = 0;
  private values = 0;

  constructor(private readonly path: string) {}

  add(data: readonly T[], text: string): void {
    this.bytes += text.length;
    if (this.bytes > MAX_ALL_BYTES) throw stop(this.path, `the pages so far hold more than ${MAX_ALL_BYTES / 1024 / 1024} MiB: narrow the list (--search)`);
    this.values += countJsonValues(text, MAX_ALL_VALUES);
    if (this.values > MAX_ALL_VALUES) throw stop(this.path, `the pages so far hold more than ${MAX_ALL_VALUES} JSON values: narrow the list (--search)`);
    for (const one of data) this.items.push(one);
  }
}

/** Every page from `query.page` (or 1) on, until the last. */
export async function* pages<T>(client: ApiClient, path: string, query: Query, item: Shape): AsyncGenerator<Page<T> & { text: string }> {
  const walk = new PageWalk(path, Number(query.page ?? 1));
  for (;;) {
    const answer = await getPage<T>(client, path, { ...query, page: walk.page }, item);
    // Judged before it is handed out: a page that repeats the one before is no page of the list.
    const more = walk.more(answer.data, answer.meta?.pagination?.totalPages);
    yield answer;
    if (!more) return;
  }
}

/** The query of every page of a walk through all of them: the largest page size, from the first page. */
export function allPagesQuery(query: Query): Query {
  return { pageSize: ALL_PAGES_PAGE_SIZE, ...query, page: 1 };
}

/** Every item of every page, from the first, kept in memory (Gathered's bounds). */
export async function allItems<T>(client: ApiClient, path: string, query: Query, item: Shape): Promise<T[]> {
  const gathered = new Gathered<T>(path);
  for await (const page of pages<T>(client, path, allPagesQuery(query), item)) gathered.add(page.data, page.text);
  return gathered.items;
}
