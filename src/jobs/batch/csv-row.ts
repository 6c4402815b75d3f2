// A CSV batch file's header and rows as job objects: the columns are the batch file's field names
// (id or name forms), an empty cell is an absent field, lists are split at `;`, booleans are
// true/false/yes/no or a spreadsheet's words for them, numbers are numbers where the field is numeric. The job checks that follow
// (job-input.ts) are those of a JSON item; only what a cell's text cannot say is checked here.
import { UsageError, type ErrorDetail } from '../../core/errors.js';
import { readCell } from '../../terminal/csv.js';
import { editDistance } from '../../core/suggest.js';
import { setOwnField } from '../../domain/own-field.js';
import { FIELDS, namesOfKind, parseBooleanText, parseListText, parseReferenceText, readCellNumber, type DecimalMark } from '../../domain/job-fields.js';
import { delimiterName, type Delimiter } from './delimiter.js';
import { READ_ONLY_JOB_FIELDS, WRITABLE_JOB_FIELDS } from '../../domain/job-rules.js';
import { REFERENCES, type Problem } from '../job-input.js';

const NUMBER_FIELDS = new Set(namesOfKind('number'));
const LIST_FIELDS = new Set(namesOfKind('list'));
const BOOLEAN_FIELDS = new Set(namesOfKind('boolean'));
const ID_FIELDS = new Set(namesOfKind('reference'));
/** Columns of `jobs list --csv` that the service sets: ignored when read back (`id` marks an existing job). */
const SERVICE_FIELDS = new Set<string>(READ_ONLY_JOB_FIELDS);
const KNOWN = new Set<string>([...WRITABLE_JOB_FIELDS, ...REFERENCES.map((r) => r.name)]);

/** The most columns a header may have: generous (a `jobs list --csv` has a few dozen), and a bound on what a damaged file costs. */
export const MAX_COLUMNS = 500;

/** The columns a header must have: one of each group. */
export const REQUIRED_COLUMNS: ReadonlyArray<readonly string[]> = FIELDS.filter((f) => f.required === 'always').map((f) =>
  f.reference ? [f.reference.name, f.name] : [f.name],
);

/**
 * The field a column name is a slip of: another case or spacing ("Job Function"), or a typo of one
 * or two letters ("Titel"). Any other name is a field of the service's that the CLI does not know,
 * passed through with a warning, as in a JSON file.
 */
function nearMiss(column: string, lower: ReadonlyMap<string, string>): string | undefined {
  const squashed = column.toLowerCase().replace(/[\s_-]+/g, '');
  const same = lower.get(squashed);
  if (same) return same;
  const allowance = squashed.length >= 8 ? 2 : squashed.length >= 4 ? 1 : 0;
  for (const [name, field] of lower) if (allowance > 0 && editDistance(squashed, name) <= allowance) return field;
  return undefined;
}

export class CsvHeader {
  /** Each column's name; '' for a column without one. */
  readonly columns: string[];
  private readonly present: Set<string>;

  constructor(
    cells: readonly string[],
    display: string,
    private readonly delimiter: Delimiter = ',',
  ) {
    this.columns = cells.map((c) => c.trim());
    this.present = new Set(this.columns.filter(Boolean));
    const problems = this.problems();
    if (problems.length > 0) {
      throw new UsageError(
        `the header row of ${display} is not usable; nothing was sent`,
        problems,
        'the first row names the columns with the batch file\'s field names (title, description, location, jobFunction, ...): see `recruit help formats`',
      );
    }
  }

  private problems(): ErrorDetail[] {
    const problems: ErrorDetail[] = [];
    const at = (column: string | undefined, message: string) => problems.push({ row: 1, ...(column ? { column } : {}), message });
    const other = this.columns.length === 1 ? (['\t', ';', ','] as const).find((d) => d !== this.delimiter && this.columns[0]!.includes(d)) : undefined;
    if (other) {
      at(undefined, `is one column split by ${delimiterName(other)}s, but the file was read with ${delimiterName(this.delimiter)}s between columns: leave out --delimiter, or give --delimiter ${other === '\t' ? 'tab' : other}`);
      return problems;
    }
    if (this.columns.length > MAX_COLUMNS) {
      at(undefined, `has ${this.columns.length.toLocaleString('en-US')} columns; a batch file has at most ${MAX_COLUMNS} (one per field of a job)`);
      return problems;
    }
    const seen = new Set<string>();
    const lower = new Map([...KNOWN, ...SERVICE_FIELDS].map((f) => [f.toLowerCase(), f]));
    for (const column of this.columns) {
      if (column === '') continue;
      if (seen.has(column)) at(column, 'appears twice in the header');
      seen.add(column);
      if (KNOWN.has(column) || SERVICE_FIELDS.has(column)) continue;
      const close = nearMiss(column, lower);
      if (close) at(column, `is not a field name; did you mean "${close}"? (names are case-sensitive)`);
    }
    for (const group of REQUIRED_COLUMNS) {
      if (group.some((c) => this.present.has(c))) continue;
      at(undefined, `has no column ${group.join(' or ')}, which every job needs`);
    }
    return problems;
  }

