// Collections come in the pagination envelope; --all follows totalPages.
import type { ApiClient, Query } from './client.js';

export interface Page<T> {
  data: T[];
  meta: { pagination: { page: number; pageSize: number; totalItems: number; totalPages: number } };
}

export const ALL_PAGES_PAGE_SIZE = 100;

export async function* pages<T>(client: ApiClient, path: string, query: Query = {}): AsyncGenerator<Page<T>> {
  let page = Number(query.page ?? 1);
  for (;;) {
    const answer = await client.get<Page<T> | T[]>(path, { ...query, page });
    // A service that answers a bare array has one page.
    if (Array.isArray(answer)) {
      yield { data: answer, meta: { pagination: { page, pageSize: answer.length, totalItems: answer.length, totalPages: 1 } } };
      return;
    }
    const result = answer;
    yield result;
    const totalPages = result.meta?.pagination?.totalPages ?? page;
    if (page >= totalPages || !Array.isArray(result.data) || result.data.length === 0) return;
    page++;
  }
}

/** Every item of every page, from the first. */
export async function allItems<T>(client: ApiClient, path: string, query: Query = {}): Promise<T[]> {
  const items: T[] = [];
  for await (const page of pages<T>(client, path, { pageSize: ALL_PAGES_PAGE_SIZE, ...query, page: 1 })) items.push(...page.data);
  return items;
}
