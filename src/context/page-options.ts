// `--page` and `--page-size`, checked before anything is sent (exit 2), for every command that
// pages through a list.
import { MAX_PAGE_SIZE } from '../api/paginate.js';
import { UsageError } from '../core/errors.js';

export interface PageOptions {
  page?: number;
  pageSize?: number;
}

function wholeNumber(raw: string): number {
  const trimmed = raw.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : NaN;
}

export function parsePageOptions(raw: { page?: string; pageSize?: string }): PageOptions {
  const options: PageOptions = {};
  if (raw.page !== undefined) {
    const page = wholeNumber(raw.page);
    if (!Number.isSafeInteger(page) || page < 1) throw new UsageError(`--page must be a whole number of 1 or more, got "${raw.page}"`);
    options.page = page;
  }
  if (raw.pageSize !== undefined) {
    const size = wholeNumber(raw.pageSize);
    if (!(size >= 1 && size <= MAX_PAGE_SIZE)) {
      throw new UsageError(
        `--page-size must be a whole number from 1 to ${MAX_PAGE_SIZE}, got "${raw.pageSize}"`,
        [],
        size > MAX_PAGE_SIZE ? `a page holds at most ${MAX_PAGE_SIZE} items; --all follows every page` : undefined,
      );
    }
    options.pageSize = size;
  }
  return options;
}