  /** Whether the header has a column named `name`. */
  has(name: string): boolean {
    return this.present.has(name);
  }

  /** Columns that are not fields the CLI knows (passed through as text, as unknown fields of a JSON item are). */
  get unknown(): string[] {
    return this.columns.filter((c) => c !== '' && !KNOWN.has(c) && !SERVICE_FIELDS.has(c));
  }

  /** Columns of the service's own fields (from `jobs list --csv`), which are not sent. */
  get serviceColumns(): string[] {
    return this.columns.filter((c) => SERVICE_FIELDS.has(c));
  }

  /**
   * The column a problem with `field` is about: the field's own column, or the other form of the
   * same reference (a problem of jobFunctionId in a file with a jobFunction column); the field
   * itself when the header has neither (a required column the row leaves out, customerId).
   */
  columnFor(field: string): string {
    if (this.present.has(field)) return field;
    const ref = REFERENCES.find((r) => r.idField === field || r.name === field);
    if (ref) {
      if (this.present.has(ref.name)) return ref.name;
      if (this.present.has(ref.idField)) return ref.idField;
    }
    return field;
  }
}

/** A row's jobCode cell as its text, trimmed; '' when the header has no such column. */
function codeCell(columns: readonly string[], cells: readonly string[], textOf: (raw: string) => string): string {
  const at = columns.indexOf('jobCode');
  return at === -1 ? '' : textOf(cells[at]!).trim();
}

export type CsvRow =
  | { kind: 'blank' }
  | { kind: 'existing'; id: string; /** Its jobCode cell, trimmed, or '' (a copy of the row must not keep it). */ code: string }
  | { kind: 'job'; value: Record<string, unknown>; problems: Problem[] };

/**
 * One data row as a job; `index` is the item it becomes (for its problems). A row with an id is an
 * existing job, skipped, unless `withService`: then its id (a number when it is digits) and the
 * other columns the service sets are kept in the job as their text, for the caller to take out.
 * `textOf` undoes what the writer did to a cell's text (a workbook's cells need nothing undone).
 */
export function readRow(
  header: CsvHeader,
  cells: readonly string[],
  index: number,
  withService = false,
  decimal: DecimalMark = '.',
  textOf: (raw: string) => string = readCell,
): CsvRow {
  if (cells.every((c) => c.trim() === '')) return { kind: 'blank' };
  const problems: Problem[] = [];
  const at = (field: string, message: string) => problems.push({ item: index, field, message });
  const { columns } = header;
  if (cells.length !== columns.length) {
    at('(row)', `has ${cells.length} cells, but the header has ${columns.length} columns (a line break in a cell needs the cell in quotes)`);
    return { kind: 'job', value: {}, problems };
  }
  const value: Record<string, unknown> = {};
  for (let k = 0; k < columns.length; k++) {
    const column = columns[k]!;
    const raw = cells[k]!;
    const trimmed = raw.trim();
    if (trimmed === '') continue;
    if (column === '') {
      at(`column ${k + 1}`, 'has a value, but the column has no name in the header row');
      continue;
    }
    if (SERVICE_FIELDS.has(column)) {
      if (!withService) {
        if (column === 'id') return { kind: 'existing', id: trimmed, code: codeCell(columns, cells, textOf) };
        continue;
      }
      value[column] = column === 'id' && /^\d+$/.test(trimmed) ? Number(trimmed) : textOf(raw).trim();
      continue;
    }
    const text = textOf(raw);
    const cell = text.trim();
    if (NUMBER_FIELDS.has(column)) {
      const n = readCellNumber(cell, decimal);
      if (n !== undefined && 'value' in n) value[column] = n.value;
      else if (n !== undefined && 'inexact' in n) {
        const rounded = Number.isFinite(n.inexact) && n.inexact !== 0 ? `it would be read as ${n.inexact}` : 'it is out of range';
        at(column, `"${cell}" has more digits than a number holds exactly (${rounded}): write it with at most 15 significant digits`);
      } else if (n !== undefined) {
        const [grouped, fraction] = n.ambiguous;
        at(column, `"${cell}" reads two ways: ${grouped} (with a thousands separator) or ${fraction} (with a decimal comma or point); write ${grouped} or ${fraction}`);
      } else at(column, `must be a number, such as ${decimal === ',' ? '1200, 70.000 or 12,5' : '1200, 70,000 or 12.5'} (no currency), got "${cell}"`);
    } else if (BOOLEAN_FIELDS.has(column)) {
      const flag = parseBooleanText(cell);
      if (flag !== undefined) value[column] = flag;
      else at(column, `must be true, false, yes or no, got "${cell}"`);
    } else if (LIST_FIELDS.has(column)) {
      value[column] = parseListText(cell, ';');
    } else if (ID_FIELDS.has(column)) {
      // Digits are an id; anything else is left for the job checks to name ("must be a positive integer id").
      value[column] = parseReferenceText(cell);
    } else {
      setOwnField(value, column, text);
    }
  }
  return { kind: 'job', value, problems };
}
