// Sends a persisted submission: the created job and what to say with it, for the command to print,
// or the explained failure.
import type { ApiClient } from '../api/client.js';
import type { Uses } from '../context/context.js';
import { learnFromRefusal } from './account-type.js';
import { withSpinner } from '../terminal/spinner.js';
import type { Created } from './created.js';
import { explainCreateFailure } from './explain-failure.js';
import type { Submission, SubmissionStore } from './submissions.js';
import { sendSubmission } from './submit.js';
import { interruptedAfterSending, interruptibleSend } from './interrupt-while-sending.js';

export async function sendPersisted(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'warn' | 'info' | 'spinner'>, api: ApiClient, store: SubmissionStore, submission: Submission): Promise<Created> {
  let sent;
  let interrupted = false;
  try {
    ({ value: sent, interrupted } = await interruptibleSend(ctx, submission.key, () =>
      withSpinner(ctx, 'creating the job', () => sendSubmission(api, store, submission, ctx.now)),
    ));
  } catch (error) {
    // Under `auto`, a 400 naming customerId teaches that the account is staffing (checked before sending from now on).
    await learnFromRefusal(ctx, error, submission.body);
    throw explainCreateFailure(ctx, error, submission);
  }
  return {
    job: sent.job,
    warning: sent.unrecorded && `${sent.unrecorded.message}; \`recruit jobs pending\` may still list it: resuming it is safe, the service replays the job`,
    error: interrupted ? interruptedAfterSending() : undefined,
  };
}
