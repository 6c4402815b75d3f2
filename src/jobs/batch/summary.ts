// The end of a run: every item's result in each form the renderer prints (terminal/job-results.ts:
// a report, tab-separated rows, a JSON array with --json, a table with --csv or --xlsx), a one-line
// tally, and the outcome with the exit code of the worst failure. Nothing here prints: the command
// does (commands/jobs/print-run.ts).
import { approvalWord } from '../../domain/job-status.js';
import { CliError } from '../../core/errors.js';
import { EXIT, type ExitCode } from '../../core/exit-codes.js';
import { mapped, type Cell, type JobResults } from '../../terminal/job-results.js';
import type { StopReason } from '../../exactly-once/classify.js';
import type { RowNumbers } from './validate.js';
import { batchReport, LABELS } from './report.js';
import { isCreated, RESULT_KINDS, type ItemResult, type ResultKind, type Results } from './results.js';

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** ", 4 at a time" for the start line of a run sending `count` requests; nothing for one. */
export function atATime(count: number, concurrency: number): string {
  return count > 1 ? `, ${Math.min(count, concurrency)} at a time` : '';
}

function errorText(r: ItemResult): string | null {
  return r.error && `${r.error.status ? `${r.error.status} ` : ''}${r.error.message}`;
}

/** The piped row of an item: its number, title, result, job id, status, approval, the full error. */
function row(r: ItemResult): Cell[] {
  return [r.index, r.title, LABELS[r.result], r.created?.jobId, r.created && (r.created.statusLabel ?? r.created.status), r.created && approvalWord(r.created.approvalStatus, r.created.approvalStatusLabel), errorText(r)];
}

const NOT_ATTEMPTED: Record<StopReason, [string, ExitCode]> = {
  auth: ['not attempted: the run stopped when the token was refused (401/403)', EXIT.AUTH],
  proxy: ['not attempted: the run stopped when the proxy refused the connection or could not be reached', EXIT.PROXY],
  capacity: ["not attempted: the run stopped when the account's active-job limit was reached", EXIT.CONFLICT],
  wait: ['not attempted: the run stopped when the service asked to wait too long', EXIT.GAVE_UP],
  interrupted: ['not attempted: the run was interrupted', EXIT.INTERRUPTED],
  terminated: ['not attempted: the run was stopped (SIGTERM, SIGHUP or SIGBREAK)', EXIT.TERMINATED],
  changed: ['not attempted: the file changed during the run', EXIT.API_FAILED],
  local_state: ['not attempted: the batch journal could not be written', EXIT.LOCAL_STATE],
};

/** Why the run stopped early, as the end of the closing line says it. */
const STOPPED: Record<StopReason, string> = {
  auth: 'the run stopped when the token was refused',
  proxy: 'the run stopped when the proxy refused the connection or could not be reached',
  capacity: "the run stopped at the account's active-job limit",
  wait: 'the run stopped when the service asked to wait longer than it waits',
  interrupted: 'the run was interrupted',
  terminated: 'the run was stopped (SIGTERM, SIGHUP or SIGBREAK)',
  changed: 'the run stopped because the file changed while it ran',
  local_state: 'the run stopped because the batch journal could not be written',
};

/** Gives the items that were never sent their reason. */
export function markNotAttempted(results: Results, reason: StopReason | undefined): void {
  const [message, exit] = reason ? NOT_ATTEMPTED[reason] : ['not attempted', EXIT.API_FAILED];
  const error = { code: 'not_attempted', message, status: null };
  for (let i = 0; i < results.size; i++) if (results.kind(i) === 'not_attempted') results.failed(i, 'not_attempted', error, exit);
}

function jsonItem(r: ItemResult) {
  return {
    index: r.index,
    ok: isCreated(r),
    result: r.result,
    title: r.title,
    jobId: r.created?.jobId ?? null,
    status: r.created?.status ?? null,
    statusLabel: r.created?.statusLabel ?? null,
    approvalStatus: r.created?.approvalStatus ?? null,
    approvalStatusLabel: r.created?.approvalStatusLabel ?? null,
    error: r.error,
  };
}

/**
 * With --csv or --xlsx: the piped rows' columns with a header, the item's row of a sheet (CSV or a
 * workbook) beside its number, and its jobCode, so that a spreadsheet can look a result up by either.
 */
function tableOf(results: Results, rows: RowNumbers | undefined): NonNullable<JobResults['table']> {
  const byRow = rows !== undefined && rows.size > 0;
  return {
    header: ['item', ...(byRow ? ['row'] : []), 'title', 'jobCode', 'result', 'jobId', 'status', 'approval', 'error'],
    rows: mapped(results.all(), (r) => [
      r.index,
      ...(byRow ? [rows.get(r.index)] : []),
      r.title,
      r.jobCode || undefined,
      LABELS[r.result],
      r.created?.jobId,
      r.created && (r.created.statusLabel ?? r.created.status),
      r.created && approvalWord(r.created.approvalStatus, r.created.approvalStatusLabel),
      errorText(r),
    ]),
    text: new Set(['jobCode', 'jobId']),
    sheet: 'Results',
  };
}

