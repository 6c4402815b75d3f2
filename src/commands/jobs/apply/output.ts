// The plan of `jobs apply` as people read it (counts first, then one table of the changes, each
// field as old -> new, then the publication flags held back), returned as a report for the one
// renderer (terminal/job-results.ts: values cut on a terminal, whole in a pipe or a log), and as
// JSON for scripts.
import type { ReportBlock, ReportColumn, ReportRow, Text } from '../../../terminal/job-results.js';
import { plural } from '../../../jobs/batch/summary.js';
import { counts, type Action, type Held, type Plan } from './plan.js';

export function countsLine(plan: Plan): string {
  const c = counts(plan);
  const parts = [`${c.create} to create`, `${c.update} to update`, ...(c.close > 0 ? [`${c.close} to close`] : []), `${c.unchanged} unchanged`];
  const held = c.held > 0 ? `; ${plural(c.held, 'publication flag')} held (not allowed yet)` : '';
  return `Plan: ${parts.join(', ')}${held}`;
}

/** Each change as rows: the action's first row names it, the next ones carry its other fields. */
function rowsOf(action: Action): ReportRow[] {
  const job = action.kind === 'create' ? '' : String(action.jobId);
  const head = [action.kind, action.code, job, action.title];
  const lines: Text[] =
    action.kind === 'create'
      ? ['new job']
      : action.kind === 'close'
        ? [`status ${action.fromLabel ?? action.fromStatus} → Closed (1)`]
        : action.changes.map((c) => [`${c.field}: `, { value: c.from }, ' → ', { value: c.to }]);
  if (action.kind === 'update' && action.body.publishToFreeJobBoards !== undefined && !action.changes.some((c) => c.field === 'publishToFreeJobBoards')) {
    lines.push(`free boards kept ${action.body.publishToFreeJobBoards === true ? 'on' : 'off'} (sent back)`);
  }
  return lines.map((line, i) => ({ cells: [...(i === 0 ? head : ['', '', '', '']), line] }));
}

function heldLines(plan: Plan): ReportBlock[] {
  const entries: { code: string; held: Held }[] = [];
  for (const a of [...plan.actions, ...plan.unchanged]) if ('held' in a) for (const held of a.held) entries.push({ code: a.code, held });
  return entries.map((e) => ({ line: [`  ${e.code}: ${e.held.field} `, { value: e.held.value }, ` not applied: ${e.held.reason}`] }));
}

export function planReport(plan: Plan): ReportBlock[] {
  const blocks: ReportBlock[] = [{ line: countsLine(plan) }];
  if (plan.actions.length > 0) {
    const columns: ReportColumn[] = [{ header: 'ACTION' }, { header: 'CODE', max: 24, squeeze: true }, { header: 'JOB' }, { header: 'TITLE', max: 32, squeeze: true }, { header: 'CHANGE', fit: true }];
    blocks.push({ line: '' }, { table: { columns, rows: plan.actions.flatMap(rowsOf) } });
  }
  const held = heldLines(plan);
  if (held.length > 0) blocks.push({ line: '' }, { line: 'Held (a later apply sends them once allowed):' }, ...held);
  return blocks;
}

export function planJson(plan: Plan): unknown {
  return {
    counts: counts(plan),
    approvalAccount: plan.approval,
    actions: plan.actions.map((a) => ({
      action: a.kind,
      ...(a.kind !== 'close' ? { index: a.index } : {}),
      jobCode: a.code,
      jobId: a.kind === 'create' ? null : a.jobId,
      title: a.title,
      ...(a.kind === 'update' ? { changes: a.changes } : {}),
      ...(a.kind === 'close' ? { changes: [{ field: 'status', from: a.fromStatus, to: 1 }] } : {}),
      ...(a.kind !== 'close' ? { held: a.held } : {}),
      body: a.body,
    })),
    unchanged: plan.unchanged,
    uncompared: plan.uncompared,
  };
}
