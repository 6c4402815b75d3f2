// Sends a persisted submission and reports the outcome: the summary, or the explained failure.
import type { ApiClient } from '../api/client.js';
import type { Job } from '../api/types.js';
import type { Context } from '../context/context.js';
import { learnFromRefusal } from './account-type.js';
import { withSpinner } from '../terminal/spinner.js';
import { reportCreated } from './describe.js';
import { explainCreateFailure } from './explain-failure.js';
import type { Submission, SubmissionStore } from './submissions.js';
import { sendSubmission } from './submit.js';
import { interruptedAfterSending, interruptibleSend } from './interrupt-while-sending.js';

/** `report` prints the created job: the summary or JSON and the approval note, unless the caller says otherwise. */
export async function sendAndReport(
  ctx: Context,
  api: ApiClient,
  store: SubmissionStore,
  submission: Submission,
  report: (ctx: Context, job: Job) => Promise<void> = reportCreated,
): Promise<Job> {
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
  await report(ctx, sent.job);
  if (sent.unrecorded) ctx.warn(`${sent.unrecorded.message}; \`recruit jobs pending\` may still list it: resuming it is safe, the service replays the job`);
  if (interrupted) throw interruptedAfterSending();
  return sent.job;
}
