// What one failed request means for a job of a bulk change. As in a batch (classify.ts), with two
// differences: a 403 fails that job only (permissions may differ from job to job, and a 404 or 409
// of one id never stops the others either), and a failed read is only a failure: a GET changes
// nothing, so its outcome is never unknown.
import { classifyFailure, type Failure } from '../../exactly-once/classify.js';

export function failureOf(error: unknown, sent: boolean): Failure {
  const failure = classifyFailure(error);
  const perJob = failure.error.status === 403 ? { ...failure, stop: undefined } : failure;
  if (sent || failure.result === 'not_attempted') return perJob;
  return { ...perJob, result: 'failed', definitive: false };
}
