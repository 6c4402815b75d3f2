// `recruit lookup <list kind>`: one page (or every page with --all) of a lookup collection.
import type { ApiClient, Query } from '../../api/client.js';
import { allItems, type Page } from '../../api/paginate.js';
import type { Named } from '../../api/types.js';
import type { Context } from '../../cli/context.js';
import { CliError } from '../../cli/errors.js';
import { EXIT } from '../../cli/exit-codes.js';
import { printTable, writeJson } from '../../cli/output.js';
import { resolveReference } from '../../cli/resolve.js';
import { rememberLookup } from '../../completion/remember.js';
import { columnsOf, LIST_KINDS, type ListKind } from './kinds.js';

export interface ListRequest {
  industry?: string;
  search?: string;
  page?: number;
  pageSize?: number;
  all: boolean;
}

type Pagination = Page<Named>['meta']['pagination'];

async function fetchPage(api: ApiClient, path: string, query: Query): Promise<{ items: Named[]; pagination?: Pagination }> {
  const body = await api.get<unknown>(path, query);
  // A service that answers with a bare array instead of the envelope still lists.
  if (Array.isArray(body)) return { items: body as Named[] };
  const page = body as Partial<Page<Named>> | undefined;
  if (!page || !Array.isArray(page.data)) {
    throw new CliError(`GET ${path} answered with something that is not a list`, EXIT.API_FAILED, 'unexpected_response');
  }
  return { items: page.data, pagination: page.meta?.pagination };
}

function pagingNote(ctx: Context, noun: string, shown: number, p: Pagination | undefined): void {
  if (!p) return;
  if (shown === 0 && p.page > 1 && p.totalItems > 0) {
    ctx.info(`page ${p.page} is past the last page (${p.totalPages}; ${p.totalItems} ${noun})`);
  } else if (p.page < p.totalPages) {
    ctx.info(`page ${p.page} of ${p.totalPages} (${p.totalItems} items); use --page ${p.page + 1} or --all`);
  }
}

export async function listLookup(ctx: Context, kind: ListKind, request: ListRequest): Promise<void> {
  const spec = LIST_KINDS[kind];
  const api = await ctx.api();
  const query: Query = { search: request.search || undefined, pageSize: request.pageSize };
  if (spec.needsIndustry && request.industry !== undefined) {
    query.industry_id = await resolveReference(api, '/industries', request.industry, '--industry');
  }

  let items: Named[];
  let pagination: Pagination | undefined;
  if (request.all) items = await allItems<Named>(api, spec.path, query);
  else ({ items, pagination } = await fetchPage(api, spec.path, { ...query, page: request.page }));
  rememberLookup(ctx, kind, items);

  if (ctx.globals.json) return writeJson(ctx, items);
  if (items.length > 0) await printTable(ctx, columnsOf(spec), items);
  else if (ctx.io.stdout.isTTY && !(pagination && pagination.page > 1)) ctx.info(`no ${spec.noun} found`);
  pagingNote(ctx, spec.noun, items.length, pagination);
}
