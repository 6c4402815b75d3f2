// `recruit jobs list`: one page of jobs (or every page with --all), newest first, filtered by
// status codes or labels and a search text. On a terminal, lookup ids are shown by their names.
// --limit and the filters the service lacks (filters.ts) walk the pages from the first (selection.ts).
import { approvalWord } from '../../../domain/job-status.js';
import type { ApiClient, Query } from '../../../api/client.js';
import { getJobOptions } from '../../../context/job-options.js';
import { allItems, allPagesQuery, getPage, MAX_PAGE_SIZE, pages, type Pagination } from '../../../api/paginate.js';
import { jobShape } from '../../../api/shapes.js';
import type { Job } from '../../../api/types.js';
import type { Uses } from '../../../context/context.js';
import { rememberJobs } from '../../../completion/remember.js';
import { wantsTable, type TableTarget } from '../../../terminal/table-format.js';
import { UsageError } from '../../../core/errors.js';
import { parsePageOptions } from '../../../context/page-options.js';
import { JsonArrayWriter, printTable, writeJson, type Column } from '../../../terminal/output.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { publishedText, type JobNamer } from '../job-view.js';
import { findStatus, statusList, statusSuggestion } from '../status-option.js';
import type { ListOptions } from './flags.js';
import { hasFilters, jobFilter } from './filters.js';
import { parseLimit, selectedPages, type Tally } from './selection.js';

const COLUMNS: Column<Job>[] = [
  { header: 'ID', value: (j) => j.id },
  { header: 'CODE', value: (j) => j.jobCode },
  { header: 'TITLE', value: (j) => j.title },
  { header: 'STATUS', value: (j) => j.statusLabel ?? j.status },
  { header: 'APPROVAL', value: (j) => approvalWord(j.approvalStatus, j.approvalStatusLabel) },
  { header: 'PUBLISHED', value: publishedText },
];

/** Columns of the fields that refer to a lookup list or a job option: names on a terminal, ids and codes in a pipe. */
const NAMED: Array<{ header: string; field: string }> = [
  { header: 'INDUSTRY', field: 'industryId' },
  { header: 'FUNCTION', field: 'jobFunctionId' },
  { header: 'EMPLOYER TYPE', field: 'employerTypeId' },
  { header: 'CUSTOMER', field: 'customerId' },
  { header: 'DEPARTMENT', field: 'departmentId' },
  { header: 'HIRING MANAGER', field: 'hiringManagerId' },
  { header: 'JOB TYPE', field: 'jobType' },
  { header: 'EDUCATION', field: 'educationLevel' },
  { header: 'SALARY INTERVAL', field: 'salaryInterval' },
];

/**
 * The columns of a table: with --wide every named field; on a terminal without it, the job
 * function, and the customer when a job on the page has one (staffing accounts). A pipe keeps
 * its six columns unless --wide, so scripts that cut columns keep working.
 */
function namedColumns(jobs: readonly Job[], wide: boolean, tty: boolean): Array<{ header: string; field: string }> {
  if (wide) return NAMED;
  if (!tty) return [];
  return NAMED.filter((c) => c.field === 'jobFunctionId' || (c.field === 'customerId' && jobs.some((j) => typeof j.customerId === 'number')));
}

/**
 * `fit`: on a terminal, a row fits its width: the title is cut with an ellipsis as gh cuts it, then
 * the names when that is not enough. Otherwise (a pipe, --wide) every cell is whole.
 */
function withNamed(named: Array<{ header: string; field: string }>, names?: JobNamer, fit = false): Column<Job>[] {
  return [
    // Giving way in turn: the title (as gh cuts it), the names, and the publication channels last
    // (a staffing account's eight columns at 80).
    ...COLUMNS.map((c) => (!fit ? c : c.header === 'TITLE' ? { ...c, fit, squeeze: 1 } : c.header === 'PUBLISHED' ? { ...c, squeeze: 3 } : c)),
    ...named.map(({ header, field }) => ({
      header,
      ...(fit ? { squeeze: 2 } : {}),
      value: (job: Job) => {
        const value = job[field];
        if (typeof value !== 'number' && typeof value !== 'string') return undefined;
        return names?.(job, field) ?? value;
      },
    })),
  ];
}

