// `recruit jobs create --resume [key]`: re-sends a persisted submission with its original key and
// body, so that a creation interrupted by a crash, Ctrl-C or a lost connection happens exactly once.
import type { Uses } from '../../../context/context.js';
import { CliError, UsageError } from '../../../core/errors.js';
import { EXIT } from '../../../core/exit-codes.js';
import { writeJson } from '../../../terminal/output.js';
import { SubmissionStore, type Submission } from '../../../jobs/submissions.js';
import { sendPersisted } from '../../../jobs/send-persisted.js';
import { printCreated } from './print-created.js';
import { describeTarget, sameTarget, targetOf } from '../../../jobs/target.js';

function pick(store: SubmissionStore, key: string | undefined): Submission | undefined {
  if (key !== undefined) {
    const found = /^[\w-]{1,128}$/.test(key) ? store.get(key) : undefined;
    if (!found) throw new UsageError(`no saved submission with key ${key}`, [], 'see `recruit jobs pending`');
    return found;
  }
  const pending = store.pending();
  if (pending.length > 1) {
    throw new UsageError(
      `${pending.length} submissions are pending; say which one to resume`,
      pending.map((s) => ({ message: `${s.key}  ${String(s.body.title ?? '')}  (${s.updatedAt})` })),
      'run `recruit jobs create --resume <key>`',
    );
  }
  return pending[0];
}

export async function resume(ctx: Uses<'io' | 'env' | 'globals' | 'color' | 'now' | 'settings' | 'sandboxAccount' | 'api' | 'warn' | 'info' | 'spinner'>, key: string | undefined): Promise<void> {
  const store = new SubmissionStore(ctx.env);
  const submission = pick(store, key);
  if (!submission) {
    ctx.info('No pending submissions: nothing to resume.');
    return;
  }
  if (submission.state === 'created' && submission.result) {
    ctx.info(`Submission ${submission.key} already created job ${submission.result.jobId}; nothing sent.`);
    if (ctx.globals.json) await writeJson(ctx, submission.result);
    return;
  }
  if (submission.state === 'refused') {
    const status = submission.lastError?.status;
    throw new CliError(
      `submission ${submission.key} was refused and is finished: ${submission.lastError?.message ?? 'unknown reason'}`,
      status === 409 ? EXIT.CONFLICT : EXIT.API_FAILED,
      'submission_refused',
      [],
      'a changed job needs a new submission: run `recruit jobs create` again',
    );
  }
  const api = await ctx.api();
  const target = targetOf(ctx, api);
  if (!sameTarget(target, submission.target)) {
    throw new UsageError(`submission ${submission.key} was made for ${describeTarget(submission.target)}; resume it there, not elsewhere`);
  }
  ctx.info(`Re-sending submission ${submission.key} (attempt ${submission.attempts + 1}) with its original key and body.`);
  await printCreated(ctx, await sendPersisted(ctx, api, store, submission));
}
