// An export of the account (`jobs list --all --json` or `--csv`) as the file of `jobs apply`: the
// fields the service sets (id, status, dates...) are taken out of each item before its checks and
// never applied. An id is kept to be checked: it must be the job its jobCode matches, so that an
// edited code or another account's export cannot turn into a create (and, with --prune, a close).
import type { Job } from '../../../api/types.js';
import type { ErrorDetail } from '../../../core/errors.js';
import { READ_ONLY_JOB_FIELDS } from '../../../domain/job-rules.js';
import { byCode } from './code.js';

/** What an item said of the fields the service sets. */
export interface ServiceFields {
  id?: unknown;
  status?: unknown;
  statusLabel?: unknown;
}

const SERVICE = new Set<string>(READ_ONLY_JOB_FIELDS);

/** Takes the service's fields out of an item's value; returns the names of those it had. */
export function takeServiceFields(value: unknown): { given: ServiceFields; names: string[] } {
  const given: ServiceFields = {};
  const names: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { given, names };
  const item = value as Record<string, unknown>;
  for (const name of Object.keys(item)) {
    if (!SERVICE.has(name)) continue;
    names.push(name);
    if (name === 'id' || name === 'status' || name === 'statusLabel') given[name] = item[name];
    delete item[name];
  }
  return { given, names };
}

interface Given {
  index: number;
  code: string;
  given?: ServiceFields;
}

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v > 0;

/** Items whose id is not the job their code matches: each named, with what the id and the code are. */
export function idProblems(items: readonly Given[], jobs: readonly Job[]): ErrorDetail[] {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const jobOf = byCode(jobs);
  const problems: ErrorDetail[] = [];
  for (const item of items) {
    const id = item.given?.id;
    if (id === undefined || id === null || id === '') continue;
    const at = (message: string) => problems.push({ item: item.index, field: 'id', message });
    if (!isId(id)) {
      at(`must be the id of a job of the account (a positive integer), got ${JSON.stringify(id)}`);
      continue;
    }
    const byItsCode = jobOf.get(item.code);
    const byItsId = byId.get(id);
    if (byItsCode?.id === id) continue;
    if (byItsCode && byItsId) at(`${id} is job ${String(byItsId.jobCode)}, but the item's jobCode "${item.code}" is job ${byItsCode.id}`);
    else if (byItsCode) at(`no job ${id} in the account, but the item's jobCode "${item.code}" is job ${byItsCode.id}`);
    else if (byItsId) {
      at(`${id} is job ${String(byItsId.jobCode)}, not "${item.code}": apply matches jobs by jobCode (to change a code: recruit jobs update ${id} --job-code ${item.code})`);
    } else at(`no job ${id} in the account: empty the id to create the item as a new job`);
  }
  return problems;
}

/** A note for each item whose status differs from its job's: apply changes no status, `jobs status` does. */
export function statusNotes(items: readonly Given[], jobs: readonly Job[], nameOf: (index: number) => string = (i) => `item ${i}`): string[] {
  const jobOf = byCode(jobs);
  const notes: string[] = [];
  for (const item of items) {
    const job = jobOf.get(item.code);
    const { status, statusLabel } = item.given ?? {};
    if (!job) continue;
    let differs: string | undefined;
    if (status !== undefined && status !== null && status !== job.status) differs = `status ${JSON.stringify(status)} is not the job's (${job.status})`;
    else if (typeof statusLabel === 'string' && statusLabel.trim().toLowerCase() !== String(job.statusLabel ?? '').toLowerCase()) {
      differs = `statusLabel ${JSON.stringify(statusLabel)} is not the job's (${JSON.stringify(job.statusLabel ?? null)})`;
    }
    if (differs) notes.push(`note: ${nameOf(item.index)} (${item.code}): ${differs}; apply leaves statuses alone: recruit jobs status ${job.id} <status>`);
  }
  return notes;
}
