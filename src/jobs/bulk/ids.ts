// The job ids of a bulk change: given on the command line, or `-` for stdin, where they come one
// per line (a line may go on after a tab, so `recruit jobs list` piped works as it is), as the
// JSON that `recruit jobs list --json` and `jobs get --json` print (jobs with an `id`; bare ids too),
// or as a CSV with a header row that has an `id` column (`recruit jobs list --csv`).
// Anything else is a usage error naming the argument, line or element: nothing has been sent.
import { UsageError, type ErrorDetail } from '../../core/errors.js';
import { readCell } from '../../terminal/csv.js';
import { detectDelimiter, type Delimiter } from '../batch/delimiter.js';

export interface JobIds {
  ids: number[];
  /** The ids came from stdin (`-`): a bulk change even when there is one. */
  fromStdin: boolean;
  /** Ids given more than once, each changed once. */
  repeated: number[];
}

const MAX_SHOWN_PROBLEMS = 20;

function asId(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 1 ? value : undefined;
  if (typeof value !== 'string' || !/^\d+$/.test(value.trim())) return undefined;
  const id = Number(value.trim());
  return Number.isSafeInteger(id) && id >= 1 ? id : undefined;
}

function shown(text: string): string {
  return JSON.stringify(text.length > 40 ? `${text.slice(0, 39)}…` : text);
}

function fail(problems: ErrorDetail[], what: string): never {
  const more = problems.length - MAX_SHOWN_PROBLEMS;
  throw new UsageError(
    `${problems.length} of the job ids on stdin ${problems.length === 1 ? 'is' : 'are'} not valid; nothing was sent`,
    [...problems.slice(0, MAX_SHOWN_PROBLEMS), ...(more > 0 ? [{ message: `… and ${more} more` }] : [])],
    what,
  );
}

const STDIN_HINT = 'give one job id per line, the JSON of `recruit jobs list --json` (an array of jobs), or a CSV with an `id` column (`recruit jobs list --csv`)';

/** The ids of a JSON value: an array of jobs (objects with an `id`) or of ids, or one job. */
function idsOfJson(value: unknown): number[] {
  const items = Array.isArray(value) ? value : [value];
  const problems: ErrorDetail[] = [];
  const ids: number[] = [];
  items.forEach((item, index) => {
    const raw = item !== null && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>).id : item;
    const id = asId(raw);
    if (id !== undefined) ids.push(id);
    else {
      const why = raw === undefined ? 'has no "id"' : `${JSON.stringify(raw)?.slice(0, 40)} is not a job id (a positive integer)`;
      problems.push({ message: `element ${index}: ${why}` });
    }
  });
  if (problems.length > 0) fail(problems, STDIN_HINT);
  return ids;
}

/** NDJSON of jobs, one object per line. */
function idsOfJsonLines(lines: string[]): number[] {
  const ids: number[] = [];
  const problems: ErrorDetail[] = [];
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      ids.push(...idsOfJson(JSON.parse(line)));
    } catch (error) {
      const why = error instanceof UsageError ? 'has no job id' : 'is not valid JSON';
      problems.push({ message: `line ${i + 1}: ${why}` });
    }
  });
  if (problems.length > 0) fail(problems, STDIN_HINT);
  return ids;
}

/** One id per line; what follows a tab (the other columns of `jobs list` in a pipe) is ignored. */
function idsOfLines(lines: string[]): number[] {
  const ids: number[] = [];
  const problems: ErrorDetail[] = [];
  lines.forEach((line, i) => {
    const first = line.split('\t')[0]!.trim();
    if (first === '') return;
    const id = asId(first);
    if (id !== undefined) ids.push(id);
    else problems.push({ message: `line ${i + 1}: ${shown(first)} is not a job id (a positive integer)` });
  });
  if (problems.length > 0) fail(problems, STDIN_HINT);
  return ids;
}

