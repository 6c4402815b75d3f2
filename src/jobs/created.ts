// One job created (from field flags, a clone, `--resume` or the wizard), handed back to its
// command, which prints it (commands/jobs/create/print-created.ts): nothing here prints.
import type { Job } from '../api/types.js';
import type { CliError } from '../core/errors.js';

export interface Created {
  job: Job;
  /** Said on stderr after the job: the job was created, but its submission's record could not be updated. */
  warning?: string | undefined;
  /** Thrown once the job is printed: Ctrl-C came while it was sent (exit 130). */
  error?: CliError | undefined;
}
