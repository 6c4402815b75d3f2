// `recruit lookup <list kind>`: one page (or every page with --all) of a lookup collection.
import type { Query } from '../../api/client.js';
import { allItems, getPage, type Pagination } from '../../api/paginate.js';
import { namedShape } from '../../api/shapes.js';
import type { Named } from '../../api/types.js';
import type { Uses } from '../../context/context.js';
import { printTable, writeJson } from '../../terminal/output.js';
import { INDUSTRY_LOOKUP, resolveReference } from '../../context/resolve.js';
import { withSpinner } from '../../terminal/spinner.js';
import { rememberLookup } from '../../completion/remember.js';
import { columnsOf, csvColumnsOf, LIST_KINDS, type ListKind } from './kinds.js';
import type { TableTarget } from '../../terminal/table-format.js';

export interface ListRequest {
  industry?: string;
  search?: string;
  page?: number;
  pageSize?: number;
  all: boolean;
  /** --csv or --xlsx, and where it goes. */
  table?: TableTarget | undefined;
}

function pagingNote(ctx: Uses<'info'>, noun: string, shown: number, p: Partial<Pagination> | undefined): void {
  const { page, totalPages, totalItems } = p ?? {};
  if (page === undefined || totalPages === undefined) return;
  if (shown === 0 && page > 1 && (totalItems ?? 0) > 0) {
    ctx.info(`page ${page} is past the last page (${totalPages}; ${totalItems} ${noun})`);
  } else if (page < totalPages) {
    ctx.info(`page ${page} of ${totalPages} (${totalItems ?? '?'} items); use --page ${page + 1} or --all`);
  }
}

export async function listLookup(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'now' | 'api' | 'info' | 'spinner'>, kind: ListKind, request: ListRequest): Promise<void> {
  const spec = LIST_KINDS[kind];
  const api = await ctx.api();
  const query: Query = { search: request.search || undefined, pageSize: request.pageSize };
  let items: Named[] = [];
  let pagination: Partial<Pagination> | undefined;
  await withSpinner(ctx, `fetching ${spec.noun}`, async (spinner) => {
    if (spec.needsIndustry && request.industry !== undefined) {
      spinner.update('resolving the industry');
      query.industry_id = (await resolveReference(api, INDUSTRY_LOOKUP, request.industry)).id;
      spinner.update(`fetching ${spec.noun}`);
    }
    if (request.all) items = await allItems<Named>(api, spec.path, query, namedShape);
    else {
      const page = await getPage<Named>(api, spec.path, { ...query, page: request.page }, namedShape);
      items = page.data;
      pagination = page.meta?.pagination;
    }
  });
  rememberLookup(ctx, kind, items);

  if (ctx.globals.json) await writeJson(ctx, items);
  else if (request.table) {
    const { writeTable } = await import('../../terminal/table-format.js');
    await writeTable(ctx, request.table, { columns: csvColumnsOf(spec), text: new Set(['id']), sheet: kind }, items);
  } else if (items.length > 0) await printTable(ctx, columnsOf(spec), items);
  else if (ctx.io.stdout.isTTY && (pagination?.page ?? 1) <= 1) ctx.info(`no ${spec.noun} found`);
  pagingNote(ctx, spec.noun, items.length, pagination);
}