/** A table for people: the names come from cached lookups (job-names.ts), loaded only here. */
async function printForPeople(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'now' | 'settings' | 'api'>, jobs: readonly Job[], wide: boolean): Promise<void> {
  const named = namedColumns(jobs, wide, true);
  const { loadJobNamer } = await import('../job-names.js');
  const names = jobs.length > 0 && named.length > 0 ? await loadJobNamer(ctx, jobs, named.map((c) => c.field)) : undefined;
  // --wide asks for every field whole: its rows are wider than most terminals.
  const columns = withNamed(named, names, !wide);
  await printTable(ctx, columns, jobs);
}

/** Status codes for the `status` query parameter; labels are looked up in /job-options. */
async function statusCodes(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'api'>, values: string[] | undefined): Promise<number[] | undefined> {
  if (values === undefined) return undefined;
  const wanted = values.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  if (wanted.length === 0) throw new UsageError('--status needs a status code or label');
  const { statuses } = await getJobOptions(ctx);
  const unknown = wanted.filter((v) => !findStatus(statuses, v));
  if (unknown.length > 0) {
    throw new UsageError(
      `unknown status ${unknown.map((v) => `"${v}"`).join(', ')}; the statuses are:`,
      statusList(statuses),
      [unknown.length === 1 ? statusSuggestion(statuses, unknown[0]!) : undefined, 'give a code or a label (case and dashes do not matter)']
        .filter(Boolean)
        .join(' '),
    );
  }
  return [...new Set(wanted.map((v) => findStatus(statuses, v)!.code))];
}

/** Every page of the whole list. */
async function* everyPage(api: ApiClient, query: Query): AsyncGenerator<Job[]> {
  for await (const page of pages<Job>(api, '/jobs', allPagesQuery(query), jobShape)) yield page.data;
}

/** Pages written as they come: as JSON, a table for spreadsheets (stdout or --output), or tab-separated rows. */
async function streamJobs(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'now' | 'settings' | 'api' | 'info'>, source: AsyncIterable<Job[]>, wide: boolean, target: TableTarget | undefined): Promise<void> {
  const columns = withNamed(namedColumns([], wide, false));
  let count = 0;
  const eachPage = async (add: (jobs: readonly Job[]) => Promise<void>) => {
    let first = true;
    for await (const jobs of source) {
      if (first) rememberJobs(ctx, jobs); // the newest: completion keeps a few only
      first = false;
      count += jobs.length;
      await add(jobs);
    }
  };
  if (target) {
    const { JobTable, wroteNote } = await import('../job-csv.js');
    const { withTable } = await import('../../../terminal/table-format.js');
    const table = new JobTable(ctx);
    await withTable(ctx, target, table.shape, (writer) => eachPage((jobs) => table.add(writer, jobs)));
    return wroteNote(ctx, target, count);
  }
  const json = ctx.globals.json ? new JsonArrayWriter(ctx.io.stdout) : undefined;
  await eachPage((jobs) => (json ? json.add(jobs) : printTable(ctx, columns, jobs)));
  await json?.end();
}

/** --limit and the filters: the pages from the first, each cut to the jobs that match, up to the limit. */
async function listSelected(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'clock' | 'now' | 'settings' | 'api' | 'info' | 'spinner'>, api: ApiClient, query: Query, options: ListOptions, limit: number | undefined, wide: boolean, target: TableTarget | undefined): Promise<void> {
  const filtering = hasFilters(options);
  const filter = filtering ? await withSpinner(ctx, 'resolving the filters', () => jobFilter(api, options, ctx.clock.now())) : undefined;
  // Filtering reads every page, in the largest pages; a limit alone asks for no more than it needs.
  const walk = filtering || limit === undefined ? allPagesQuery(query) : { pageSize: Math.min(limit, MAX_PAGE_SIZE), ...query, page: 1 };
  const tally: Tally = { read: 0, kept: 0 };
  const source = selectedPages(api, walk, { filter, limit }, tally);
  const reading = filtering ? 'reading every page of jobs to filter them' : 'fetching jobs';
  if (ctx.globals.json || target || !ctx.io.stdout.isTTY) return withSpinner(ctx, reading, () => streamJobs(ctx, source, wide, target));
  const jobs = await withSpinner(ctx, reading, async () => {
    const kept: Job[] = [];
    for await (const page of source) kept.push(...page);
    return kept;
  });
  rememberJobs(ctx, jobs);
  if (jobs.length === 0) ctx.info(filtering ? `No jobs match (${tally.read} read).` : 'No jobs found.');
  else await printForPeople(ctx, jobs, wide);
  if (filtering && jobs.length > 0) ctx.info(`${tally.kept} of the ${tally.read} jobs read match${limit !== undefined && tally.kept === limit ? ` (--limit ${limit})` : ''}`);
}

