// What the apply journals of an account know, used before planning: a job an apply created is never
// created again because a listing does not show it yet (an eventually consistent index lags
// writes). A code missing from the list but journaled as created with job N is read with
// GET /jobs/N and planned as that job; one that is gone (404) or has another code since is said,
// and planned as a create from that state (docs/decisions.md, "Use what the journal knows").
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ApiClient } from '../../../api/client.js';
import { ApiError } from '../../../api/errors.js';
import { getJob } from '../../../api/jobs.js';
import type { Job } from '../../../api/types.js';
import { canonicalText } from '../../../exactly-once/canonical-json.js';
import { accountPart } from '../../../exactly-once/journal-files.js';
import { createdEntries } from '../../../exactly-once/journal-read.js';
import type { Account } from '../../../exactly-once/records.js';
import { readLines } from '../../../exactly-once/lines.js';
import { codeOf } from './code.js';

/** The journal identity of an apply create: `create.<code>.<body hash>` (apply.ts). */
const CREATE_ID = /^create\.([\s\S]*)\.[\da-f]{32}$/;

/** Whether a journal may hold applies: its first line is an apply run, or cannot be told. */
async function mayBeApply(file: string): Promise<boolean> {
  for await (const line of readLines(file)) {
    if (typeof line !== 'string') return true; // an over-long first line: damage, cannot be told
    try {
      const first = JSON.parse(line) as { type?: unknown; input?: unknown };
      return first.type !== 'run' || typeof first.input !== 'string' || first.input.startsWith('["jobs apply"');
    } catch {
      return true;
    }
  }
  return false;
}

/** Per job code, the ids of the jobs the apply journals of `account` record as created, newest first. */
export async function journaledCreates(dir: string, account: Account): Promise<Map<string, number[]>> {
  const byCode = new Map<string, number[]>();
  if (!existsSync(dir)) return byCode;
  const suffix = `-${accountPart(account)}.ndjson`;
  for (const name of readdirSync(dir).sort()) {
    if (!name.endsWith(suffix)) continue;
    const file = join(dir, name);
    if (!(await mayBeApply(file))) continue;
    for await (const { id, jobId } of createdEntries(file)) {
      const written = CREATE_ID.exec(id)?.[1];
      if (written === undefined) continue;
      const code = canonicalText(written); // an earlier version journaled the code as the file spelled it
      const ids = byCode.get(code) ?? [];
      if (!ids.includes(jobId)) ids.push(jobId);
      byCode.set(code, ids);
    }
  }
  for (const ids of byCode.values()) ids.sort((a, b) => b - a);
  return byCode;
}

export interface Recovered {
  /** Jobs the list did not show, read by id: to be planned with the listed ones. */
  jobs: Job[];
  /** Per code, journaled jobs that are no longer its job. */
  gone: Map<string, number[]>;
  notes: string[];
}

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Reads the journaled jobs of the codes of `codes` that `listed` does not show. */
export async function recoverJournaled(api: ApiClient, codes: readonly string[], listed: readonly Job[], journaled: ReadonlyMap<string, readonly number[]>): Promise<Recovered> {
  const shown = new Set(listed.flatMap((j) => codeOf(j) ?? []));
  const listedIds = new Set(listed.map((j) => j.id));
  const out: Recovered = { jobs: [], gone: new Map(), notes: [] };
  for (const code of codes) {
    const ids = journaled.get(code);
    if (shown.has(code) || !ids) continue;
    const lost: number[] = [];
    for (const id of ids) {
      if (listedIds.has(id)) {
        lost.push(id); // listed, with another code
        continue;
      }
      let job: Job;
      try {
        job = await getJob(api, id);
      } catch (error) {
        if (!isNotFound(error)) throw error;
        out.notes.push(`note: job ${id}, created for ${code} by an earlier apply, is gone (404 Not Found): ${code} is planned as a create`);
        lost.push(id);
        continue;
      }
      if (codeOf(job) === code) {
        out.jobs.push(job);
        out.notes.push(`note: ${code} is not in the list of jobs yet, but an earlier apply created it as job ${id}: planned from GET /jobs/${id}, not created again`);
        break;
      }
      const now = typeof job.jobCode === 'string' && job.jobCode !== '' ? `has the code ${job.jobCode}` : 'has no code';
      out.notes.push(`note: job ${id}, created for ${code} by an earlier apply, ${now} since: ${code} is planned as a create`);
      lost.push(id);
    }
    if (lost.length > 0 && !out.jobs.some((j) => codeOf(j) === code)) out.gone.set(code, lost);
  }
  return out;
}
