// A batch's results on a terminal: the jobs created, then one row per item that needs attention,
// items that share one cause grouped on one line ("33 items not attempted: the account has no
// free active-job slot — ...", then "#4–#36"). Every line fits the terminal: long errors are cut
// with an ellipsis (--json and the piped rows keep the full text).
import type { Context } from '../../context/context.js';
import { fitTable, type FitColumn } from '../../terminal/fit-table.js';
import { writeOut } from '../../terminal/io.js';
import { stdoutChalk } from '../../terminal/output.js';
import { sanitizeCell } from '../../core/sanitize.js';
import { cut, displayWidth } from '../../core/text-width.js';
import { CAPACITY_CODE, type StopReason } from '../../exactly-once/classify.js';
import { isCreated, type ItemResult, type ResultKind, type Results } from './results.js';
import type { RowNumbers } from './validate.js';

export const LABELS: Record<ResultKind, string> = {
  created: 'created',
  already_created: 'created earlier',
  refused: 'refused',
  already_refused: 'refused earlier',
  failed: 'failed',
  unknown: 'outcome unknown',
  not_attempted: 'not attempted',
};

/** Why items were not attempted, and what to do, as the report says it (the closing hint tells how to resume). */
const NOT_ATTEMPTED: Record<StopReason, string> = {
  capacity: 'no free active-job slot — close a job or raise the limit',
  auth: 'the run stopped when the token was refused (401/403) — check `recruit auth status`',
  wait: 'the run stopped when the service asked to wait too long — try again later',
  proxy: 'the run stopped when the proxy refused the connection or could not be reached — check the proxy settings',
  interrupted: 'the run was interrupted',
  terminated: 'the run was stopped (SIGTERM, SIGHUP or SIGBREAK)',
  changed: 'the file changed during the run',
  local_state: 'the batch journal could not be written — free disk space',
};

const GAVE_UP = / \(gave up after \d+ attempts\)$/;

/** What went wrong with one item, in one line. */
function cause(r: ItemResult, reason: StopReason | undefined): string {
  if (r.result === 'not_attempted') return reason ? NOT_ATTEMPTED[reason] : 'the run ended before it was sent';
  if (!r.error) return '';
  return `${r.error.status ? `${r.error.status} ` : ''}${r.error.message}`;
}

/**
 * What items that need attention are grouped by: the result and the cause, without the number of
 * attempts; items refused at the active-job limit share their cause with those it left unsent.
 */
function groupKey(r: ItemResult, reason: StopReason | undefined): string {
  if (r.result === 'not_attempted' && reason === 'capacity') return 'capacity';
  if ((r.result === 'refused' || r.result === 'already_refused') && r.error?.code === CAPACITY_CODE) return 'capacity';
  return `${r.result}\0${cause(r, reason).replace(GAVE_UP, '')}`;
}

/** A group's cause and the word for what became of its items. */
function describeGroup(group: readonly ItemResult[], reason: StopReason | undefined): { label: string; text: string } {
  const first = group[0]!;
  const same = group.every((r) => r.result === first.result);
  const capacity = groupKey(first, reason) === 'capacity';
  return {
    label: same ? LABELS[first.result] : 'not created',
    text: capacity ? NOT_ATTEMPTED.capacity : cause(first, reason).replace(GAVE_UP, ''),
  };
}

/**
 * Item numbers as ranges ("#2, #4–#36, #40"), or a CSV file's rows ("rows 2, 4–36, 40"), within
 * `width` characters; what does not fit is counted ("… and 12 more").
 */
export function compactItems(indices: readonly number[], width = Infinity, kind: 'item' | 'row' = 'item'): string {
  const mark = kind === 'item' ? '#' : '';
  const runs: string[] = [];
  const counts: number[] = [];
  for (let i = 0; i < indices.length; ) {
    let j = i;
    while (j + 1 < indices.length && indices[j + 1] === indices[j]! + 1) j++;
    const n = j - i + 1;
    if (n >= 3) {
      runs.push(`${mark}${indices[i]}–${mark}${indices[j]}`);
      counts.push(n);
    } else {
      for (let k = i; k <= j; k++) {
        runs.push(`${mark}${indices[k]}`);
        counts.push(1);
      }
    }
    i = j + 1;
  }
  if (kind === 'row') runs[0] = `${indices.length === 1 ? 'row' : 'rows'} ${runs[0]}`;
  let text = '';
  let shown = 0;
  for (let i = 0; i < runs.length; i++) {
    const next = text ? `${text}, ${runs[i]}` : runs[i]!;
    const rest = indices.length - shown - counts[i]!;
    const tail = rest > 0 && i < runs.length - 1 ? `, … and ${rest} more` : '';
    if (text && [...next].length + tail.length > width) return `${text}, … and ${indices.length - shown} more`;
    text = next;
    shown += counts[i]!;
  }
  return text;
}

