// The end of a bulk change, by the batch's rules: every job's result in each form the renderer
// prints (terminal/job-results.ts: a JSON array with --json, tab-separated rows in a pipe, a report
// on a terminal), a tally, and the exit code of the worst failure (0 only when every job is
// changed or already as asked). Nothing here prints: the command does (commands/jobs/print-run.ts).
import { CliError } from '../../core/errors.js';
import { EXIT, type ExitCode } from '../../core/exit-codes.js';
import { mapped, type JobResults, type ReportBlock, type ReportColumn, type Tone } from '../../terminal/job-results.js';
import { CAPACITY_CODE, CREATED_BY_ANOTHER_RUN, type StopReason } from '../../exactly-once/classify.js';
import { resumeLine, type ResumeCommand } from '../../exactly-once/resume-command.js';
import { worstExit } from '../batch/results.js';
import { plural } from '../batch/summary.js';
import { BULK_LABELS, BULK_RESULTS, isDone, labelOf, type BulkItem, type BulkResult } from './bulk-item.js';

const NOT_ATTEMPTED: Record<StopReason, [string, ExitCode]> = {
  auth: ['not attempted: the run stopped when the token was refused (401)', EXIT.AUTH],
  proxy: ['not attempted: the run stopped when the proxy refused the connection or could not be reached', EXIT.PROXY],
  capacity: ["not attempted: the run stopped when the account's active-job limit was reached", EXIT.CONFLICT],
  wait: ['not attempted: the run stopped when the service asked to wait too long', EXIT.GAVE_UP],
  interrupted: ['not attempted: the run was interrupted', EXIT.INTERRUPTED],
  terminated: ['not attempted: the run was stopped (SIGTERM, SIGHUP or SIGBREAK)', EXIT.TERMINATED],
  changed: ['not attempted: the input changed during the run', EXIT.API_FAILED],
  local_state: ['not attempted: the journal could not be written', EXIT.LOCAL_STATE],
};

export function markNotAttempted(items: BulkItem<unknown>[], reason: StopReason | undefined): void {
  const [message, exit] = reason ? NOT_ATTEMPTED[reason] : ['not attempted', EXIT.API_FAILED];
  for (const item of items) {
    if (item.result !== 'not_attempted') continue;
    item.error = { code: 'not_attempted', message, status: null };
    item.exit = exit;
  }
}

function errorText(item: BulkItem<unknown>): string {
  return item.error ? `${item.error.status ? `${item.error.status} ` : ''}${item.error.message}` : '';
}

function jsonItem(item: BulkItem<unknown>): unknown {
  return {
    index: item.index,
    ok: isDone(item.result),
    result: item.result,
    jobId: item.jobId,
    title: item.title,
    sent: item.sent,
    ...item.view!.json,
    ...(item.result === 'would_change' ? { body: item.planned?.body } : {}),
    error: item.error,
  };
}

const TONES: Record<BulkResult, Tone> = {
  changed: 'good',
  would_change: 'planned',
  unchanged: 'plain',
  refused: 'bad',
  failed: 'bad',
  unknown: 'unsure',
  not_attempted: 'unsure',
};

const GAVE_UP = / \(gave up after \d+ attempts\)$/;

function isCapacity(item: BulkItem<unknown>, reason: StopReason | undefined): boolean {
  return item.error?.code === CAPACITY_CODE || (item.result === 'not_attempted' && reason === 'capacity');
}

