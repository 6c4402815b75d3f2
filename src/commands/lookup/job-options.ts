// `recruit lookup job-options`: statuses and the code lists a job's fields take, from the one-day
// cache unless --refresh. Every section but the statuses is our assumption (decisions.md), so a
// section the service does not send is skipped.
import { getJobOptions } from '../../context/job-options.js';
import type { Uses } from '../../context/context.js';
import { printTable, stdoutChalk, writeJson, type Column } from '../../terminal/output.js';
import { sanitizeCell } from '../../core/sanitize.js';
import { withSpinner } from '../../terminal/spinner.js';
import type { CsvColumn } from '../../terminal/csv.js';
import type { TableTarget } from '../../terminal/table-format.js';

type Row = Record<string, unknown>;
type Cell = string | number | boolean | null | undefined;

interface Section {
  field: string;
  title: string;
  columns: Column<Row>[];
}

const text = (value: unknown): Cell =>
  value !== null && typeof value === 'object' ? JSON.stringify(value) : (value as Cell);

const CODE_LABEL: Column<Row>[] = [
  { header: 'CODE', value: (r) => text(r.code) },
  { header: 'LABEL', value: (r) => text(r.label) },
];

const SECTIONS: Section[] = [
  {
    field: 'statuses',
    title: 'Statuses',
    columns: [...CODE_LABEL, { header: 'CAN SET', value: (r) => (typeof r.canSet === 'boolean' ? (r.canSet ? 'yes' : 'no') : text(r.canSet)) }],
  },
  { field: 'jobTypes', title: 'Job types', columns: CODE_LABEL },
  { field: 'educationLevels', title: 'Education levels', columns: CODE_LABEL },
  { field: 'salaryIntervals', title: 'Salary intervals', columns: CODE_LABEL },
];

function rowsOf(value: unknown): Row[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((r): r is Row => r !== null && typeof r === 'object');
}

/** `--csv` or `--xlsx`: one row per entry of every section, led by the section's API field name. */
async function writeOptionsTable(ctx: Uses<'io' | 'globals' | 'color'>, all: Row, table: TableTarget): Promise<void> {
  const { writeTable } = await import('../../terminal/table-format.js');
  const rows = SECTIONS.flatMap((section) => (rowsOf(all[section.field]) ?? []).map((row) => ({ section: section.field, row })));
  const columns: CsvColumn<{ section: string; row: Row }>[] = [
    { header: 'section', value: (r) => r.section },
    { header: 'code', value: (r) => text(r.row.code) },
    { header: 'label', value: (r) => text(r.row.label) },
    { header: 'canSet', value: (r) => text(r.row.canSet) },
  ];
  await writeTable(ctx, table, { columns, text: new Set(['code']), sheet: 'job-options' }, rows);
}

export async function showJobOptions(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'now' | 'settings' | 'api' | 'spinner'>, refresh: boolean, table?: TableTarget): Promise<void> {
  const options = (await withSpinner(ctx, 'fetching the job options', () => getJobOptions(ctx, { refresh }))) as unknown;
  if (ctx.globals.json) return writeJson(ctx, options);
  const all: Row = options !== null && typeof options === 'object' ? (options as Row) : {};
  if (table) return writeOptionsTable(ctx, all, table);
  const tty = ctx.io.stdout.isTTY === true;
  const out = ctx.io.stdout;

  if (typeof all.initialStatus === 'string') {
    out.write(tty ? `Initial status: ${sanitizeCell(all.initialStatus)}\n\n` : `initialStatus\t${sanitizeCell(all.initialStatus)}\n`);
  }
  let first = true;
  for (const section of SECTIONS) {
    const rows = rowsOf(all[section.field]);
    if (!rows) continue;
    if (!tty) {
      // Piped: one row per entry, led by the section's API field name so a script can pick one.
      await printTable(ctx, [{ header: '', value: () => section.field }, ...section.columns], rows);
      continue;
    }
    const chalk = await stdoutChalk(ctx);
    out.write(`${first ? '' : '\n'}${chalk.bold(section.title)}\n`);
    first = false;
    await printTable(ctx, section.columns, rows);
  }
}
