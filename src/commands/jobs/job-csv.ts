// Jobs as CSV or a workbook (`jobs list --csv|--xlsx`, `jobs get --csv|--xlsx`): the columns of the table, headed by the batch
// file's field names, then every other field a job is created with, so that a row read back by
// `jobs create --file` is the same job. References are written by name (the name form's column:
// `jobFunction`), or by id where no name is known or the name is not unique in its list: a name of
// digits reads back as an id. Codes (jobType, ...) stay codes, which is what a batch file takes.
import { approvalWord } from '../../domain/job-status.js';
import type { Job } from '../../api/types.js';
import type { Uses } from '../../context/context.js';
import type { CsvColumn, CsvValue } from '../../terminal/csv.js';
import { withTable, type TableShape, type TableTarget, type TableWriter } from '../../terminal/table-format.js';
import { LookupNames } from '../../context/lookup-names.js';
import { FIELDS, REFERENCE_FIELDS, type JobField } from '../../domain/job-fields.js';
import type { JobNamer } from './job-view.js';

/** The service's columns and their places among the registry's (`column` in domain/job-fields.ts). */
const SERVICE_COLUMNS: ReadonlyArray<[name: string, place: number]> = [
  ['id', 0],
  ['statusLabel', 2.5],
  ['approvalStatusLabel', 2.5],
  ['createdAt', Number.MAX_SAFE_INTEGER],
  ['updatedAt', Number.MAX_SAFE_INTEGER],
];

const ID_FIELDS = REFERENCE_FIELDS.map((r) => r.idField);

function value(job: Job, field: string): CsvValue {
  const v = job[field];
  if (v === null || v === undefined) return undefined;
  if (Array.isArray(v)) return v.map(String).join('; ');
  if (typeof v === 'object') return JSON.stringify(v);
  return v as CsvValue;
}

/** The columns, in the table's order (`jobs list --wide`), then the rest of a job's fields. */
export function jobColumns(names: (job: Job) => JobNamer | undefined, fields: readonly JobField[] = FIELDS): CsvColumn<Job>[] {
  const field = (name: string): CsvColumn<Job> => ({ header: name, value: (job) => value(job, name) });
  const service: Record<string, CsvColumn<Job>> = {
    statusLabel: { header: 'statusLabel', value: (job) => job.statusLabel ?? job.status },
    approvalStatusLabel: { header: 'approvalStatusLabel', value: (job) => approvalWord(job.approvalStatus, job.approvalStatusLabel) },
  };
  // References are written by their name form's column, with the name where one is known.
  const own = (f: JobField): CsvColumn<Job> =>
    f.reference ? { header: f.reference.name, value: (job) => names(job)?.(job, f.name) ?? value(job, f.name) } : field(f.name);
  const last = Math.max(...fields.map((f) => f.column ?? 0)) + 1;
  const placed: Array<[number, CsvColumn<Job>]> = [
    ...SERVICE_COLUMNS.map(([name, place]): [number, CsvColumn<Job>] => [place, service[name] ?? field(name)]),
    ...fields.map((f): [number, CsvColumn<Job>] => [f.column ?? last, own(f)]),
  ];
  return placed.sort(([a], [b]) => a - b).map(([, column]) => column); // stable: equal places keep their order
}

/** Columns a workbook keeps as text: an id, and a code such as `00042` that a number would cut to 42. */
const TEXT_COLUMNS: ReadonlySet<string> = new Set(['id', 'jobCode']);

/** Writes jobs as a table (CSV or a workbook): each group of jobs with the names of its references. */
export class JobTable {
  private namer: JobNamer | undefined;
  private lookups: LookupNames | undefined;

  constructor(private readonly ctx: Uses<'io' | 'env' | 'globals' | 'now' | 'settings' | 'api'>) {}

  /** The table's shape: the columns, with the names of the group being written. */
  get shape(): TableShape<Job> {
    return { columns: jobColumns(() => this.namer), text: TEXT_COLUMNS, sheet: 'Jobs' };
  }

  async add(writer: TableWriter<Job>, jobs: readonly Job[]): Promise<void> {
    if (jobs.length === 0) return;
    const { loadJobNamer } = await import('./job-names.js');
    this.lookups ??= new LookupNames(this.ctx, await this.ctx.api());
    this.namer = await loadJobNamer(this.ctx, jobs, ID_FIELDS, { lookups: this.lookups, unique: true });
    await writer.rows(jobs);
  }
}

/** --output: which file now holds the jobs (stdout holds nothing). Said once the spinner is gone. */
export function wroteNote(ctx: Uses<'info'>, target: TableTarget, count: number): void {
  if (target.output !== undefined) ctx.info(`wrote ${count === 1 ? '1 job' : `${count.toLocaleString('en-US')} jobs`} to ${target.output}`);
}

export async function writeJobsTable(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'now' | 'settings' | 'api'>, target: TableTarget, jobs: readonly Job[]): Promise<void> {
  const table = new JobTable(ctx);
  await withTable(ctx, target, table.shape, (writer) => table.add(writer, jobs));
}