/** The index of the `id` column when the first line is a CSV header that has one (any separator `jobs apply` reads). */
function csvIdColumn(firstLine: string): { column: number; delimiter: Delimiter } | undefined {
  const delimiter = detectDelimiter(firstLine);
  const cells = firstLine.split(delimiter).map((cell) => readCell(cell.trim().replace(/^"(.*)"$/, '$1')).trim().toLowerCase());
  const column = cells.indexOf('id');
  // A lone "id" is a one-column CSV's header; with other columns, the header of `jobs list --csv`.
  return column === -1 ? undefined : { column, delimiter };
}

/** The `id` column of a CSV, row by row as a spreadsheet numbers them (the header is row 1). */
async function idsOfCsv(body: string, { column, delimiter }: { column: number; delimiter: Delimiter }): Promise<number[]> {
  const { parse } = await import('csv-parse/sync');
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(body, { delimiter, relax_column_count: true, skip_empty_lines: true, info: true }) as unknown as typeof records;
  } catch (error) {
    throw new UsageError(`the CSV on stdin cannot be read: ${(error as Error).message}; nothing was sent`, [], STDIN_HINT);
  }
  const ids: number[] = [];
  const problems: ErrorDetail[] = [];
  for (const { record, info } of records.slice(1)) {
    const cell = readCell(record[column] ?? '').trim();
    if (cell === '' && record.every((c) => c.trim() === '')) continue;
    const id = asId(cell);
    if (id !== undefined) ids.push(id);
    else problems.push({ message: `row ${info.lines}: ${cell === '' ? 'has no id' : `${shown(cell)} is not a job id (a positive integer)`}` });
  }
  if (problems.length > 0) fail(problems, STDIN_HINT);
  return ids;
}

/** The ids in `text`, read from stdin. */
export async function parseStdinIds(text: string): Promise<number[]> {
  const body = text.replace(/^\uFEFF/, '');
  const start = body.trimStart()[0];
  let ids: number[];
  if (start === '[' || start === '{') {
    let value: unknown;
    let parsed = true;
    try {
      value = JSON.parse(body);
    } catch (error) {
      if (start === '[') throw new UsageError(`the job ids on stdin are not valid JSON: ${(error as Error).message}; nothing was sent`, [], STDIN_HINT);
      parsed = false;
    }
    ids = parsed ? idsOfJson(value) : idsOfJsonLines(body.split(/\r?\n/));
  } else {
    const lines = body.split(/\r?\n/);
    const header = csvIdColumn(lines.find((line) => line.trim() !== '') ?? '');
    ids = header ? await idsOfCsv(body, header) : idsOfLines(lines);
  }
  // Empty: a list that found nothing (`jobs list ... --json` prints []), so there is nothing to change.
  return ids;
}

/**
 * The ids given as arguments: numbers, or `-` alone. `readStdin` is called only for `-`, and not
 * when stdin is a terminal (`stdinIsTerminal`): ids are piped in, never typed.
 */
export async function jobIds(args: readonly string[], readStdin: () => Promise<string>, stdinIsTerminal = false): Promise<JobIds> {
  if (args.length === 0) throw new UsageError('give at least one job id, or - to read them from stdin');
  let ids: number[];
  const fromStdin = args.includes('-');
  if (fromStdin) {
    if (args.length > 1) throw new UsageError('- reads the job ids from stdin: give ids or -, not both');
    if (stdinIsTerminal) throw new UsageError('- reads the job ids from stdin, which is a terminal', [], `pipe them in: ${STDIN_HINT.replace(/^give /, '')}`);
    ids = await parseStdinIds(await readStdin());
  } else {
    const bad = args.filter((a) => asId(a) === undefined);
    if (bad.length > 0) {
      throw new UsageError(`job id must be a positive integer, got ${bad.map((b) => `"${b}"`).join(', ')}`, [], 'give job ids, or - to read them from stdin');
    }
    ids = args.map((a) => asId(a)!);
  }
  const seen = new Set<number>();
  const repeated = new Set<number>();
  const unique: number[] = [];
  for (const id of ids) {
    if (seen.has(id)) repeated.add(id);
    else {
      seen.add(id);
      unique.push(id);
    }
  }
  return { ids: unique, fromStdin, repeated: [...repeated] };
}
