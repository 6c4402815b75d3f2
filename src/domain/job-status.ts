// The codes of a job's lifecycle status and of its approval, as the API gives them
// (docs/api-rules.md, "States and transitions"): shared by the sandbox and the client.
export const STATUS = { CLOSED: 1, NEW: 2, PENDING_APPROVAL: 3, REJECTED: 4, IN_PROGRESS: 5 } as const;

export const APPROVAL = { REJECTED: -1, PENDING: 0, APPROVED: 1 } as const;

/** The error code of the 409 that refuses a create or an activation at the account's active-job limit (docs/decisions.md). */
export const ACTIVE_JOB_LIMIT_CODE = 'active_job_limit_reached';
