// `recruit jobs get <jobId>`: one job, as the API returned it (--json), as an aligned listing on a
// terminal (ids and codes with their names), or as field<TAB>value lines in a pipe.
import { getJob } from '../../../api/jobs.js';
import type { ApiClient } from '../../../api/client.js';
import { getPage } from '../../../api/paginate.js';
import { jobShape } from '../../../api/shapes.js';
import type { Job } from '../../../api/types.js';
import { CliError, UsageError } from '../../../core/errors.js';
import { EXIT } from '../../../core/exit-codes.js';
import type { Uses } from '../../../context/context.js';
import { wantsTable } from '../../../terminal/table-format.js';
import { writeJson } from '../../../terminal/output.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { rememberJobs } from '../../../completion/remember.js';
import { parseJobId } from '../args.js';
import { printJobFields, printJobListing } from '../job-view.js';
import type { GetOptions } from './flags.js';

/**
 * The job whose jobCode is `code` (case aside), as recruiters know jobs: found with the list's
 * search, which the service applies to codes too, then matched exactly (docs/decisions.md).
 */
async function jobOfCode(api: ApiClient, code: string): Promise<Job> {
  const { data } = await getPage<Job>(api, '/jobs', { search: code, pageSize: 100 }, jobShape);
  const found = data.filter((j) => typeof j.jobCode === 'string' && j.jobCode.toLowerCase() === code.toLowerCase());
  if (found.length === 1) return getJob(api, found[0]!.id);
  if (found.length === 0) {
    throw new CliError(`no job has the code "${code}"`, EXIT.API_FAILED, 'not_found', [], 'jobs get takes a job id or code; `recruit jobs list --search <text>` finds jobs by title');
  }
  throw new UsageError(`the code "${code}" is the code of ${found.length} jobs: ${found.map((j) => j.id).join(', ')}`, [], 'give the job id');
}

export default async function get(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'now' | 'settings' | 'api' | 'info' | 'spinner'>, jobId: string, options: GetOptions = {}): Promise<void> {
  const table = wantsTable(ctx, options);
  const api = await ctx.api();
  const byCode = /[A-Za-z]/.test(jobId) && /^[\w.-]+$/.test(jobId.trim());
  const job = byCode
    ? await withSpinner(ctx, `finding the job of code ${jobId.trim()}`, () => jobOfCode(api, jobId.trim()))
    : await (async () => {
        const id = parseJobId(jobId);
        return withSpinner(ctx, `fetching job ${id}`, () => getJob(api, id));
      })();
  rememberJobs(ctx, [job]);
  if (ctx.globals.json) return writeJson(ctx, job);
  if (table) {
    const { writeJobsTable, wroteNote } = await import('../job-csv.js');
    await withSpinner(ctx, 'reading the names of the lookups', () => writeJobsTable(ctx, table, [job]));
    return wroteNote(ctx, table, 1);
  }
  if (ctx.io.stdout.isTTY) {
    // Names only for people: --json and pipes get the service's ids and codes, and no lookup request.
    const { loadJobNamer } = await import('../job-names.js');
    return printJobListing(ctx, job, await loadJobNamer(ctx, [job]));
  }
  await printJobFields(ctx, job);
}
