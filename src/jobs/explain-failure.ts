// What to tell the user when a creation failed: what happened, what was kept, how to retry.
import { ApiError } from '../api/errors.js';
import type { Context } from '../cli/context.js';
import type { Submission } from './submissions.js';

export function isPublicationRefusal(error: unknown, body: Record<string, unknown>): boolean {
  const publishing = body.publishToCareerPage === true || body.publishToFreeJobBoards === true;
  return error instanceof ApiError && error.status === 409 && (error.serverCode === 'publication_requires_approval' || (publishing && error.serverCode !== 'active_job_limit_reached'));
}

export function explainCreateFailure(ctx: Context, error: unknown, submission: Submission): void {
  if (submission.state === 'pending') {
    ctx.info(
      `Nothing was lost: submission ${submission.key} is saved with its body. ` +
        `Run \`recruit jobs create --resume ${submission.key}\` to send it again; the same key cannot create a second job.`,
    );
  } else if (isPublicationRefusal(error, submission.body)) {
    ctx.info(
      'This account needs approval, so a job cannot be published when it is created. Create it unpublished ' +
        '(without --publish-career-page / --publish-free-boards), and publish it with `recruit jobs update <id> --publish-career-page` ' +
        'once it is approved and active.',
    );
  } else if (error instanceof ApiError && error.status === 409) {
    ctx.info('No job was created: the account has no free active-job slot. Close or reject a job (`recruit jobs status <id> closed`), then try again.');
  }
}
