// Caches of what a service answered are kept per profile and base URL, under <state dir>/cache/.
// The embedded sandbox's port changes every run, so its caches are keyed by "embedded-sandbox" alone.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ApiClient } from '../api/client.js';
import type { Context } from './context.js';
import { ownStateDir } from '../core/paths.js';

export const CACHE_DIR = 'cache';

/** What a cached answer must have been fetched from to be used: the client's canonical base URL, or the embedded sandbox. */
export function cacheSource(ctx: Context, api: ApiClient): string {
  return ctx.globals.sandbox ? 'embedded-sandbox' : api.baseUrl;
}

/** `<state>/cache/<name>-<16 hex digits of profile and source>.json`. */
export function cacheFile(ctx: Context, source: string, name: string): string {
  const id = createHash('sha256').update(`${ctx.globals.sandbox ? 'sandbox' : ctx.settings().profile}\n${source}`).digest('hex').slice(0, 16);
  return join(ownStateDir(ctx.env, CACHE_DIR), `${name}-${id}.json`);
}
