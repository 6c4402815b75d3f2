// The end of a bulk change, by the batch's rules: every job's result on stdout (a JSON array with
// --json, tab-separated rows in a pipe, a report on a terminal), a tally on stderr, and the exit
// code of the worst failure (0 only when every job is changed or already as asked).
import type { Context } from '../../context/context.js';
import { CliError } from '../../core/errors.js';
import { EXIT, type ExitCode } from '../../core/exit-codes.js';
import { fitTable, type FitColumn } from '../../terminal/fit-table.js';
import { writeOut } from '../../terminal/io.js';
import { JsonArrayWriter, stdoutChalk } from '../../terminal/output.js';
import { sanitizeCell } from '../../core/sanitize.js';
import { cut, displayWidth } from '../../core/text-width.js';
import { CAPACITY_CODE, type StopReason } from '../../exactly-once/classify.js';
import { worstExit } from '../batch/results.js';
import { plural } from '../batch/summary.js';
import { BULK_LABELS, BULK_RESULTS, isDone, type BulkItem, type BulkResult } from './bulk-item.js';

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

async function writeJsonItems(ctx: Context, items: BulkItem<unknown>[]): Promise<void> {
  const writer = new JsonArrayWriter(ctx.io.stdout);
  const body = (item: BulkItem<unknown>) => (item.result === 'would_change' ? { body: item.planned?.body } : {});
  for (let i = 0; i < items.length; i += 500) {
    await writer.add(
      items.slice(i, i + 500).map((item) => ({
        index: item.index,
        ok: isDone(item.result),
        result: item.result,
        jobId: item.jobId,
        title: item.title,
        sent: item.sent,
        ...item.view!.json,
        ...body(item),
        error: item.error,
      })),
    );
  }
  await writer.end();
}

/** Piped: job id, title, result, the operation's columns, the error; every job, in the order given. */
async function writeRows(ctx: Context, items: BulkItem<unknown>[]): Promise<void> {
  let chunk = '';
  for (const item of items) {
    chunk += `${[String(item.jobId), item.title, BULK_LABELS[item.result], ...item.view!.cells, errorText(item)].map(sanitizeCell).join('\t')}\n`;
    if (chunk.length > 64 * 1024) {
      await writeOut(ctx.io.stdout, chunk);
      chunk = '';
    }
  }
  await writeOut(ctx.io.stdout, chunk);
}

/** Job ids as one line within `width`; what does not fit is counted. */
function idList(ids: readonly number[], width: number): string {
  let text = '';
  for (let i = 0; i < ids.length; i++) {
    const next = text ? `${text}, ${ids[i]}` : String(ids[i]);
    const tail = i < ids.length - 1 ? `, … and ${ids.length - i - 1} more` : '';
    if (text && next.length + tail.length > width) return `${text}, … and ${ids.length - i} more`;
    text = next;
  }
  return text;
}

/** On a terminal: the jobs done (one line each), then the others, those sharing a cause on one line. */
async function writeReport(ctx: Context, items: BulkItem<unknown>[], reason: StopReason | undefined): Promise<void> {
  const width = ctx.io.stdout.columns || 80;
  const chalk = ctx.color.stdout ? await stdoutChalk(ctx) : undefined;
  const bold = (s: string) => (chalk ? chalk.bold(s) : s);
  const colours: Partial<Record<BulkResult, (s: string) => string>> = chalk
    ? { changed: chalk.green, would_change: chalk.cyan, refused: chalk.red, failed: chalk.red, unknown: chalk.yellow, not_attempted: chalk.yellow }
    : {};
  const byLabel = new Map(Object.entries(BULK_LABELS).map(([kind, label]) => [label, colours[kind as BulkResult]]));
  const paintResult = (padded: string, raw: string) => byLabel.get(raw)?.(padded) ?? padded;

  const done = items.filter((i) => isDone(i.result));
  const groups = new Map<string, BulkItem<unknown>[]>();
  for (const item of items) {
    if (isDone(item.result)) continue;
    const capacity = item.error?.code === CAPACITY_CODE || (item.result === 'not_attempted' && reason === 'capacity');
    const key = capacity ? 'capacity' : `${item.result}\0${errorText(item).replace(/ \(gave up after \d+ attempts\)$/, '')}`;
    groups.set(key, [...(groups.get(key) ?? []), item]);
  }
  let out = '';
  if (done.length > 0) {
    const columns: FitColumn[] = [{ header: 'JOB' }, { header: 'TITLE', max: 40 }, { header: 'RESULT', paint: paintResult }, { header: 'CHANGE', fit: true }];
    const rows = done.map((i) => [String(i.jobId), i.title, BULK_LABELS[i.result], i.view!.text].map(sanitizeCell));
    out += fitTable(columns, rows, width, bold).join('');
  }
  const attention = items.length - done.length;
  if (attention > 0) {
    out += `${done.length > 0 ? '\n' : ''}${attention} of ${plural(items.length, 'job')} ${attention === 1 ? 'needs' : 'need'} attention:\n`;
    const single = [...groups.values()].filter((g) => g.length === 1).map((g) => g[0]!);
    if (single.length > 0) {
      const columns: FitColumn[] = [{ header: 'JOB' }, { header: 'TITLE', max: 40 }, { header: 'RESULT', paint: paintResult }, { header: 'ERROR', fit: true }];
      const rows = single.map((i) => [String(i.jobId), i.title, BULK_LABELS[i.result], errorText(i)].map(sanitizeCell));
      out += fitTable(columns, rows, width, bold).join('');
    }
    for (const group of groups.values()) {
      if (group.length === 1) continue;
      const first = group[0]!;
      const capacity = first.error?.code === CAPACITY_CODE || (first.result === 'not_attempted' && reason === 'capacity');
      const what = capacity ? 'not changed' : BULK_LABELS[first.result];
      const text = capacity ? 'no free active-job slot — close a job or raise the limit' : errorText(first).replace(/ \(gave up after \d+ attempts\)$/, '');
      const label = `${plural(group.length, 'job')} ${what}:`;
      const paint = colours[first.result];
      out += `${paint ? paint(label) : label} ${cut(sanitizeCell(text), Math.max(16, width - displayWidth(label) - 1))}\n`;
      out += `  ${idList(
        group.map((i) => i.jobId),
        width - 2,
      )}\n`;
    }
  }
  await writeOut(ctx.io.stdout, out);
}

