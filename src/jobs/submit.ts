// Sends one persisted submission: the record is saved before the request (or nothing is sent), and
// again with the outcome. A refusal (refusal.ts) is final: the record ends as refused. Anything else
// leaves it pending for `--resume`, with the last error.
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import { createJob } from '../api/jobs.js';
import type { Job } from '../api/types.js';
import { LocalStateError } from '../core/errors.js';
import { isRefusal } from '../exactly-once/refusal.js';
import type { Submission, SubmissionStore } from './submissions.js';

export function newSubmission(
  key: string,
  body: Record<string, unknown>,
  target: Submission['target'],
  source: Submission['source'],
  now: Date,
): Submission {
  const at = now.toISOString();
  return { key, createdAt: at, updatedAt: at, target, source, body, state: 'pending', attempts: 0 };
}

export interface Sent {
  job: Job;
  /** The outcome could not be written to the record (which still says pending; resuming it replays). */
  unrecorded?: LocalStateError;
}

export async function sendSubmission(api: ApiClient, store: SubmissionStore, submission: Submission, now: () => Date): Promise<Sent> {
  submission.attempts++;
  submission.updatedAt = now().toISOString();
  try {
    store.save(submission);
  } catch (error) {
    throw new LocalStateError('save the submission to', store.file(submission.key), error, 'nothing was sent');
  }
  let job: Job;
  try {
    job = (await createJob(api, submission.body, submission.key)).job;
    submission.state = 'created';
    submission.result = {
      jobId: job.id,
      status: job.status,
      statusLabel: job.statusLabel,
      approvalStatus: job.approvalStatus,
      approvalStatusLabel: job.approvalStatusLabel,
    };
    delete submission.lastError;
  } catch (error) {
    submission.lastError = {
      code: error instanceof ApiError ? error.code : 'internal',
      message: error instanceof Error ? error.message : String(error),
      status: error instanceof ApiError ? error.status : null,
    };
    if (isRefusal(error)) submission.state = 'refused';
    saveOutcome(store, submission, now);
    throw error;
  }
  return { job, ...saveOutcome(store, submission, now) };
}

function saveOutcome(store: SubmissionStore, submission: Submission, now: () => Date): { unrecorded?: LocalStateError } {
  submission.updatedAt = now().toISOString();
  try {
    store.save(submission);
    return {};
  } catch (error) {
    return { unrecorded: new LocalStateError('record the outcome in', store.file(submission.key), error, 'the saved submission still says pending') };
  }
}
