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
    const result = await client.get<Page<T>>(path, { ...query, page });
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
