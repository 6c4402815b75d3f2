// `recruit jobs get <jobId>`: one job, as the API returned it (--json), as an aligned listing on a
// terminal (ids and codes with their names), or as field<TAB>value lines in a pipe.
import { getJob } from '../../../api/jobs.js';
import type { Context } from '../../../context/context.js';
import { wantsTable } from '../../../terminal/table-format.js';
import { writeJson } from '../../../terminal/output.js';
import { withSpinner } from '../../../terminal/spinner.js';
import { rememberJobs } from '../../../completion/remember.js';
import { parseJobId } from '../args.js';
import { printJobFields, printJobListing } from '../job-view.js';
import type { GetOptions } from './flags.js';

export default async function get(ctx: Context, jobId: string, options: GetOptions = {}): Promise<void> {
  const table = wantsTable(ctx, options);
  const id = parseJobId(jobId);
  const api = await ctx.api();
  const job = await withSpinner(ctx, `fetching job ${id}`, () => getJob(api, id));
  rememberJobs(ctx, [job]);
  if (ctx.globals.json) return writeJson(ctx, job);
  if (table) {
    const { writeJobsTable } = await import('../job-csv.js');
    return withSpinner(ctx, 'reading the names of the lookups', () => writeJobsTable(ctx, table, [job]));
  }
  if (ctx.io.stdout.isTTY) {
    // Names only for people: --json and pipes get the service's ids and codes, and no lookup request.
    const { loadJobNamer } = await import('../job-names.js');
    return printJobListing(ctx, job, await loadJobNamer(ctx, [job]));
  }
  await printJobFields(ctx, job);
}
