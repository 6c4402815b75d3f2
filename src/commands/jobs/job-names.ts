// The names behind a job's ids and codes, for people: lookup lists (cached, lookup-names.ts) for
// the ids, the job options (cached a day) for the codes. Loaded only for terminal output, never
// for --json or a pipe. Each distinct list is fetched once, all of them at once.
import type { Job } from '../../api/types.js';
import type { Uses } from '../../context/context.js';
import { getJobOptions } from '../../context/job-options.js';
import { LookupNames, type ListRef, type Names } from '../../context/lookup-names.js';
import { normalizeName } from '../../core/suggest.js';
import { FIELDS, REFERENCE_FIELDS } from '../../domain/job-fields.js';
import type { JobNamer } from './job-view.js';

/** Id fields and the list their names come from (the registry's references); job functions and employer types per industry. */
const ID_LISTS: Record<string, { path: string; byIndustry: boolean }> = Object.fromEntries(
  REFERENCE_FIELDS.map((r) => [r.idField, { path: r.path, byIndustry: r.byIndustry }]),
);

/** Code fields and their section of /job-options (decisions.md: job-options field names). */
const CODE_LISTS: Record<string, string> = Object.fromEntries(FIELDS.flatMap((f) => (f.options ? [[f.name, f.options]] : [])));

export const NAMED_FIELDS = [...Object.keys(ID_LISTS), ...Object.keys(CODE_LISTS)];

function listOf(job: Job, field: string): ListRef | undefined {
  const spec = ID_LISTS[field];
  if (!spec) return undefined;
  if (!spec.byIndustry) return { path: spec.path };
  return typeof job.industryId === 'number' ? { path: spec.path, industryId: job.industryId } : undefined;
}

const listKey = (list: ListRef) => `${list.path}?${list.industryId ?? ''}`;

async function codeLabels(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'api'>, jobs: readonly Job[], fields: readonly string[]): Promise<Map<string, Map<string, string>>> {
  const labels = new Map<string, Map<string, string>>();
  const wanted = fields.filter((f) => CODE_LISTS[f] && jobs.some((j) => typeof j[f] === 'string'));
  if (wanted.length === 0) return labels;
  let options: Record<string, unknown>;
  try {
    options = (await getJobOptions(ctx)) as Record<string, unknown>;
  } catch {
    return labels;
  }
  for (const field of wanted) {
    const section = options[CODE_LISTS[field]!];
    if (!Array.isArray(section)) continue;
    const map = new Map<string, string>();
    for (const entry of section as Array<{ code?: unknown; label?: unknown }>) {
      if (typeof entry?.code === 'string' && typeof entry.label === 'string') map.set(entry.code, entry.label);
    }
    labels.set(field, map);
  }
  return labels;
}

export interface NamerOptions {
  /** One set of lists for several calls (the pages of `jobs list --all --csv`). */
  lookups?: LookupNames;
  /** Only names that one item of their list has, so that the name reads back as that item (`--csv`). */
  unique?: boolean;
}

/** The names that more than one item of a list has (case and spaces aside, as names are matched). */
function sharedNames(names: Names): Set<string> {
  const seen = new Set<string>();
  const shared = new Set<string>();
  for (const name of names.values()) {
    const key = normalizeName(name);
    if (seen.has(key)) shared.add(key);
    seen.add(key);
  }
  return shared;
}

/** Fetches (or reads from the cache) every list that names `fields` of `jobs`, and answers from them. */
export async function loadJobNamer(
  ctx: Uses<'io' | 'env' | 'globals' | 'now' | 'settings' | 'api'>,
  jobs: readonly Job[],
  fields: readonly string[] = NAMED_FIELDS,
  options: NamerOptions = {},
): Promise<JobNamer> {
  const wanted = new Map<string, { list: ListRef; ids: Set<number> }>();
  for (const job of jobs) {
    for (const field of fields) {
      const id = job[field];
      const list = typeof id === 'number' ? listOf(job, field) : undefined;
      if (!list) continue;
      const key = listKey(list);
      if (!wanted.has(key)) wanted.set(key, { list, ids: new Set() });
      wanted.get(key)!.ids.add(id as number);
    }
  }
  const api = await ctx.api();
  const lookups = options.lookups ?? new LookupNames(ctx, api);
  const [lists, codes] = await Promise.all([
    Promise.all([...wanted].map(async ([key, { list, ids }]) => [key, await lookups.names(list, [...ids])] as const)),
    codeLabels(ctx, jobs, fields),
  ]);
  const byList = new Map<string, Names | undefined>(lists);
  const shared = new Map<string, Set<string>>();
  return (job, field) => {
    const value = job[field];
    if (typeof value === 'string') return codes.get(field)?.get(value);
    if (typeof value !== 'number') return undefined;
    const list = listOf(job, field);
    const names = list ? byList.get(listKey(list)) : undefined;
    const name = names?.get(value);
    if (name === undefined || !options.unique) return name;
    const key = listKey(list!);
    if (!shared.has(key)) shared.set(key, sharedNames(names!));
    return shared.get(key)!.has(normalizeName(name)) ? undefined : name;
  };
}
