// `recruit api <path>`: a raw request to any API path, for the operation groups the CLI has no
// command for. Prints the answer as it came, error statuses too, then exits with the code of
// docs/reference/exit-codes.md for that status.
import type { Uses } from '../../context/context.js';
import { UsageError } from '../../core/errors.js';
import { withSpinner } from '../../terminal/spinner.js';
import { checkOneStdin, readInput } from '../../terminal/read-input.js';
import { inputEncoding } from '../../context/input-encoding.js';
import { appendQuery, parseFields, stdinFields } from './fields.js';
import { parseHeaders } from './headers.js';
import { writeAllPages } from './paginate.js';
import { failOnError, printBody } from './respond.js';
import { resolveTarget, withQuery } from './target.js';
import type { ApiOptions } from './flags.js';

const QUERY_METHODS = new Set(['GET', 'HEAD', 'DELETE']);
const KEYED_METHODS = new Set(['POST', 'PATCH', 'PUT']);

function chooseMethod(options: ApiOptions, hasBody: boolean): string {
  const method = (options.method ?? (hasBody && !options.paginate ? 'POST' : 'GET')).toUpperCase();
  if (!/^[A-Z]+$/.test(method)) throw new UsageError(`-X/--method must be an HTTP method such as GET or PATCH, got "${options.method}"`);
  if (options.paginate && method !== 'GET') throw new UsageError(`--paginate works with GET only, not ${method}`);
  return method;
}

export default async function api(ctx: Uses<'io' | 'globals' | 'color' | 'newKey' | 'settings' | 'api' | 'info' | 'spinner'>, rawPath: string, options: ApiOptions): Promise<void> {
  const entries = options.field ?? [];
  if (options.input !== undefined && entries.length > 0) {
    throw new UsageError('--input and -f/--field cannot be combined', [], 'put every field in the --input file');
  }
  checkOneStdin([['--input', options.input], ...stdinFields(entries).map((name): [string, string] => [name, '-'])]);
  const method = chooseMethod(options, entries.length > 0 || options.input !== undefined);
  const { headers, idempotencyKey } = parseHeaders(options.header ?? []);
  // The setting is looked at only when a file is read; --encoding is checked whenever it is given.
  const readsFile = options.input !== undefined || options.encoding !== undefined || entries.some((e) => e.slice(e.indexOf('=') + 1).startsWith('@'));
  const read = { ...(readsFile ? { encoding: await inputEncoding(ctx, options.encoding) } : {}), note: (note: string) => ctx.info(note) };
  const fields = await parseFields(ctx.io, entries, read);
  const input = options.input === undefined ? undefined : await readInput(ctx.io, options.input, '--input', read);

  const client = await ctx.api();
  const target = resolveTarget(rawPath, client.baseUrl);
  const inQuery = QUERY_METHODS.has(method);
  if (inQuery) appendQuery(target.params, fields);
  const path = withQuery(target.path, target.params);

  if (options.paginate) {
    const first = await writeAllPages(client, target.path, target.params, headers, ctx.io.stdout);
    if (!first) return;
    await printBody(ctx, first);
    return failOnError(first);
  }

  const body = input ?? (!inQuery && entries.length > 0 ? fields : undefined);
  const key = idempotencyKey ?? (KEYED_METHODS.has(method) ? ctx.newKey() : undefined);
  const response = await withSpinner(ctx, `${method} ${target.path}`, () => client.request(method, path, { body, headers, idempotencyKey: key, raw: true }));
  await printBody(ctx, response);
  failOnError(response);
}
