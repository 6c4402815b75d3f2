// The changes of a `jobs apply` plan as one bulk operation (src/jobs/bulk/run-bulk.ts): creates
// (job id 0 until the service answers), updates and closes, each sent with its own journaled
// Idempotency-Key. What each item does is its plan entry (apply-plan.ts).
import type { ApiClient } from '../../../api/client.js';
import { changeJobStatus, createJob, getJob, updateJob, type Created } from '../../../api/jobs.js';
import { ApiError, KEY_IN_USE_CODE, KEY_REUSED_CODE } from '../../../api/errors.js';
import type { Job } from '../../../api/types.js';
import { EXIT } from '../../../core/exit-codes.js';
import { PUBLICATION_FIELDS } from '../../../domain/job-rules.js';
import type { BulkOperation, BulkResult, ItemView } from '../../../jobs/bulk/bulk-item.js';
import { CLOSED, sameField, type Action, type Held } from './plan.js';
import { compareJobs } from '../update-report.js';
import { contradictedFields } from '../update-contradictions.js';
import { byAnotherRun, CREATED_BY_ANOTHER_RUN, type Failure } from '../../../exactly-once/classify.js';

/** The code of the 409 a create with a publication flag gets on an account that requires approval. */
const PUBLICATION_REFUSED = 'publication_requires_approval';

export function actionText(action: Action): string {
  switch (action.kind) {
    case 'create':
      return 'create';
    case 'update':
      return action.changes.map((c) => c.field).join(', ');
    case 'close':
      return `close (${action.fromLabel ?? action.fromStatus} -> Closed)`;
  }
}

function view(action: Action | undefined, text: string, held: readonly Held[] = []): ItemView {
  const changes = action?.kind === 'update' ? action.changes : [];
  return {
    json: { action: action?.kind ?? null, jobCode: action?.code ?? null, changes, held },
    cells: [action?.kind ?? '', action?.code ?? '', changes.map((c) => c.field).join(','), held.map((h) => h.field).join(',')],
    text: held.length > 0 ? `${text}; held: ${held.map((h) => h.field).join(', ')}` : text,
  };
}

const RUN_AGAIN = 'not created twice; run apply again to update it to this file\'s values';

/**
 * The fields of `body` whose value the replayed job does not have (compared as a plan compares
 * them). A service that answers a create with less than the job is asked for the job once; a field
 * neither shows (one the service ignores) cannot be compared, as in a plan.
 */
async function otherValues(api: ApiClient, body: Record<string, unknown>, answer: Job): Promise<string[]> {
  const fields = Object.keys(body);
  const job = fields.every((f) => Object.hasOwn(answer, f)) ? answer : { ...(await getJob(api, answer.id)), ...answer };
  return fields.filter((f) => Object.hasOwn(job, f) && !sameField(f, job[f], body[f]));
}

/**
 * A create's failure that apply reads otherwise than a batch: the key of "create this code" was
 * sent by another run with other values (a 422 for its reuse: that run created the code, since the
 * service keeps only successes), or is being sent by one right now (409). Neither is a refusal of
 * this file's values: the key is kept, and a re-run plans the code anew from the account.
 */
function createFailure(error: unknown): Failure | undefined {
  if (!(error instanceof ApiError) || error.neverSent) return undefined;
  if (error.status === 422 && error.serverCode === KEY_REUSED_CODE) {
    const message = `created by another run with other values: ${RUN_AGAIN} (its key was refused as reused with another body: ${KEY_REUSED_CODE})`;
    return { result: 'failed', error: { code: CREATED_BY_ANOTHER_RUN, message, status: 422 }, exit: EXIT.CONFLICT, definitive: false };
  }
  if (error.status === 409 && error.serverCode === KEY_IN_USE_CODE) {
    const message = 'another run is creating this code at this moment (409 idempotency_key_in_use): whether with this file\'s values is not known yet; run apply again';
    return { result: 'unknown', error: { code: KEY_IN_USE_CODE, message, status: 409 }, exit: EXIT.GAVE_UP, definitive: false };
  }
  return undefined;
}

