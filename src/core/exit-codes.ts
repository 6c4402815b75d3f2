// The exit codes (docs/reference/exit-codes.md), in one place.
export const EXIT = {
  OK: 0,
  API_FAILED: 1,
  USAGE: 2,
  AUTH: 3,
  CONFLICT: 4,
  GAVE_UP: 5,
  /** Local state (a journal, a saved submission) could not be written; nothing unsaved was sent. */
  LOCAL_STATE: 6,
  /** The proxy refused the connection (407, 403) or could not be reached: nothing was sent. */
  PROXY: 7,
  /** `jobs wait`: a job waited for was rejected (approval -1, or the Rejected status), so it cannot get there. */
  REJECTED: 8,
  INTERRUPTED: 130,
  TERMINATED: 143,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
