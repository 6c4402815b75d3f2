// What to tell the user when a creation failed: what happened, what was kept, how to retry.
import { ApiError } from '../api/errors.js';
import { toCliError } from '../core/api-failure.js';
import type { Uses } from '../context/context.js';
import { LocalStateError } from '../core/errors.js';
import { ACTIVE_JOB_LIMIT_CODE } from '../domain/job-status.js';
import type { Submission } from './submissions.js';

export function isPublicationRefusal(error: unknown, body: Record<string, unknown>): boolean {
  const publishing = body.publishToCareerPage === true || body.publishToFreeJobBoards === true;
  return (
    error instanceof ApiError &&
    error.status === 409 &&
    !error.outcomeUnknown &&
    (error.serverCode === 'publication_requires_approval' || (publishing && error.serverCode !== ACTIVE_JOB_LIMIT_CODE))
  );
}

export const PUBLICATION_REFUSED =
  'This account needs approval, so a job cannot be published when it is created. Create it unpublished, and publish it ' +
  'with `recruit jobs update <id> --publish-career-page` once it is approved and active.';

export const NO_CAPACITY =
  'No job was created: the account has no free active-job slot. Close or reject a job (`recruit jobs status <id> closed`), then try again.';

/**
 * Explains a failed creation on stderr and returns the error to throw. When the submission is saved
 * and still pending, the client's generic hint ("run the command again") is dropped: running the
 * command again would make a new submission, while --resume re-sends this one under its key. When
 * it could not be saved, nothing was sent and there is nothing to resume.
 */
export function explainCreateFailure(ctx: Uses<'info'>, error: unknown, submission: Submission): unknown {
  if (error instanceof LocalStateError) return error;
  if (submission.state === 'pending') {
    const unknown = error instanceof ApiError && error.outcomeUnknown ? 'Whether the job was created is not known. ' : '';
    ctx.info(
      `${unknown}Nothing was lost: submission ${submission.key} is saved with its body. ` +
        `Run \`recruit jobs create --resume ${submission.key}\` to send it again; the same key cannot create a second job.`,
    );
    return error instanceof ApiError ? toCliError(error, null) : error;
  }
  if (isPublicationRefusal(error, submission.body)) ctx.info(PUBLICATION_REFUSED);
  else if (error instanceof ApiError && error.status === 409) ctx.info(NO_CAPACITY);
  return error;
}
