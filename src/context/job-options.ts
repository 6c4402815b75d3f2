// GET /job-options changes rarely: it is cached per profile and base URL for a day.
import { readFile } from 'node:fs/promises';
import { jobOptionsShape } from '../api/shapes.js';
import type { JobOptions } from '../api/types.js';
import { rememberCachedJobOptions, rememberJobOptions } from '../completion/remember.js';
import { writeFileAtomic } from '../core/atomic-file.js';
import { cacheFile, cacheSource } from './cache-scope.js';
import type { Uses } from './context.js';

export const JOB_OPTIONS_TTL_MS = 24 * 60 * 60 * 1000;

interface CacheEntry {
  fetchedAt: number;
  baseUrl: string;
  options: JobOptions;
}

export async function getJobOptions(ctx: Uses<'env' | 'globals' | 'now' | 'settings' | 'api'>, { refresh = false } = {}): Promise<JobOptions> {
  const api = await ctx.api();
  const key = cacheSource(ctx, api);
  const file = cacheFile(ctx, key, 'job-options');
  if (!refresh) {
    try {
      const entry = JSON.parse(await readFile(file, 'utf8')) as CacheEntry;
      if (entry.baseUrl === key && ctx.now().getTime() - entry.fetchedAt < JOB_OPTIONS_TTL_MS) {
        rememberCachedJobOptions(ctx, entry.options);
        return entry.options;
      }
    } catch {
      // no cache yet, or unreadable: fetch
    }
  }
  const options = await api.get<JobOptions>('/job-options', undefined, jobOptionsShape);
  rememberJobOptions(ctx, options);
  const entry: CacheEntry = { fetchedAt: ctx.now().getTime(), baseUrl: key, options };
  try {
    writeFileAtomic(file, JSON.stringify(entry), { durable: false });
  } catch {
    // a cache: a full or read-only disk costs the next command one request
  }
  return options;
}
