// `recruit jobs status <id...> <status>` and `jobs status - <status>`: the status change of many
// jobs as a bulk operation (src/jobs/bulk/run-bulk.ts). A job already in the target status is
// reported unchanged and not sent.
import { changeJobStatus } from '../../../api/jobs.js';
import type { Job, StatusOption } from '../../../api/types.js';
import type { BulkOperation, BulkResult, ItemView } from '../../../jobs/bulk/bulk-item.js';
import { statusText } from '../job-view.js';

/** The lifecycle code of a closed job. */
const CLOSED = 1;

interface StatusDetail {
  from: number;
  fromLabel: string | null;
}

export function statusOperation(target: StatusOption, statuses: readonly StatusOption[]): BulkOperation<StatusDetail> {
  const labelOf = (code: number) => statuses.find((s) => s.code === code)?.label ?? null;
  const text = (code: number, label: string | null) => statusText({ status: code, statusLabel: label ?? undefined });
  const view = (detail: StatusDetail | undefined, status: number | null, label: string | null, words: string): ItemView => ({
    json: { previousStatus: detail?.from ?? null, previousStatusLabel: detail?.fromLabel ?? null, status, statusLabel: label },
    cells: [detail ? (detail.fromLabel ?? String(detail.from)) : '', status === null ? '' : (label ?? String(status))],
    text: words,
  });
  const targetText = text(target.code, target.label);
  return {
    command: 'recruit jobs status',
    what: `the change of status to ${targetText}`,
    starting: (jobs) => `changing the status of ${jobs} to ${targetText}`,
    input: JSON.stringify(['jobs status', target.code]),
    plan: (job: Job) => {
      const detail = { from: job.status, fromLabel: job.statusLabel ?? labelOf(job.status) };
      return Promise.resolve({ body: { status: target.code }, unchanged: job.status === target.code, detail });
    },
    send: (api, id, body, key) => changeJobStatus(api, id, body.status as number, key, target.label),
    answered: (detail, _body, after) => {
      const label = after.statusLabel ?? labelOf(after.status);
      return {
        changed: after.status !== detail.from,
        view: view(detail, after.status, label, `${text(detail.from, detail.fromLabel)} -> ${text(after.status, label)}`),
      };
    },
    undoneSince: (_detail, now) => {
      const nowText = text(now.status, now.statusLabel ?? labelOf(now.status));
      const done = target.code === CLOSED ? 'closed' : `set to ${targetText}`;
      const undone = target.code === CLOSED ? 'reopened' : 'changed';
      return `${done} by this command earlier, ${undone} since by someone else (now ${nowText})`;
    },
    view: (result: BulkResult, detail) => {
      if (!detail) return view(undefined, null, null, '');
      const now = text(detail.from, detail.fromLabel);
      if (result === 'unchanged') return view(detail, detail.from, detail.fromLabel, `already ${now}`);
      // --dry-run: the status it would have.
      if (result === 'would_change') return view(detail, target.code, target.label, `${now} -> ${targetText}`);
      return view(detail, detail.from, detail.fromLabel, now);
    },
  };
}
