// The flags of `recruit jobs create` other than the job's fields: how the job (or jobs) are made.
export interface CreateOptions extends Record<string, unknown> {
  file?: string;
  format?: string;
  csv?: boolean;
  concurrency?: string;
  restart?: boolean;
  dryRun?: boolean;
  resume?: string | boolean;
  publishCareerPage?: boolean;
  publishFreeBoards?: boolean;
  from?: string;
}
