// `recruit jobs list`: one page of jobs (or every page with --all), newest first, filtered by
// status codes or labels and a search text. On a terminal, lookup ids are shown by their names.
import type { ApiClient, Query } from '../../../api/client.js';
import { getJobOptions } from '../../../context/job-options.js';
import { allItems, allPagesQuery, getPage, pages, type Pagination } from '../../../api/paginate.js';
import { jobShape } from '../../../api/shapes.js';
import type { Job } from '../../../api/types.js';
import type { Context } from '../../../context/context.js';
import { rememberJobs } from '../../../completion/remember.js';
import { wantsCsv } from '../../../terminal/csv.js';
import { UsageError } from '../../../core/errors.js';
import { parsePageOptions } from '../../../context/page-options.js';
import { JsonArrayWriter, printTable, writeJson, type Column } from '../../../terminal/output.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { publishedText, type JobNamer } from '../job-view.js';
import { findStatus, statusList, statusSuggestion } from '../status-option.js';
import type { ListOptions } from './flags.js';

const COLUMNS: Column<Job>[] = [
  { header: 'ID', value: (j) => j.id },
  { header: 'CODE', value: (j) => j.jobCode },
  { header: 'TITLE', value: (j) => j.title },
  { header: 'STATUS', value: (j) => j.statusLabel ?? j.status },
  { header: 'APPROVAL', value: (j) => j.approvalStatusLabel ?? (j.approvalStatus === null ? 'Unknown' : j.approvalStatus) },
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

function withNamed(named: Array<{ header: string; field: string }>, names?: JobNamer): Column<Job>[] {
  return [
    ...COLUMNS,
    ...named.map(({ header, field }) => ({
      header,
      value: (job: Job) => {
        const value = job[field];
        if (typeof value !== 'number' && typeof value !== 'string') return undefined;
        return names?.(job, field) ?? value;
      },
    })),
  ];
}

/** A table for people: the names come from cached lookups (job-names.ts), loaded only here. */
async function printForPeople(ctx: Context, jobs: readonly Job[], wide: boolean): Promise<void> {
  const named = namedColumns(jobs, wide, true);
  const { loadJobNamer } = await import('../job-names.js');
  const names = jobs.length > 0 && named.length > 0 ? await loadJobNamer(ctx, jobs, named.map((c) => c.field)) : undefined;
  // No approval status (an account without approval) reads "-", not the service's "Unknown" on every row.
  const columns = withNamed(named, names).map((c) => (c.header === 'APPROVAL' ? { ...c, value: (j: Job) => (j.approvalStatus === null || j.approvalStatus === undefined ? '-' : c.value(j)) } : c));
  await printTable(ctx, columns, jobs);
}

/** Status codes for the `status` query parameter; labels are looked up in /job-options. */
async function statusCodes(ctx: Context, values: string[] | undefined): Promise<number[] | undefined> {
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

async function streamAll(ctx: Context, api: ApiClient, query: Query, wide: boolean, csv: boolean): Promise<void> {
  const json = ctx.globals.json ? new JsonArrayWriter(ctx.io.stdout) : undefined;
  const table = csv ? new (await import('../job-csv.js')).JobCsv(ctx) : undefined;
  await table?.header();
  const columns = withNamed(namedColumns([], wide, false));
  let first = true;
  for await (const page of pages<Job>(api, '/jobs', allPagesQuery(query), jobShape)) {
    if (first) rememberJobs(ctx, page.data); // the newest: completion keeps a few only
    first = false;
    if (json) await json.add(page.data);
    else if (table) await table.add(page.data);
    else await printTable(ctx, columns, page.data);
  }
  await json?.end();
  await table?.end();
}

export default async function list(ctx: Context, options: ListOptions): Promise<void> {
  const csv = wantsCsv(ctx, options.csv);
  const { page, pageSize } = parsePageOptions(options);
  if (options.all && page !== undefined) throw new UsageError('--all follows every page; it cannot be combined with --page');
  const codes = await withSpinner(ctx, 'reading the statuses', () => statusCodes(ctx, options.status));

  const query: Query = {};
  if (codes) query.status = codes.join(',');
  if (options.search !== undefined) query.search = options.search;
  if (pageSize !== undefined) query.pageSize = pageSize;
  const api = await ctx.api();

  // Every page, to a pipe or as JSON: each page is written as it comes, so no list is too long.
  const wide = options.wide === true;
  if (options.all && (ctx.globals.json || csv || !ctx.io.stdout.isTTY)) {
    return withSpinner(ctx, 'fetching every page of jobs', () => streamAll(ctx, api, query, wide, csv));
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

  if (ctx.globals.json || csv || !ctx.io.stdout.isTTY) {
    if (ctx.globals.json) await writeJson(ctx, jobs);
    else if (csv) {
      const { writeJobsCsv } = await import('../job-csv.js');
      await withSpinner(ctx, 'reading the names of the lookups', () => writeJobsCsv(ctx, jobs));
    } else await printTable(ctx, withNamed(namedColumns(jobs, wide, false)), jobs);
    return pipeNote(ctx, pagination);
  }
  if (jobs.length === 0 && !pastTheEnd(ctx, pagination, '')) ctx.info('No jobs found.');
  else if (jobs.length > 0) await printForPeople(ctx, jobs, wide);
  pagingNote(ctx, pagination);
}

/** A page asked for past the last one: said so, with the last page, rather than "No jobs found." */
function pastTheEnd(ctx: Context, pagination: Partial<Pagination> | undefined, prefix: string): boolean {
  const { page: at, totalPages, totalItems } = pagination ?? {};
  if (at === undefined || totalPages === undefined || totalPages < 1 || at <= totalPages) return false;
  ctx.info(`${prefix}page ${at} is past the last page (${totalPages} pages, ${totalItems ?? '?'} jobs); try --page ${totalPages}`);
  return true;
}

/**
 * Output that feeds another command holds one page: stderr says when more exist, so that
 * `jobs list --json | recruit jobs status - closed` never covers part of the jobs silently.
 */
function pipeNote(ctx: Context, pagination: Partial<Pagination> | undefined): void {
  if (pastTheEnd(ctx, pagination, 'note: ')) return;
  const { page: at, totalPages, totalItems } = pagination ?? {};
  if (at !== undefined && totalPages !== undefined && at < totalPages) {
    ctx.info(`note: page ${at} of ${totalPages} (${totalItems ?? '?'} jobs) only; add --all for every page`);
  }
}

function pagingNote(ctx: Context, pagination: Partial<Pagination> | undefined): void {
  const { page: at, totalPages, totalItems } = pagination ?? {};
  if (at !== undefined && totalPages !== undefined && totalPages > 1 && at <= totalPages) {
    const next = at < totalPages ? `; next: --page ${at + 1}, or --all for every page` : '';
    ctx.info(`page ${at} of ${totalPages} (${totalItems ?? '?'} jobs)${next}`);
  }
}
