// Tables for spreadsheets: `--csv` or `--xlsx`, on stdout or to `--output <file>`. One place says
// which of the output flags go together, and opens the writer of the format: the CSV writer
// (csv.ts; Excel-ready in a file: a BOM, CRLF, codes kept as text), or the workbook writer
// (xlsx-writer.ts, and exceljs with it), loaded only for --xlsx.
// A file is written beside its name and renamed into place at the end, so a failed export leaves
// no half a file.
import { createWriteStream, renameSync, rmSync, type WriteStream } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { CliError, describeFsError, UsageError } from '../core/errors.js';
import { EXIT } from '../core/exit-codes.js';
import { CsvWriter } from './csv.js';
import type { Output, Stream } from './io.js';
import type { TableShape, TableWriter } from './table-shape.js';

export type { TableShape, TableWriter } from './table-shape.js';

export type TableFormat = 'csv' | 'xlsx';

export interface TableFlags {
  csv?: boolean | undefined;
  xlsx?: boolean | undefined;
  output?: string | undefined;
}

/** Where a table goes: its format, and a file (--output) or stdout. */
export interface TableTarget {
  format: TableFormat;
  output?: string;
}

/** The table asked for, if any: --csv and --xlsx exclude each other and --json; --output needs one of them; a workbook never goes to a terminal. */
export function wantsTable(ctx: Output, flags: TableFlags): TableTarget | undefined {
  const asked = (['csv', 'xlsx'] as const).filter((f) => flags[f] === true);
  if (asked.length > 1) throw new UsageError('--csv and --xlsx cannot be combined: choose one output format');
  const format = asked[0];
  if (format && ctx.globals.json) throw new UsageError(`--${format} and --json cannot be combined: choose one output format`);
  const output = flags.output;
  if (output !== undefined) {
    if (!format) throw new UsageError('--output goes with --csv or --xlsx', [], 'e.g. --xlsx --output jobs.xlsx');
    if (output.trim() === '' || output === '-') throw new UsageError('--output needs a file name', [], 'leave --output out to write to stdout');
    refuseOtherExtension(format, output);
    return { format, output };
  }
  if (format === 'xlsx' && ctx.io.stdout.isTTY) {
    throw new UsageError('--xlsx writes a workbook, which is not for a terminal: give a file', [], 'add --output jobs.xlsx, or redirect stdout: > jobs.xlsx');
  }
  return format && { format };
}

/** Names of the other format: a workbook under a `.csv` name, or CSV text under a `.xlsx` one, would open as garbage. */
const OTHER_EXTENSIONS: Record<TableFormat, readonly string[]> = { xlsx: ['.csv', '.tsv', '.txt'], csv: ['.xlsx', '.xlsm', '.xls'] };

/** Refuses `--output` whose extension is the other format's, before anything is read or sent (docs/decisions.md). */
function refuseOtherExtension(format: TableFormat, output: string): void {
  const name = basename(output);
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot) : '';
  if (!OTHER_EXTENSIONS[format].includes(extension.toLowerCase())) return;
  const stem = name.slice(0, dot);
  throw new UsageError(
    format === 'xlsx'
      ? `--xlsx writes a workbook, but --output ${output} ends in ${extension}; nothing was written`
      : `--csv writes CSV text, but --output ${output} ends in ${extension}; nothing was written`,
    [],
    format === 'xlsx' ? `name the file ${stem}.xlsx, or write CSV with --csv` : `name the file ${stem}.csv, or write a workbook with --xlsx`,
  );
}

/** A file written under a temporary name beside it, renamed into place when whole. */
class FileOut {
  readonly stream: WriteStream;
  private readonly temporary: string;
  /** The first failure of a write (a full disk): the stream closes, and commit() says it. */
  private failure: Error | undefined;

  constructor(private readonly file: string) {
    this.temporary = join(dirname(file), `.${basename(file)}.${process.pid}.tmp`);
    this.stream = createWriteStream(this.temporary, { mode: 0o644 });
    this.stream.on('error', (error) => (this.failure ??= error));
  }

  /** Opened, or why not. */
  opened(): Promise<Error | undefined> {
    return new Promise((resolve) => {
      this.stream.once('open', () => resolve(undefined));
      this.stream.once('error', resolve);
    });
  }

  async commit(): Promise<void> {
    if (!this.failure) await new Promise<void>((resolve) => this.stream.end(resolve)).catch(() => undefined);
    if (this.failure) {
      throw new CliError(`--output: could not write ${this.file}: ${describeFsError(this.failure)}`, EXIT.LOCAL_STATE, 'output', [], 'free space or choose another place for --output');
    }
    renameSync(this.temporary, this.file);
  }

  abort(): void {
    this.stream.destroy();
    rmSync(this.temporary, { force: true });
  }
}

/**
 * Runs `body` with a writer of the table, and ends it: the header is written first, then what
 * `body` adds. On a failure a file being written is removed.
 */
export async function withTable<T>(ctx: Output, target: TableTarget, shape: TableShape<T>, body: (writer: TableWriter<T>) => Promise<void>): Promise<void> {
  let file: FileOut | undefined;
  if (target.output !== undefined) {
    const opening = new FileOut(target.output);
    const failure = await opening.opened();
    if (failure) {
      opening.abort();
      const missing = (failure as NodeJS.ErrnoException).code === 'ENOENT';
      throw new UsageError(`--output: cannot write "${target.output}": ${missing ? 'no such directory' : failure.message}`);
    }
    file = opening;
  }
  const out: Stream = file ? file.stream : ctx.io.stdout;
  try {
    const writer: TableWriter<T> =
      target.format === 'xlsx'
        ? await (await import('./xlsx-writer.js')).XlsxWriter.open(out, shape)
        : // A CSV file is for Excel: a BOM, and text Excel would turn into a number kept as text (csv.ts).
          new CsvWriter(out, shape.columns, file ? 'excel' : undefined);
    await writer.header();
    await body(writer);
    await writer.end();
    await file?.commit();
  } catch (error) {
    file?.abort();
    throw error;
  }
}

/** A whole table at once. */
export function writeTable<T>(ctx: Output, target: TableTarget, shape: TableShape<T>, rows: Iterable<T>): Promise<void> {
  return withTable(ctx, target, shape, (writer) => writer.rows(rows));
}
