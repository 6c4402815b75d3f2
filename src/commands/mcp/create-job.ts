// `create_job`: one job, checked as `jobs create` checks its field flags (checkedBody), then sent
// as a persisted submission (jobs/send-persisted.ts) whose Idempotency-Key is derived from the
// intent: the checked body and the caller's requestId (not the base URL nor the token: the
// service scopes keys per account, as docs/decisions.md says of every derived key). A retried call with
// the same fields (an assistant that got no answer) sends the same key, so the service replays the
// job it created; and once the record says created, the job is read back and nothing is sent
// (docs/decisions.md, "recruit mcp: the key of create_job").
import { getJob } from '../../api/jobs.js';
import type { Job } from '../../api/types.js';
import type { Uses } from '../../context/context.js';
import { deriveKey } from '../../exactly-once/derived-key.js';
import { sendPersisted } from '../../jobs/send-persisted.js';
import { SubmissionStore } from '../../jobs/submissions.js';
import { newSubmission } from '../../jobs/submit.js';
import { sameTarget, targetOf } from '../../jobs/target.js';
import { checkedBody } from '../jobs/create/from-flags.js';
import { jobInput } from './job-schema.js';

export interface CreateJobAnswer {
  job: Job;
  /** The job was created by an earlier call with the same fields and requestId: it is that job, not a new one. */
  replayed: boolean;
  /** The Idempotency-Key the job was (or is) sent with. */
  idempotencyKey: string;
}

export function createJobKey(body: Record<string, unknown>, requestId: string | undefined): string {
  return deriveKey({ operation: 'mcp-create', target: requestId ?? '', body, state: 'mcp' });
}

export async function createJob(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>, args: Record<string, unknown>): Promise<CreateJobAnswer> {
  const body = await checkedBody(ctx, jobInput(args));
  const api = await ctx.api();
  const target = targetOf(ctx, api);
  const key = createJobKey(body, typeof args.requestId === 'string' ? args.requestId : undefined);
  const store = new SubmissionStore(ctx.env);
  const earlier = store.get(key);
  const here = earlier !== undefined && sameTarget(earlier.target, target);
  if (here && earlier.state === 'created' && earlier.result) {
    return { job: await getJob(api, earlier.result.jobId), replayed: true, idempotencyKey: key };
  }
  const submission = here && earlier.state === 'pending' ? earlier : newSubmission(key, body, target, 'flags', ctx.now());
  const created = await sendPersisted(ctx, api, store, submission);
  if (created.warning) ctx.warn(created.warning);
  return { job: created.job, replayed: submission.attempts > 1, idempotencyKey: key };
}
