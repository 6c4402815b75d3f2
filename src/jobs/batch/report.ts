// A batch's results as people read them on a terminal, returned as a report for the one renderer
// (terminal/job-results.ts): the jobs created, then one row per item that needs attention, items
// that share one cause grouped on one line ("33 items not attempted: the account has no free
// active-job slot — ...", then "#4–#36"). The renderer fits every line to the terminal, cutting
// long errors with an ellipsis (--json and the piped rows keep the full text).
import { approvalWord } from '../../domain/job-status.js';
import type { ReportBlock, ReportColumn, ReportRow, Tone } from '../../terminal/job-results.js';
import { CAPACITY_CODE, type StopReason } from '../../exactly-once/classify.js';
import { isCreated, type ItemResult, type ResultKind, type Results } from './results.js';
import type { RowNumbers } from './validate.js';

// The tests of the item ranges name them here, where the batch report began.
export { compactItems } from '../../terminal/job-results.js';

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

const TITLE_MAX = 40;

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

const TONES: Record<ResultKind, Tone> = {
  created: 'good',
  already_created: 'plain',
  refused: 'bad',
  already_refused: 'bad',
  failed: 'bad',
  unknown: 'unsure',
  not_attempted: 'unsure',
};

/**
 * The report on a terminal. A CSV file's items are named by their rows (`rows`), as a spreadsheet
 * numbers them; other files' by their number from 0 (`#12`).
 */
export function batchReport(results: Results, reason: StopReason | undefined, rows?: RowNumbers): ReportBlock[] {
  const byRow = rows !== undefined && rows.size > 0;
  const numberOf = (index: number) => (byRow ? (rows.get(index) ?? index) : index);
  const name = (index: number) => (byRow ? String(numberOf(index)) : `#${index}`);
  const ITEM = byRow ? 'ROW' : 'ITEM';

  const created: ReportRow[] = [];
  // Items that need attention, grouped by what they share: the result and the cause.
  const groups = new Map<string, ItemResult[]>();
  let approvals = false;
  for (const r of results.all()) {
    if (isCreated(r)) {
      const approval = approvalWord(r.created!.approvalStatus, r.created!.approvalStatusLabel);
      approvals ||= r.created!.approvalStatus !== null && r.created!.approvalStatus !== undefined;
      created.push({ cells: [name(r.index), String(r.created!.jobId), String(r.created!.statusLabel ?? r.created!.status ?? ''), approval, LABELS[r.result], r.title], tone: TONES[r.result] });
      continue;
    }
    const key = groupKey(r, reason);
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }

  const blocks: ReportBlock[] = [];
  if (created.length > 0) {
    const columns: ReportColumn[] = [{ header: ITEM }, { header: 'JOB ID' }, { header: 'STATUS' }, { header: 'APPROVAL' }, { header: 'RESULT', result: true }, { header: 'TITLE', fit: true }];
    const keep = columns.map((c) => approvals || c.header !== 'APPROVAL');
    blocks.push({ table: { columns: columns.filter((_, i) => keep[i]), rows: created.map((row) => ({ ...row, cells: row.cells.filter((_, i) => keep[i]) })) } });
  }

  const single: ItemResult[] = [];
  const shared: ItemResult[][] = [];
  for (const group of groups.values()) {
    if (group.length === 1) single.push(group[0]!);
    else shared.push(group);
  }
  const attention = results.size - created.length;
  if (attention > 0) {
    if (created.length > 0) blocks.push({ line: '' });
    blocks.push({ line: `${attention} of ${plural(results.size, 'item')} ${attention === 1 ? 'needs' : 'need'} attention:` });
    if (single.length > 0) {
      single.sort((a, b) => a.index - b.index);
      const codes = single.some((r) => r.jobCode !== '');
      const columns: ReportColumn[] = [
        { header: ITEM },
        { header: 'TITLE', max: TITLE_MAX, squeeze: true },
        ...(codes ? [{ header: 'JOB CODE', max: 24, squeeze: true }] : []),
        { header: 'RESULT', result: true },
        { header: 'ERROR', fit: true },
      ];
      const lines = single.map((r) => ({ cells: [name(r.index), r.title, ...(codes ? [r.jobCode] : []), LABELS[r.result], cause(r, reason)], tone: TONES[r.result] }));
      blocks.push({ table: { columns, rows: lines } });
    }
    for (const group of shared) {
      const { label: what, text } = describeGroup(group, reason);
      blocks.push({
        group: {
          label: `${plural(group.length, 'item')} ${what}:`,
          tone: TONES[group[0]!.result],
          cause: text,
          members: { numbers: group.map((r) => numberOf(r.index)), as: byRow ? 'rows' : 'items' },
        },
      });
    }
  }
  return blocks;
}
