// What the commands that already fetch lookups, jobs and job options hand to the completion cache.
// Jobs and lookup items are kept when they were printed on a terminal: completion is for the ids a
// person has seen, and a script that reads a job every few seconds should not rewrite a file each
// time (it cost `jobs get --json` 1-2 ms of its start-up budget; docs/performance.md).
import type { Job, JobOptions, Named, StatusOption } from '../api/types.js';
import { holdsForCompletion, isCacheKind, rememberForCompletion, type CacheEntry, type CacheWriter } from './cache.js';

/** A command's view of where its output goes, beside the cache's own needs. */
export interface Viewer extends CacheWriter {
  io: { stdout: { isTTY?: boolean } };
}

const onTerminal = (ctx: Viewer): boolean => ctx.io.stdout.isTTY === true;

/** Remembering is best effort: odd data from a service must not fail the command that fetched it. */
function quietly(work: () => void): void {
  try {
    work();
  } catch {
    // nothing kept
  }
}

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/**
 * Items of a lookup list (`recruit lookup <kind>`, or a list read whole for its names); kinds no
 * option completes (users) are not kept. The ids first, then the names, which the options take
 * too (`--industry Healthcare`, `--industry "Information Technology"`: the shells quote what they insert).
 */
export function rememberLookup(ctx: Viewer, kind: string, items: readonly Named[]): void {
  if (!isCacheKind(kind) || !onTerminal(ctx)) return;
  quietly(() =>
    rememberForCompletion(ctx, kind, [
      ...items.map((item) => ({ value: text(item.id), description: text(item.name) })),
      ...items.map((item) => ({ value: text(item.name), description: `id ${text(item.id)}` })),
    ]),
  );
}

export function rememberJobs(ctx: Viewer, jobs: readonly Job[]): void {
  if (!onTerminal(ctx)) return;
  quietly(() => {
    const entries = jobs.map((job) => {
      const status = text(job.statusLabel) || text(job.status);
      return { value: text(job.id), description: `${text(job.title)}${status ? ` (${status})` : ''}` };
    });
    rememberForCompletion(ctx, 'jobs', entries);
  });
}

/** "in-progress", as `jobs status` and `jobs list --status` accept it (case and dashes do not matter there). */
function slug(label: string): string {
  return label.trim().toLowerCase().replace(/[\s_-]+/g, '-');
}

function statusEntries(statuses: readonly StatusOption[]): CacheEntry[] {
  return statuses.flatMap((s) => [
    { value: slug(text(s.label)), description: `${text(s.label)} (${s.code})` },
    { value: text(s.code), description: text(s.label) },
  ]);
}

function codeLabels(list: unknown): CacheEntry[] {
  if (!Array.isArray(list)) return [];
  return list.map((o: { code?: unknown; label?: unknown }) => ({ value: text(o?.code), description: text(o?.label) }));
}

/** Statuses and the code lists of GET /job-options; each replaces what was kept before. */
export function rememberJobOptions(ctx: CacheWriter, options: JobOptions): void {
  quietly(() => {
    const statuses = Array.isArray(options.statuses) ? options.statuses : [];
    const replace = { replace: true };
    rememberForCompletion(ctx, 'statuses', statusEntries(statuses), replace);
    rememberForCompletion(ctx, 'settable-statuses', statusEntries(statuses.filter((s) => s.canSet)), replace);
    rememberForCompletion(ctx, 'job-types', codeLabels(options.jobTypes), replace);
    rememberForCompletion(ctx, 'education-levels', codeLabels(options.educationLevels), replace);
    rememberForCompletion(ctx, 'salary-intervals', codeLabels(options.salaryIntervals), replace);
  });
}

/**
 * Job options read from their own cache (per base URL, for a day): given to completion when it holds
 * none for this scope (another base URL, profile or account was used since), so that Tab offers the
 * statuses without a `lookup job-options --refresh`.
 */
export function rememberCachedJobOptions(ctx: CacheWriter, options: JobOptions): void {
  if (!holdsForCompletion(ctx, 'statuses')) rememberJobOptions(ctx, options);
}
