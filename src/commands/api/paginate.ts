// --paginate for `recruit api`: GET every page from the requested one and write their items as one
// JSON array, page by page as they come; the same rules as --all decide when to stop
// (src/api/paginate.ts). A failure after the first page leaves the array unterminated on stdout,
// so that no script takes a part of the list for the whole.
import type { ApiClient, ApiResponse } from '../../api/client.js';
import { ApiError, describeBody, httpError } from '../../api/errors.js';
import { PageWalk } from '../../api/paginate.js';
import type { Stream } from '../../terminal/io.js';
import { JsonArrayWriter } from '../../terminal/output.js';
import { withQuery } from './target.js';

interface Envelope {
  data: unknown[];
  meta?: { pagination?: { totalPages?: unknown } };
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && Array.isArray((body as Envelope).data);
}

/**
 * Writes the items of every page to `out`; returns the first answer instead, untouched, when it is
 * not a 2xx page envelope (to be shown as it is).
 */
export async function writeAllPages(
  client: ApiClient,
  path: string,
  params: URLSearchParams,
  headers: Record<string, string>,
  out: Stream,
): Promise<ApiResponse | undefined> {
  const query = new URLSearchParams(params);
  const first = Number(query.get('page') ?? 1);
  const walk = new PageWalk(path, Number.isSafeInteger(first) && first >= 1 ? first : 1);
  let writer: JsonArrayWriter | undefined;
  for (;;) {
    query.set('page', String(walk.page));
    const response = await client.request('GET', withQuery(path, query), { headers, raw: true });
    const ok = response.status >= 200 && response.status < 300;
    if (!writer && (!ok || !isEnvelope(response.body))) return response;
    const failure = { method: 'GET', path: response.path, attempts: response.attempts };
    if (!ok) throw httpError(response, response.body, failure);
    if (!isEnvelope(response.body)) {
      // Not the end of the list: an answer that is no page, which must not pass for the last one.
      const why = `${response.status} answer is not a page: ${describeBody(response.text, response.contentType)}`;
      throw new ApiError('bad_answer', why, response.status, [], failure, undefined, response.text);
    }
    const totalPages = Number(response.body.meta?.pagination?.totalPages);
    const more = walk.more(response.body.data, Number.isSafeInteger(totalPages) ? totalPages : undefined);
    writer ??= new JsonArrayWriter(out);
    await writer.add(response.body.data);
    if (!more) break;
  }
  await writer.end();
  return undefined;
}