/** On a terminal: the jobs done (one line each), then the others, those sharing a cause on one line. */
function bulkReport(items: readonly BulkItem<unknown>[], reason: StopReason | undefined): ReportBlock[] {
  const done = items.filter((i) => isDone(i.result));
  const groups = new Map<string, BulkItem<unknown>[]>();
  for (const item of items) {
    if (isDone(item.result)) continue;
    const key = isCapacity(item, reason) ? 'capacity' : `${item.result}\0${errorText(item).replace(GAVE_UP, '')}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  const blocks: ReportBlock[] = [];
  const row = (i: BulkItem<unknown>, last: string) => ({ cells: [String(i.jobId), i.title, labelOf(i), last], tone: TONES[i.result] });
  const columns = (last: string): ReportColumn[] => [{ header: 'JOB' }, { header: 'TITLE', max: 40, squeeze: true }, { header: 'RESULT', result: true }, { header: last, fit: true }];
  if (done.length > 0) blocks.push({ table: { columns: columns('CHANGE'), rows: done.map((i) => row(i, i.view!.text)) } });
  const attention = items.length - done.length;
  if (attention > 0) {
    if (done.length > 0) blocks.push({ line: '' });
    blocks.push({ line: `${attention} of ${plural(items.length, 'job')} ${attention === 1 ? 'needs' : 'need'} attention:` });
    const single = [...groups.values()].filter((g) => g.length === 1).map((g) => g[0]!);
    if (single.length > 0) blocks.push({ table: { columns: columns('ERROR'), rows: single.map((i) => row(i, errorText(i))) } });
    for (const group of groups.values()) {
      if (group.length === 1) continue;
      const first = group[0]!;
      const capacity = isCapacity(first, reason);
      blocks.push({
        group: {
          label: `${plural(group.length, 'job')} ${capacity ? 'not changed' : BULK_LABELS[first.result]}:`,
          tone: TONES[first.result],
          // The label says "not attempted" already: the cause is why.
          cause: capacity ? 'no free active-job slot — close a job or raise the limit' : errorText(first).replace(GAVE_UP, '').replace(/^not attempted: /, ''),
          members: { numbers: group.map((i) => i.jobId), as: 'ids' },
        },
      });
    }
  }
  return blocks;
}

/** Every job's result in each form: JSON, the piped rows (job id, title, result, the operation's columns, the error), the report. */
export function bulkResults(items: readonly BulkItem<unknown>[], reason: StopReason | undefined): JobResults {
  return {
    json: mapped(items, jsonItem),
    rows: mapped(items, (item) => [String(item.jobId), item.title, labelOf(item), ...item.view!.cells, errorText(item)]),
    report: () => bulkReport(items, reason),
  };
}

export function tallyLine(items: readonly BulkItem<unknown>[], seconds: number): string {
  // In the results' order, each changed job under its operation's word: `2 created, 1 updated, 1 failed`.
  const counts = new Map<string, number>();
  for (const result of BULK_RESULTS) {
    for (const item of items) if (item.result === result) counts.set(labelOf(item), (counts.get(labelOf(item)) ?? 0) + 1);
  }
  const parts = [...counts].map(([label, n]) => `${n} ${label}`);
  return `${plural(items.length, 'job')}: ${parts.join(', ')} (${seconds.toFixed(1)} s)`;
}

const RESUMES = 'jobs already as asked are reported unchanged and not sent, unanswered changes are re-sent with their original key';
const RESUME = `run the same command again: ${RESUMES}`;

/** A run stopped by a signal: the hint names the command that resumes it, as `recruit status` does, when it can be shown. */
function resumeHint(resume: ResumeCommand | undefined): string {
  if (!resume) return RESUME;
  const line = resumeLine(resume);
  if (line.hidden) return RESUME;
  return `run the same command again, \`${line.command}\`${line.stdin ? ` with ${line.stdin} on stdin` : ''}: ${RESUMES}`;
}

const HINTS: Partial<Record<ExitCode, string>> = {
  [EXIT.LOCAL_STATE]: `free space or fix the permissions of the state directory, then ${RESUME}`,
  [EXIT.AUTH]: `check the token and its permissions (\`recruit auth status\`), then ${RESUME}`,
  [EXIT.PROXY]: `nothing reached the service: fix the proxy settings (\`recruit help environment\`), then ${RESUME}`,
  [EXIT.CONFLICT]: `free active-job slots or settle the jobs' approval, then ${RESUME}`,
  [EXIT.GAVE_UP]: RESUME,
  [EXIT.API_FAILED]: `check the jobs named above, then ${RESUME}`,
};

/** The run's outcome when any job was not changed (or, with --dry-run, could not be read), for the command to throw. */
export function bulkOutcome(items: readonly BulkItem<unknown>[], reason: StopReason | undefined, resume?: ResumeCommand): CliError | undefined {
  const exit = worstExit(items.map((i) => i.exit));
  if (exit === EXIT.OK) return undefined;
  const missing = items.filter((i) => !isDone(i.result)).length;
  const unknown = items.filter((i) => i.result === 'unknown').length;
  const why = reason ? `; ${NOT_ATTEMPTED[reason][0].replace(/^not attempted: /, '')}` : '';
  const details = unknown
    ? [{ message: `${plural(unknown, 'job')} got no usable answer: whether ${unknown === 1 ? 'it was' : 'they were'} changed is not known; a re-run sends the same change again with the same Idempotency-Key` }]
    : [];
  // Jobs someone else changed meanwhile (settle.ts): the plan, not the account, is out of date.
  const stale = items.some((i) => i.error?.code === 'changed_since_plan' || i.error?.code === 'changed_since_replay');
  // Codes another apply created first, with other values (apply/operation.ts): a re-run plans their update.
  const raced = items.some((i) => i.error?.code === CREATED_BY_ANOTHER_RUN);
  const hint =
    exit === EXIT.INTERRUPTED || exit === EXIT.TERMINATED
      ? resumeHint(resume)
      : exit !== EXIT.CONFLICT
      ? HINTS[exit]
      : stale
        ? 'someone else changed those jobs meanwhile: check them, then run the command again to plan them anew'
        : raced
          ? "another run created those codes with other values: nothing was created twice; run the same command again to update them to this file's values"
          : HINTS[exit];
  return new CliError(`${missing} of ${plural(items.length, 'job')} ${missing === 1 ? 'was' : 'were'} not changed${why}`, exit, reason === 'local_state' ? 'local_state' : 'batch_incomplete', details, hint);
}