export async function printBulk(ctx: Context, items: BulkItem<unknown>[], reason?: StopReason): Promise<void> {
  if (ctx.globals.json) await writeJsonItems(ctx, items);
  else if (!ctx.io.stdout.isTTY) await writeRows(ctx, items);
  else await writeReport(ctx, items, reason);
}

export function tallyLine(items: readonly BulkItem<unknown>[], seconds: number): string {
  const counts = Object.fromEntries(BULK_RESULTS.map((k) => [k, 0])) as Record<BulkResult, number>;
  for (const item of items) counts[item.result]++;
  const parts = BULK_RESULTS.filter((k) => counts[k] > 0).map((k) => `${counts[k]} ${BULK_LABELS[k]}`);
  return `${plural(items.length, 'job')}: ${parts.join(', ')} (${seconds.toFixed(1)} s)`;
}

const RESUME = 'run the same command again: jobs already as asked are reported unchanged and not sent, unanswered changes are re-sent with their original key';

const HINTS: Partial<Record<ExitCode, string>> = {
  [EXIT.INTERRUPTED]: RESUME,
  [EXIT.TERMINATED]: RESUME,
  [EXIT.LOCAL_STATE]: `free space or fix the permissions of the state directory, then ${RESUME}`,
  [EXIT.AUTH]: `check the token and its permissions (\`recruit auth status\`), then ${RESUME}`,
  [EXIT.PROXY]: `nothing reached the service: fix the proxy settings (\`recruit help environment\`), then ${RESUME}`,
  [EXIT.CONFLICT]: `free active-job slots or settle the jobs' approval, then ${RESUME}`,
  [EXIT.GAVE_UP]: RESUME,
  [EXIT.API_FAILED]: `check the jobs named above, then ${RESUME}`,
};

/** Throws the run's outcome when any job was not changed (or, with --dry-run, could not be read). */
export function finishBulk(items: readonly BulkItem<unknown>[], reason: StopReason | undefined): void {
  const exit = worstExit(items.map((i) => i.exit));
  if (exit === EXIT.OK) return;
  const missing = items.filter((i) => !isDone(i.result)).length;
  const unknown = items.filter((i) => i.result === 'unknown').length;
  const why = reason ? `; ${NOT_ATTEMPTED[reason][0].replace(/^not attempted: /, '')}` : '';
  const details = unknown
    ? [{ message: `${plural(unknown, 'job')} got no usable answer: whether ${unknown === 1 ? 'it was' : 'they were'} changed is not known; a re-run sends the same change again with the same Idempotency-Key` }]
    : [];
  // Jobs someone else changed meanwhile (settle.ts): the plan, not the account, is out of date.
  const stale = items.some((i) => i.error?.code === 'changed_since_plan' || i.error?.code === 'changed_since_replay');
  const hint = exit === EXIT.CONFLICT && stale ? 'someone else changed those jobs meanwhile: check them, then run the command again to plan them anew' : HINTS[exit];
  throw new CliError(`${missing} of ${plural(items.length, 'job')} ${missing === 1 ? 'was' : 'were'} not changed${why}`, exit, reason === 'local_state' ? 'local_state' : 'batch_incomplete', details, hint);
}
