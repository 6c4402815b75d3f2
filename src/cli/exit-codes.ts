// Exit codes of design 2, in one place.
export const EXIT = {
  OK: 0,
  API_FAILED: 1,
  USAGE: 2,
  AUTH: 3,
  CONFLICT: 4,
  GAVE_UP: 5,
  INTERRUPTED: 130,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];