/**
 * Every item's result in each form: JSON, the piped rows, a table, the report on a terminal
 * (report.ts). `rows`: the items' rows when the file was a sheet, CSV or a workbook (none otherwise).
 */
export function batchResults(results: Results, reason: StopReason | undefined, rows?: RowNumbers): JobResults {
  return {
    json: mapped(results.all(), jsonItem),
    rows: mapped(results.all(), row),
    table: tableOf(results, rows),
    report: () => batchReport(results, reason, rows),
  };
}

export function tally(results: Results): Record<ResultKind, number> {
  const counts = Object.fromEntries(RESULT_KINDS.map((k) => [k, 0])) as Record<ResultKind, number>;
  for (let i = 0; i < results.size; i++) counts[results.kind(i)]++;
  return counts;
}

export function tallyLine(results: Results, seconds: number): string {
  const c = tally(results);
  const created = c.created + c.already_created;
  const parts = [`${created} created${c.already_created ? ` (${c.already_created} in an earlier run)` : ''}`];
  if (c.refused + c.already_refused) parts.push(`${c.refused + c.already_refused} refused${c.already_refused ? ` (${c.already_refused} in an earlier run)` : ''}`);
  if (c.failed) parts.push(`${c.failed} failed`);
  if (c.unknown) parts.push(`${c.unknown} outcome unknown`);
  if (c.not_attempted) parts.push(`${c.not_attempted} not attempted`);
  return `${plural(results.size, 'job')}: ${parts.join(', ')} (${seconds.toFixed(1)} s)`;
}

const RESUME = 'run the same command again to continue: created jobs are skipped, unanswered ones re-sent with their original key';

const HINTS: Partial<Record<ExitCode, string>> = {
  [EXIT.INTERRUPTED]: RESUME,
  [EXIT.TERMINATED]: RESUME,
  [EXIT.LOCAL_STATE]: `free space or fix the permissions of the state directory, then ${RESUME}`,
  [EXIT.AUTH]:
    'check the token (`recruit auth status`), then run the same command again: created jobs are skipped, unanswered ones re-sent with their original key',
  [EXIT.PROXY]: 'nothing reached the service: fix the proxy settings (`recruit help environment`), then run the same command again',
  [EXIT.GAVE_UP]:
    'run the same command again: jobs that got no answer are re-sent with their original Idempotency-Key, so none is created twice',
  [EXIT.API_FAILED]: 'fix the refused items in the file and run the same command again: only new, changed and unfinished items are sent',
};

/**
 * A 409 of a batch is the account's active-job limit (the run stops: `capacity`) or a publication
 * the account refused at creation (approval accounts): the hint names the one that applies.
 */
function conflictHint(reason: StopReason | undefined): string {
  return reason === 'capacity'
    ? 'free active-job slots (`recruit jobs status <id> closed`), then run the same command again: created jobs are skipped'
    : 'create the refused jobs unpublished (without publishToCareerPage/publishToFreeJobBoards) and publish them once approved and active, then run the same command again: created jobs are skipped';
}

/** The run's outcome when any item is not created, for the command to throw; `cause` says what stopped it, when something did. */
export function batchOutcome(results: Results, reason: StopReason | undefined, cause?: Error): CliError | undefined {
  const exit = results.worstExit();
  if (exit === EXIT.OK) return undefined;
  const missing = results.size - results.count('created') - results.count('already_created');
  const why = reason ? `; ${STOPPED[reason]}` : '';
  const unknown = results.count('unknown');
  const details = [
    ...(cause ? [{ message: cause.message }] : []),
    ...(unknown > 0
      ? [
          {
            message: `${plural(unknown, 'job')} got no usable answer: whether ${unknown === 1 ? 'it was' : 'they were'} created is not known; a re-run sends ${unknown === 1 ? 'it' : 'them'} again with the same Idempotency-Key, so none is created twice`,
          },
        ]
      : []),
  ];
  const notCreated = unknown > 0 ? 'not created, or not confirmed' : 'not created';
  // Exit 1 without a refused item (answers that were no created job, a changed file): nothing to fix in the file.
  const refused = results.count('refused') + results.count('already_refused');
  const hint = exit === EXIT.API_FAILED && refused === 0 ? RESUME : exit === EXIT.CONFLICT ? conflictHint(reason) : HINTS[exit];
  return new CliError(`${missing} of ${results.size} jobs ${missing === 1 ? 'was' : 'were'} ${notCreated}${why}`, exit, reason === 'local_state' ? 'local_state' : 'batch_incomplete', details, hint);
}
