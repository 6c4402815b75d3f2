// --paginate for `recruit api`: GET every page from the requested one, following
// meta.pagination.totalPages, and gather the items of all pages.
import type { ApiClient, ApiResponse } from '../../api/client.js';
import { withQuery } from './target.js';

export type Paginated =
  | { kind: 'items'; items: unknown[] }
  /** A response to show as it is: an error status, or a body that is not a page envelope. */
  | { kind: 'response'; response: ApiResponse };

interface Envelope {
  data: unknown[];
  meta?: { pagination?: { totalPages?: unknown } };
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && Array.isArray((body as Envelope).data);
}

export async function fetchAllPages(
  client: ApiClient,
  path: string,
  params: URLSearchParams,
  headers: Record<string, string>,
): Promise<Paginated> {
  const query = new URLSearchParams(params);
  let page = Number(query.get('page') ?? 1);
  if (!Number.isInteger(page) || page < 1) page = 1;
  const items: unknown[] = [];
  for (let first = true; ; first = false) {
    query.set('page', String(page));
    const response = await client.request('GET', withQuery(path, query), { headers, allowErrors: true });
    if (response.status >= 400 || (first && !isEnvelope(response.body))) return { kind: 'response', response };
    if (!isEnvelope(response.body)) break;
    items.push(...response.body.data);
    const totalPages = Number(response.body.meta?.pagination?.totalPages ?? page);
    if (page >= totalPages || response.body.data.length === 0) break;
    page++;
  }
  return { kind: 'items', items };
}
