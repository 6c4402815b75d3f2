// The codes of a job's lifecycle status and of its approval, as the API gives them
// (docs/api-rules.md, "States and transitions"): shared by the sandbox and the client.
export const STATUS = { CLOSED: 1, NEW: 2, PENDING_APPROVAL: 3, REJECTED: 4, IN_PROGRESS: 5 } as const;

export const APPROVAL = { REJECTED: -1, PENDING: 0, APPROVED: 1 } as const;

/** The error code of the 409 that refuses a create or an activation at the account's active-job limit (docs/decisions.md). */
export const ACTIVE_JOB_LIMIT_CODE = 'active_job_limit_reached';

/**
 * The one word people read for "this account has no approval" (approvalStatus null, whose label
 * the service gives as "Unknown"): in tables, piped rows, CSV, workbooks and notes alike. JSON keeps
 * the service's null (docs/decisions.md, "No approval status").
 */
export const NO_APPROVAL = 'none';

/** A job's approval as a word: its label (its code when it has none), or NO_APPROVAL. */
export function approvalWord(status: number | null | undefined, label: string | null | undefined): string {
  if (status === null || status === undefined) return NO_APPROVAL;
  return label ? label : String(status);
}
