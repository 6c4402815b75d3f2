// --paginate for `recruit api`: GET every page from the requested one, and gather the items of all
// pages; the same rules as --all decide when to stop (src/api/paginate.ts).
import type { ApiClient, ApiResponse } from '../../api/client.js';
import { ApiError, describeBody } from '../../api/errors.js';
import { PageWalk } from '../../api/paginate.js';
import { withQuery } from './target.js';

export type Paginated =
  | { kind: 'items'; items: unknown[] }
  /** A response to show as it is: not a 2xx, or a first answer that is not a page envelope. */
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
  const first = Number(query.get('page') ?? 1);
  const walk = new PageWalk(path, Number.isSafeInteger(first) && first >= 1 ? first : 1);
  const items: unknown[] = [];
  for (;;) {
    query.set('page', String(walk.page));
    const response = await client.request('GET', withQuery(path, query), { headers, raw: true });
    const ok = response.status >= 200 && response.status < 300;
    if (!ok || (items.length === 0 && !isEnvelope(response.body))) return { kind: 'response', response };
    if (!isEnvelope(response.body)) {
      // Not the end of the list: an answer that is no page, which must not pass for the last one.
      const why = `${response.status} answer is not a page: ${describeBody(response.text, response.contentType)}`;
      throw new ApiError('bad_answer', why, response.status, [], { method: 'GET', path: response.path, attempts: response.attempts }, undefined, response.text);
    }
    items.push(...response.body.data);
    const totalPages = Number(response.body.meta?.pagination?.totalPages);
    if (!walk.more(response.body.data, Number.isSafeInteger(totalPages) ? totalPages : undefined, response.text)) break;
  }
  return { kind: 'items', items };
}
