// The plan of `jobs apply` as people read it (counts first, then one table of the changes, each
// field as old -> new, then the publication flags held back) and as JSON for scripts.
import type { Context } from '../../../context/context.js';
import { fitTable, type FitColumn } from '../../../terminal/fit-table.js';
import { sanitizeCell } from '../../../core/sanitize.js';
import { plural } from '../../../jobs/batch/summary.js';
import { counts, type Action, type Held, type Plan } from './plan.js';

const MAX_SHOWN = 40;

function shown(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  const cut = text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN - 1)}…` : text;
  return typeof value === 'string' ? JSON.stringify(cut) : cut;
}

export function countsLine(plan: Plan): string {
  const c = counts(plan);
  const parts = [`${c.create} to create`, `${c.update} to update`, ...(c.close > 0 ? [`${c.close} to close`] : []), `${c.unchanged} unchanged`];
  const held = c.held > 0 ? `; ${plural(c.held, 'publication flag')} held (not allowed yet)` : '';
  return `Plan: ${parts.join(', ')}${held}`;
}

/** Each change as rows: the action's first row names it, the next ones carry its other fields. */
function rowsOf(action: Action): string[][] {
  const job = action.kind === 'create' ? '' : String(action.jobId);
  const head = [action.kind, action.code, job, action.title];
  const lines =
    action.kind === 'create'
      ? ['new job']
      : action.kind === 'close'
        ? [`status ${action.fromLabel ?? action.fromStatus} → Closed (1)`]
        : action.changes.map((c) => `${c.field}: ${shown(c.from)} → ${shown(c.to)}`);
  if (action.kind === 'update' && action.body.publishToFreeJobBoards !== undefined && !action.changes.some((c) => c.field === 'publishToFreeJobBoards')) {
    lines.push(`free boards kept ${action.body.publishToFreeJobBoards === true ? 'on' : 'off'} (sent back)`);
  }
  return lines.map((line, i) => [...(i === 0 ? head : ['', '', '', '']), line].map(sanitizeCell));
}

function heldLines(plan: Plan): string[] {
  const entries: { code: string; held: Held }[] = [];
  for (const a of [...plan.actions, ...plan.unchanged]) if ('held' in a) for (const held of a.held) entries.push({ code: a.code, held });
  return entries.map((e) => sanitizeCell(`  ${e.code}: ${e.held.field} ${shown(e.held.value)} not applied: ${e.held.reason}`));
}

export function planText(plan: Plan, width: number): string {
  let out = `${countsLine(plan)}\n`;
  if (plan.actions.length > 0) {
    const columns: FitColumn[] = [{ header: 'ACTION' }, { header: 'CODE', max: 24 }, { header: 'JOB' }, { header: 'TITLE', max: 32 }, { header: 'CHANGE', fit: true }];
    out += `\n${fitTable(columns, plan.actions.flatMap(rowsOf), width).join('')}`;
  }
  const held = heldLines(plan);
  if (held.length > 0) out += `\nHeld (a later apply sends them once allowed):\n${held.join('\n')}\n`;
  return out;
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

export function printPlanTo(ctx: Context, plan: Plan, stream: 'stdout' | 'stderr'): void {
  ctx.io[stream].write(planText(plan, ctx.io[stream].columns || 80));
}
