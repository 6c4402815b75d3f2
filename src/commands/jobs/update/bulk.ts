// `recruit jobs update <id...> [field flags]` and `jobs update - ...`: one patch for many jobs, as a
// bulk operation (src/jobs/bulk/run-bulk.ts). Each job keeps the single update's rules: it is read
// first, names are resolved in its own industry, its salary bounds are checked against it (and a
// move to another industry without a job function and employer type is refused), and its
// current free-board setting is sent back unless the user chose one (docs/api-rules.md, "Publication rules" 2).
// A job that already has every value asked for is reported unchanged and not sent.
import type { ApiClient } from '../../../api/client.js';
import { updateJob } from '../../../api/jobs.js';
import type { Job } from '../../../api/types.js';
import type { BulkOperation, BulkResult, ItemView, Planned } from '../../../jobs/bulk/bulk-item.js';
import { canonicalJson } from '../../../exactly-once/canonical-json.js';
import { plural } from '../../../jobs/batch/summary.js';
import { salaryAgainstJob } from './checks.js';
import type { NameReference } from './patch.js';
import { planPublication } from './publication.js';
import { industryMoveProblems, resolveNames } from './references.js';
import { compareJobs, sameValue, whyIgnored } from '../update-report.js';
import { contradictedFields } from '../update-contradictions.js';

interface UpdateDetail {
  /** The fields asked for (the free-board value the CLI keeps is not one). */
  requested: string[];
  /** The job's values of those fields before the update. */
  before: Record<string, unknown>;
  /** Fields asked for whose value the job does not have yet. */
  differing: string[];
  freeBoards: unknown;
  kept: boolean;
}

function view(detail: UpdateDetail | undefined, changed: string[], ignored: { field: string; reason: string }[], text: string): ItemView {
  return {
    json: { changed, ignored, publishToFreeJobBoards: detail ? { sent: detail.freeBoards, kept: detail.kept } : null },
    cells: [changed.join(','), ignored.map((i) => i.field).join(',')],
    text,
  };
}

/** The ids that `names` resolve to for a job of `industry`, resolved once per industry. */
function resolverFor(api: ApiClient, patch: Record<string, unknown>, names: readonly NameReference[]) {
  const byIndustry = new Map<string, Promise<Record<string, unknown>>>();
  return (jobIndustry: unknown): Promise<Record<string, unknown>> => {
    const key = String(typeof patch.industryId === 'number' ? patch.industryId : jobIndustry);
    let resolved = byIndustry.get(key);
    if (!resolved) {
      const scratch: Record<string, unknown> = typeof patch.industryId === 'number' ? { industryId: patch.industryId } : {};
      resolved = resolveNames(api, scratch, names, jobIndustry).then(() => scratch);
      byIndustry.set(key, resolved);
    }
    return resolved;
  };
}

export function updateOperation(api: ApiClient, patch: Record<string, unknown>, names: readonly NameReference[], verbose = false): BulkOperation<UpdateDetail> {
  const resolve = resolverFor(api, patch, names);
  return {
    command: 'recruit jobs update',
    what: 'this update',
    starting: (jobs) => `updating ${jobs}`,
    input: JSON.stringify(['jobs update', canonicalJson(patch), names]),
    plan: async (job: Job) => {
      const body: Record<string, unknown> = structuredClone(patch);
      if (names.length > 0) Object.assign(body, await resolve(job.industryId));
      const problems = [...salaryAgainstJob(body, job), ...industryMoveProblems(body, names, job)];
      if (problems.length > 0) return { problems };
      const publication = planPublication(body, job); // adds the job's own free-board setting unless one was given
      const requested = Object.keys(body).filter((k) => !(publication.kept && k === 'publishToFreeJobBoards'));
      const has = (k: string) => Object.hasOwn(job, k) && sameValue(job[k], body[k]);
      const before = Object.fromEntries(requested.filter((k) => Object.hasOwn(job, k)).map((k) => [k, job[k]]));
      return {
        body,
        unchanged: Object.keys(body).every(has),
        detail: { requested, before, differing: requested.filter((k) => !has(k)), freeBoards: publication.freeBoards, kept: publication.kept },
      };
    },
    send: async (client, id, body, key) => {
      const res = await updateJob(client, id, body, key);
      return { job: res.body, replayed: res.replayed };
    },
    answered: (detail, body, after) => {
      // The fields asked for, compared as the single update's report does (changes not asked for aside).
      const reports = compareJobs(detail.before as Job, after, body, detail.requested).filter((r) => r.outcome !== 'also-changed');
      const changed = reports.filter((r) => r.outcome === 'changed').map((r) => r.field);
      const ignored = reports.filter((r) => r.outcome === 'ignored').map((r) => ({ field: r.field, reason: whyIgnored(r) }));
      const said = ignored.length > 0 ? `; ignored by the service: ${ignored.map((i) => `${i.field} (${i.reason})`).join(', ')}` : '';
      const contradiction = contradictedFields(reports);
      return {
        changed: changed.length > 0,
        view: view(detail, changed, ignored, `${changed.length > 0 ? changed.join(', ') : 'nothing changed'}${said}`),
        ...(contradiction ? { contradiction } : {}),
      };
    },
    undoneSince: () => 'updated by this command earlier, changed since by someone else',
    view: (result: BulkResult, detail) => {
      if (!detail) return view(undefined, [], [], '');
      if (result === 'would_change') return view(detail, detail.differing, [], `would change ${detail.differing.join(', ')}`);
      if (result === 'unchanged') return view(detail, [], [], `already as asked (${detail.requested.join(', ')})`);
      return view(detail, [], [], '');
    },
    note: (planned: readonly Planned<UpdateDetail>[]) => publicationNote(patch, planned, verbose),
  };
}

function onOff(value: unknown): string {
  return typeof value === 'boolean' ? (value ? 'on' : 'off') : `set to ${JSON.stringify(value)}`;
}

/** What is sent for each publication channel, said once for the jobs that will be sent. */
function publicationNote(patch: Record<string, unknown>, planned: readonly Planned<UpdateDetail>[], verbose: boolean): string | undefined {
  if (planned.length === 0) return undefined;
  // Publication not asked about: each job keeps its own, which is no news on every update (--verbose says it).
  if (!verbose && !Object.hasOwn(patch, 'publishToCareerPage') && planned[0]!.detail.kept) return undefined;
  const career = Object.hasOwn(patch, 'publishToCareerPage')
    ? `career page ${onOff(patch.publishToCareerPage)} (sent publishToCareerPage: ${JSON.stringify(patch.publishToCareerPage)})`
    : 'career page unchanged';
  if (!planned[0]!.detail.kept) {
    return `Publication: ${career}; free boards ${onOff(patch.publishToFreeJobBoards)} (sent publishToFreeJobBoards: ${JSON.stringify(patch.publishToFreeJobBoards)})`;
  }
  const on = planned.filter((p) => p.detail.freeBoards === true).length;
  const sent = [...(on > 0 ? [`true to ${plural(on, 'job')}`] : []), ...(on < planned.length ? [`false to ${plural(planned.length - on, 'job')}`] : [])];
  return `Publication: ${career}; free boards kept as each job has them (sent publishToFreeJobBoards: ${sent.join(', ')})`;
}
