// Sends one persisted submission: the record is saved before the request, and again with the
// outcome. 400, 409 and 422 are definitive (the record ends as refused); anything else leaves it
// pending for `--resume`, with the last error.
import type { ApiClient } from '../api/client.js';
import { ApiError } from '../api/errors.js';
import type { Job } from '../api/types.js';
import type { Submission, SubmissionStore } from './submissions.js';

export const DEFINITIVE_STATUSES = new Set([400, 409, 422]);

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

export async function sendSubmission(api: ApiClient, store: SubmissionStore, submission: Submission, now: () => Date): Promise<Job> {
  submission.attempts++;
  submission.updatedAt = now().toISOString();
  store.save(submission);
  try {
    const res = await api.request<Job>('POST', '/jobs', { body: submission.body, idempotencyKey: submission.key });
    const job = res.body;
    submission.state = 'created';
    submission.result = {
      jobId: job.id,
      status: job.status,
      statusLabel: job.statusLabel,
      approvalStatus: job.approvalStatus,
      approvalStatusLabel: job.approvalStatusLabel,
    };
    delete submission.lastError;
    return job;
  } catch (error) {
    const status = error instanceof ApiError ? error.status : null;
    submission.lastError = {
      code: error instanceof ApiError ? error.code : 'internal',
      message: error instanceof Error ? error.message : String(error),
      status,
    };
    if (status !== null && DEFINITIVE_STATUSES.has(status)) submission.state = 'refused';
    throw error;
  } finally {
    submission.updatedAt = now().toISOString();
    store.save(submission);
  }
}