const TITLE_MAX = 40;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The report on a terminal. A CSV file's items are named by their rows (`rows`), as a spreadsheet
 * numbers them; other files' by their number from 0 (`#12`).
 */
export async function writeReport(ctx: Context, results: Results, reason: StopReason | undefined, rows?: RowNumbers): Promise<void> {
  const width = ctx.io.stdout.columns || 80;
  const byRow = rows !== undefined && rows.size > 0;
  const numberOf = (index: number) => (byRow ? (rows.get(index) ?? index) : index);
  const name = (index: number) => (byRow ? String(numberOf(index)) : `#${index}`);
  const ITEM = byRow ? 'ROW' : 'ITEM';
  const chalk = ctx.color.stdout ? await stdoutChalk(ctx) : undefined;
  const bold = (s: string) => (chalk ? chalk.bold(s) : s);
  const colours: Partial<Record<ResultKind, (s: string) => string>> = chalk
    ? {
        created: chalk.green,
        refused: chalk.red,
        already_refused: chalk.red,
        failed: chalk.red,
        unknown: chalk.yellow,
        not_attempted: chalk.yellow,
      }
    : {};
  const byLabel = new Map(Object.entries(LABELS).map(([kind, label]) => [label, colours[kind as ResultKind]]));
  const paintResult = (padded: string, raw: string) => byLabel.get(raw)?.(padded) ?? padded;

  const created: string[][] = [];
  // Items that need attention, grouped by what they share: the result and the cause.
  const groups = new Map<string, ItemResult[]>();
  let approvals = false;
  for (const r of results.all()) {
    if (isCreated(r)) {
      const approval = r.created!.approvalStatusLabel ?? (r.created!.approvalStatus === null ? '' : String(r.created!.approvalStatus));
      approvals ||= approval !== '';
      created.push([name(r.index), String(r.created!.jobId), String(r.created!.statusLabel ?? r.created!.status ?? ''), approval, LABELS[r.result], r.title].map(sanitizeCell));
      continue;
    }
    const key = groupKey(r, reason);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }

  let out = '';
  const flush = async (force = false) => {
    if (out.length < 64 * 1024 && !force) return;
    await writeOut(ctx.io.stdout, out);
    out = '';
  };
  if (created.length > 0) {
    const columns: FitColumn[] = [
      { header: ITEM },
      { header: 'JOB ID' },
      { header: 'STATUS' },
      { header: 'APPROVAL' },
      { header: 'RESULT', paint: paintResult },
      { header: 'TITLE', fit: true },
    ];
    const keep = columns.map((c) => approvals || c.header !== 'APPROVAL');
    const lines = fitTable(
      columns.filter((_, i) => keep[i]),
      created.map((row) => row.filter((_, i) => keep[i])),
      width,
      bold,
    );
    for (const line of lines) {
      out += line;
      await flush();
    }
  }

  const single: ItemResult[] = [];
  const shared: ItemResult[][] = [];
  for (const group of groups.values()) {
    if (group.length === 1) single.push(group[0]!);
    else shared.push(group);
  }
  const attention = results.size - created.length;
  if (attention > 0) {
    out += `${created.length > 0 ? '\n' : ''}${attention} of ${plural(results.size, 'item')} ${attention === 1 ? 'needs' : 'need'} attention:\n`;
    if (single.length > 0) {
      single.sort((a, b) => a.index - b.index);
      const codes = single.some((r) => r.jobCode !== '');
      const columns: FitColumn[] = [
        { header: ITEM },
        { header: 'TITLE', max: TITLE_MAX },
        ...(codes ? [{ header: 'JOB CODE', max: 24 }] : []),
        { header: 'RESULT', paint: paintResult },
        { header: 'ERROR', fit: true },
      ];
      const lines = single.map((r) => [name(r.index), r.title, ...(codes ? [r.jobCode] : []), LABELS[r.result], cause(r, reason)].map(sanitizeCell));
      for (const line of fitTable(columns, lines, width, bold)) {
        out += line;
        await flush();
      }
    }
    for (const group of shared) {
      const { label: what, text } = describeGroup(group, reason);
      const label = `${plural(group.length, 'item')} ${what}:`;
      const paint = colours[group[0]!.result];
      out += `${paint ? paint(label) : label} ${cut(sanitizeCell(text), Math.max(16, width - displayWidth(label) - 1))}\n`;
      out += `  ${compactItems(
        group.map((r) => numberOf(r.index)),
        width - 2,
        byRow ? 'row' : 'item',
      )}\n`;
      await flush();
    }
  }
  await flush(true);
}
