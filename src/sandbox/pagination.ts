// The pagination envelope of every collection (docs/api-rules.md, "Pagination envelope").
import { badParameter } from './http-error.js';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

export interface Page<T> {
  data: T[];
  meta: { pagination: { page: number; pageSize: number; totalItems: number; totalPages: number } };
}

function positiveInt(query: URLSearchParams, name: string, fallback: number, max?: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw badParameter(name, 'not_positive_integer', 'must be a positive integer');
  const value = Number(raw);
  // Past 2^53 the number is no longer the one sent (9999999999999999999999 reads as 1e+22).
  const limit = max ?? Number.MAX_SAFE_INTEGER;
  if (value > limit) throw badParameter(name, 'too_large', `must be at most ${limit}`);
  return value;
}

export function readPaging(query: URLSearchParams): { page: number; pageSize: number } {
  return {
    page: positiveInt(query, 'page', 1),
    pageSize: positiveInt(query, 'pageSize', DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
  };
}

export function paginate<T>(items: readonly T[], query: URLSearchParams): Page<T> {
  const { page, pageSize } = readPaging(query);
  const start = (page - 1) * pageSize;
  return {
    data: items.slice(start, start + pageSize),
    meta: {
      pagination: { page, pageSize, totalItems: items.length, totalPages: Math.ceil(items.length / pageSize) },
    },
  };
}

/** Case-insensitive substring match on the item's name, from the `search` parameter. */
export function searchByName<T extends { name: string }>(items: readonly T[], query: URLSearchParams): readonly T[] {
  const term = query.get('search')?.trim().toLowerCase();
  return term ? items.filter((item) => item.name.toLowerCase().includes(term)) : items;
}
