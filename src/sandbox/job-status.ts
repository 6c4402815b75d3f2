// Lifecycle and approval states of a job (docs/api-rules.md, "States and transitions"). The label of code 1 is
// not given by the API's description; the sandbox calls it "Closed" (docs/decisions.md).

import { APPROVAL, STATUS } from '../domain/job-status.js';

export { APPROVAL, STATUS };

export const STATUSES = [
  { code: 1, label: 'Closed', canSet: true },
  { code: 2, label: 'New', canSet: true },
  { code: 3, label: 'Pending Approval', canSet: false },
  { code: 4, label: 'Rejected', canSet: true },
  { code: 5, label: 'In Progress', canSet: true },
] as const;

const STATUS_LABELS = new Map<number, string>(STATUSES.map((s) => [s.code, s.label]));
export const SETTABLE_STATUSES: readonly number[] = STATUSES.filter((s) => s.canSet).map((s) => s.code);

export function statusLabel(code: number): string {
  return STATUS_LABELS.get(code) ?? 'Unknown';
}

export type ApprovalStatus = -1 | 0 | 1 | null;

export function approvalStatusLabel(status: ApprovalStatus): string {
  switch (status) {
    case 0:
      return 'Pending';
    case 1:
      return 'Approved';
    case -1:
      return 'Rejected';
    default:
      return 'Unknown';
  }
}

/** Only In Progress (5) is active: it is what the active-job limit counts. */
export function isActive(status: number): boolean {
  return status === STATUS.IN_PROGRESS;
}