export default async function list(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'clock' | 'now' | 'settings' | 'api' | 'info' | 'spinner'>, options: ListOptions): Promise<void> {
  const table = wantsTable(ctx, options);
  const { page, pageSize } = parsePageOptions(options);
  if (options.all && page !== undefined) throw new UsageError('--all follows every page; it cannot be combined with --page');
  const limit = parseLimit(options.limit);
  const selecting = limit !== undefined || hasFilters(options);
  if (selecting && page !== undefined) throw new UsageError('--page cannot be combined with --limit or the filters: they read the pages from the first');
  const codes = await withSpinner(ctx, 'reading the statuses', () => statusCodes(ctx, options.status));

  const query: Query = {};
  if (codes) query.status = codes.join(',');
  if (options.search !== undefined) query.search = options.search;
  if (pageSize !== undefined) query.pageSize = pageSize;
  const api = await ctx.api();

  const wide = options.wide === true;
  if (selecting) return listSelected(ctx, api, query, options, limit, wide, table);
  // Every page, to a pipe, as JSON or as a table (stdout or --output): each page is written as it comes, so no list is too long.
  if (options.all && (ctx.globals.json || table || !ctx.io.stdout.isTTY)) {
    return withSpinner(ctx, 'fetching every page of jobs', () => streamJobs(ctx, everyPage(api, query), wide, table));
  }

  let jobs: Job[];
  let pagination: Partial<Pagination> | undefined;
  if (options.all) {
    jobs = await withSpinner(ctx, 'fetching every page of jobs', () => allItems<Job>(api, '/jobs', query, jobShape));
  } else {
    if (page !== undefined) query.page = page;
    const result = await withSpinner(ctx, 'fetching jobs', () => getPage<Job>(api, '/jobs', query, jobShape));
    jobs = result.data;
    pagination = result.meta?.pagination;
  }
  rememberJobs(ctx, jobs);

  if (ctx.globals.json || table || !ctx.io.stdout.isTTY) {
    if (ctx.globals.json) await writeJson(ctx, jobs);
    else if (table) {
      const { writeJobsTable, wroteNote } = await import('../job-csv.js');
      await withSpinner(ctx, 'reading the names of the lookups', () => writeJobsTable(ctx, table, jobs));
      wroteNote(ctx, table, jobs.length);
    } else await printTable(ctx, withNamed(namedColumns(jobs, wide, false)), jobs);
    return pipeNote(ctx, pagination);
  }
  if (jobs.length === 0 && !pastTheEnd(ctx, pagination, '')) ctx.info('No jobs found.');
  else if (jobs.length > 0) await printForPeople(ctx, jobs, wide);
  pagingNote(ctx, pagination);
}

/** A page asked for past the last one: said so, with the last page, rather than "No jobs found." */
function pastTheEnd(ctx: Uses<'info'>, pagination: Partial<Pagination> | undefined, prefix: string): boolean {
  const { page: at, totalPages, totalItems } = pagination ?? {};
  if (at === undefined || totalPages === undefined || totalPages < 1 || at <= totalPages) return false;
  ctx.info(`${prefix}page ${at} is past the last page (${totalPages} pages, ${totalItems ?? '?'} jobs); try --page ${totalPages}`);
  return true;
}

/**
 * Output that feeds another command holds one page: stderr says when more exist, so that
 * `jobs list --json | recruit jobs status - closed` never covers part of the jobs silently.
 */
function pipeNote(ctx: Uses<'info'>, pagination: Partial<Pagination> | undefined): void {
  if (pastTheEnd(ctx, pagination, 'note: ')) return;
  const { page: at, totalPages, totalItems } = pagination ?? {};
  if (at !== undefined && totalPages !== undefined && at < totalPages) {
    ctx.info(`note: page ${at} of ${totalPages} (${totalItems ?? '?'} jobs) only; add --all for every page`);
  }
}

function pagingNote(ctx: Uses<'info'>, pagination: Partial<Pagination> | undefined): void {
  const { page: at, totalPages, totalItems } = pagination ?? {};
  if (at !== undefined && totalPages !== undefined && totalPages > 1 && at <= totalPages) {
    const next = at < totalPages ? `; next: --page ${at + 1}, or --all for every page` : '';
    ctx.info(`page ${at} of ${totalPages} (${totalItems ?? '?'} jobs)${next}`);
  }
}
