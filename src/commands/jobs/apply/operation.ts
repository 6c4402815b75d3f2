// The changes of a `jobs apply` plan as one bulk operation (src/jobs/bulk/run-bulk.ts): creates
// (job id 0 until the service answers), updates and closes, each sent with its own journaled
// Idempotency-Key. What each item does is its plan entry (apply-plan.ts).
import { changeJobStatus, createJob, updateJob } from '../../../api/jobs.js';
import { ApiError } from '../../../api/errors.js';
import type { Job } from '../../../api/types.js';
import { PUBLICATION_FIELDS } from '../../../domain/job-rules.js';
import type { BulkOperation, BulkResult, ItemView } from '../../../jobs/bulk/bulk-item.js';
import { CLOSED, type Action, type Held } from './plan.js';
import { compareJobs } from '../update-report.js';
import { contradictedFields } from '../update-contradictions.js';
import { byAnotherRun } from '../../../exactly-once/classify.js';

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

/** `resent`: the keys this journal had sent before without an answer (a replay of one is this journal's job). */
export function applyOperation(input: string, actions: readonly Action[], resent: ReadonlySet<string> = new Set()): BulkOperation<Action> {
  const closes = new Set(actions.flatMap((a) => (a.kind === 'close' ? [a.jobId] : [])));
  /** Jobs whose create another run made: the service replayed its answer to the same derived key. */
  const byAnother = new Set<number>();
  /** Creates the service refused to publish (an approval account the plan could not tell): created unpublished. */
  const unpublished = new Set<string>();
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
        return answer;
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 409 && error.code === PUBLICATION_REFUSED)) throw error;
        // A 409 creates nothing (docs/api-rules.md, "Publication rules" 3): the job is created unpublished, with a
        // key derived from the journaled one, so that a re-run after a crash here replays it.
        const bare = Object.fromEntries(Object.entries(body).filter(([k]) => !(PUBLICATION_FIELDS as readonly string[]).includes(k)));
        unpublished.add(String(body.jobCode));
        return await createJob(api, bare, `${key}.unpublished`);
      }
    },
    answered: (action, body, after: Job) => {
      switch (action.kind) {
        case 'create': {
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
          return { changed: true, view: view(action, `created (${status})`, held) };
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
            ...(contradiction ? { contradiction } : {}),
          };
        }
        case 'close':
          return { changed: after.status !== action.fromStatus, view: view(action, `closed (was ${action.fromLabel ?? action.fromStatus})`) };
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
