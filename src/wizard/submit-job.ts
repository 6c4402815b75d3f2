// Submitting the answers: checked, persisted with a fresh Idempotency-Key, sent; and every failure
// explained with the way forward (resume, edit the refused fields, create unpublished).
import { ApiError } from '../api/errors.js';
import { LocalStateError, type ErrorDetail } from '../core/errors.js';
import { sanitize } from '../core/sanitize.js';
import type { GlobalOptions } from '../context/global-options.js';
import { recruitCommand } from '../context/invocation.js';
import { withSpinner } from '../terminal/spinner.js';
import type { Created } from '../jobs/created.js';
import { explainCreateFailure } from '../jobs/explain-failure.js';
import { checkJobInput } from '../jobs/job-input.js';
import { SubmissionStore, type Submission } from '../jobs/submissions.js';
import { newSubmission, sendSubmission, type Sent } from '../jobs/submit.js';
import { interruptedAfterSending, interruptibleSend } from '../jobs/interrupt-while-sending.js';
import { learnFromRefusal } from '../jobs/account-type.js';
import { accountTypeOf, targetOf } from '../jobs/target.js';
import { toBody } from './answers.js';
import { editStep, record } from './navigator.js';
import { keepAnswers, removeDraft, type Session, type Step } from './session.js';
import { STEPS } from './steps/index.js';
import { careerPageStep, freeBoardsStep, PUBLICATION_CAVEAT } from './steps/publication.js';

/** The created job, for the command to print (commands/jobs/create/wizard.ts), or back to the review. */
export type SubmitOutcome = Created | 'review';

export const keptInDraft = (globals: GlobalOptions): string => `Your answers are kept in the draft; run \`${recruitCommand(globals, 'jobs create')}\` to continue.`;

function stepsFor(fields: Array<string | undefined>): Step[] {
  return STEPS.filter((s) => s.fields.some((f) => fields.includes(f)));
}

function printProblems(session: Session, heading: string, problems: ErrorDetail[]): void {
  const lines = problems.map((p) => `  - ${p.field ? `${sanitize(p.field)}: ` : ''}${sanitize(p.message)}`);
  session.ctx.io.stderr.write(`${heading}\n${lines.join('\n')}\n`);
}

/** Offers to edit the steps behind the refused fields; false when the user declines or none maps. */
async function offerEdits(session: Session, fields: Array<string | undefined>): Promise<boolean> {
  const steps = stepsFor(fields);
  if (steps.length === 0) return false;
  const ok = await session.prompter.confirm({
    message: `Edit ${steps.map((s) => s.label.toLowerCase()).join(', ')} and submit again?`,
    default: true,
  });
  if (!ok) return false;
  for (const step of steps) await editStep(session, step);
  return true;
}

export async function submitJob(session: Session): Promise<SubmitOutcome> {
  const { ctx } = session;
  const body = toBody(session.answers, session.extra);
  const checked = checkJobInput(body, { accountType: session.staffing ? 'staffing' : accountTypeOf(ctx) });
  if (checked.problems.length > 0) {
    printProblems(session, 'The job is not complete yet:', checked.problems);
    if (await offerEdits(session, checked.problems.map((p) => p.field))) return 'review';
    ctx.info(keepAnswers(session, keptInDraft(ctx.globals)));
    return 'review';
  }
  if (session.beforeSubmit && (await session.beforeSubmit(session)) === 'review') return 'review';
  const submission = newSubmission(ctx.newKey(), checked.body, targetOf(ctx, session.api), 'wizard', ctx.now());
  let sent: Sent;
  let interrupted = false;
  try {
    ({ value: sent, interrupted } = await interruptibleSend(ctx, submission.key, () =>
      withSpinner(ctx, 'creating the job', () => sendSubmission(session.api, new SubmissionStore(ctx.env), submission, () => ctx.now())),
    ));
  } catch (error) {
    return failed(session, submission, error);
  }
  removeDraft(session);
  return {
    job: sent.job,
    warning: sent.unrecorded && `${sent.unrecorded.message}; resuming it is safe, the service replays the job`,
    error: interrupted ? interruptedAfterSending() : undefined,
  };
}

async function failed(session: Session, submission: Submission, error: unknown): Promise<SubmitOutcome> {
  const { ctx } = session;
  if (error instanceof LocalStateError) {
    // Nothing was sent and the submission is not on disk: the draft (or, failing that, the screen) keeps the answers.
    ctx.info(keepAnswers(session, keptInDraft(ctx.globals)));
    throw error;
  }
  if (submission.state === 'pending') {
    // The persisted submission now holds the job; a draft beside it could create it twice.
    removeDraft(session);
    throw explainCreateFailure(ctx, error, submission);
  }
  const kept = keepAnswers(session, keptInDraft(ctx.globals));
  if (!(error instanceof ApiError)) throw error;
  if (error.status === 400) {
    // Under `auto`, a 400 naming customerId teaches that the account is staffing: the customer step
    // below then has no "No customer".
    if ((await learnFromRefusal(ctx, error, submission.body)) === 'staffing') session.staffing = true;
    printProblems(session, 'The service refused the job (400), nothing was created:', error.details.length ? error.details : [{ message: error.message }]);
    if (await offerEdits(session, error.details.map((d) => d.field))) return 'review';
    ctx.info(kept);
    throw error;
  }
  if (error.status === 409) {
    const publishing = submission.body.publishToCareerPage === true || submission.body.publishToFreeJobBoards === true;
    if (error.serverCode === 'publication_requires_approval' || publishing) {
      ctx.info(`No job was created: ${PUBLICATION_CAVEAT}.`);
      if (await session.prompter.confirm({ message: 'Create the job unpublished instead?', default: true })) {
        record(session, careerPageStep, { publishToCareerPage: false });
        record(session, freeBoardsStep, { publishToFreeJobBoards: false });
        return submitJob(session);
      }
      ctx.info(kept);
      throw error;
    }
    ctx.info(
      'No job was created: the service refused it with a conflict (409), usually because the account has reached its ' +
        `active-job limit. Close a job (\`recruit jobs status <id> closed\`) to free a slot. ${kept}`,
    );
    throw error;
  }
  ctx.info(`No job was created. ${kept}`);
  throw error;
}