/** `resent`: the keys this journal had sent before without an answer (a replay of one is this journal's job). */
export function applyOperation(input: string, actions: readonly Action[], resent: ReadonlySet<string> = new Set()): BulkOperation<Action> {
  const closes = new Set(actions.flatMap((a) => (a.kind === 'close' ? [a.jobId] : [])));
  /** Jobs whose create another run made: the service replayed its answer to the same derived key. */
  const byAnother = new Set<number>();
  /** Creates the service refused to publish (an approval account the plan could not tell): created unpublished. */
  const unpublished = new Set<string>();
  /** Replayed creates whose job has other values than this file's (by job id): the fields that differ. */
  const differing = new Map<number, string[]>();
  /** A replayed create is checked against what was sent: a replay is the job as another request made it. */
  const checked = async (api: ApiClient, sent: Record<string, unknown>, answer: Created): Promise<Created> => {
    if (answer.replayed) {
      const fields = await otherValues(api, sent, answer.job);
      if (fields.length > 0) differing.set(answer.job.id, fields);
    }
    return answer;
  };
  return {
    command: 'recruit jobs apply',
    what: 'this file',
    starting: (jobs) => `applying the plan to ${jobs}`,
    input,
    plan: () => Promise.reject(new Error('jobs apply plans from the list of jobs')),
    send: async (api, id, body, key) => {
      if (closes.has(id)) return changeJobStatus(api, id, CLOSED, key, 'Closed');
      if (id !== 0) {
        const res = await updateJob(api, id, body, key);
        return { job: res.body, replayed: res.replayed };
      }
      try {
        const answer = await createJob(api, body, key);
        if (byAnotherRun(answer, resent.has(key))) byAnother.add(answer.job.id);
        return await checked(api, body, answer);
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409 && error.code === PUBLICATION_REFUSED)) throw error;
        // A 409 creates nothing (docs/api-rules.md, "Publication rules" 3): the job is created unpublished, with a
        // key derived from the journaled one, so that a re-run after a crash here replays it.
        const bare = Object.fromEntries(Object.entries(body).filter(([k]) => !(PUBLICATION_FIELDS as readonly string[]).includes(k)));
        unpublished.add(String(body.jobCode));
        return await checked(api, bare, await createJob(api, bare, `${key}.unpublished`));
      }
    },
    failure: (action, error) => (action.kind === 'create' ? createFailure(error) : undefined),
    answered: (action, body, after: Job) => {
      switch (action.kind) {
        case 'create': {
          const fields = differing.get(after.id);
          if (fields) {
            // Never "applied": the job the service names holds other values than this file's.
            const who = byAnother.has(after.id) ? 'another run' : 'an earlier run';
            const message = `created by ${who} with other values (job ${after.id}; ${fields.join(', ')} ${fields.length === 1 ? 'differs' : 'differ'}): ${RUN_AGAIN}`;
            return { changed: false, view: view(action, '', action.held), conflict: { code: CREATED_BY_ANOTHER_RUN, message } };
          }
          if (byAnother.has(after.id)) {
            const shown = view(action, `already created by another run (job ${after.id}): not created twice`, action.held);
            return { changed: false, view: { ...shown, json: { ...shown.json, createdByAnotherRun: true } } };
          }
          const held: Held[] = [...action.held];
          if (unpublished.has(action.code)) {
            for (const field of PUBLICATION_FIELDS) {
              if (body[field] === true) held.push({ field, value: true, reason: 'the account requires approval: created unpublished (409 publication_requires_approval)' });
            }
          }
          const status = typeof after.statusLabel === 'string' ? after.statusLabel : String(after.status);
          return { changed: true, view: view(action, `created (${status})`, held), label: 'created' };
        }
        case 'update': {
          const requested = action.changes.map((c) => c.field);
          const reports = compareJobs(action.job, after, body, requested).filter((r) => r.outcome !== 'also-changed');
          const changed = reports.filter((r) => r.outcome === 'changed').map((r) => r.field);
          const ignored = reports.filter((r) => r.outcome === 'ignored').map((r) => r.field);
          const said = ignored.length > 0 ? `; ignored by the service: ${ignored.join(', ')}` : '';
          const contradiction = contradictedFields(reports);
          return {
            changed: changed.length > 0,
            view: view(action, `${changed.length > 0 ? `updated ${changed.join(', ')}` : 'nothing changed'}${said}`, action.held),
            label: 'updated',
            ...(contradiction ? { contradiction } : {}),
          };
        }
        case 'close':
          return { changed: after.status !== action.fromStatus, view: view(action, `closed (was ${action.fromLabel ?? action.fromStatus})`), label: 'closed' };
      }
    },
    undoneSince: (action, now) =>
      action.kind === 'close'
        ? `closed by this command earlier, reopened since by someone else (now ${typeof now.statusLabel === 'string' ? `${now.statusLabel} (${now.status})` : now.status})`
        : 'updated by this command earlier, changed since by someone else',
    replan: 'run apply again to plan it anew',
    view: (result: BulkResult, action) => view(action, result === 'would_change' && action ? `would ${actionText(action)}` : '', action && 'held' in action ? action.held : []),
  };
}
