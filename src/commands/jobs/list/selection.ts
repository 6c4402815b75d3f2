// The pages `jobs list` reads when it filters here or stops at --limit: from the first page, each
// cut to the jobs that match, until the last page or until `limit` jobs matched (no page more is
// asked for then). Every page is one request, paced by the client like any other.
import type { ApiClient, Query } from '../../../api/client.js';
import { pages } from '../../../api/paginate.js';
import { jobShape } from '../../../api/shapes.js';
import type { Job } from '../../../api/types.js';
import { UsageError } from '../../../core/errors.js';
import type { JobFilter } from './filters.js';

export interface Selection {
  filter?: JobFilter;
  limit?: number;
}

/** What a selection read: jobs seen and jobs kept, for the note on a terminal. */
export interface Tally {
  read: number;
  kept: number;
}

export function parseLimit(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw new UsageError(`--limit must be a whole number of 1 or more, got "${raw}"`);
  return n;
}

export async function* selectedPages(api: ApiClient, query: Query, selection: Selection, tally: Tally = { read: 0, kept: 0 }): AsyncGenerator<Job[]> {
  let left = selection.limit ?? Infinity;
  for await (const page of pages<Job>(api, '/jobs', query, jobShape)) {
    tally.read += page.data.length;
    let jobs = selection.filter ? page.data.filter(selection.filter) : page.data;
    if (jobs.length > left) jobs = jobs.slice(0, left);
    left -= jobs.length;
    tally.kept += jobs.length;
    yield jobs;
    if (left <= 0) return;
  }
}
