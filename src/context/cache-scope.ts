// Caches of what a service answered are kept per profile and base URL, under <state dir>/cache/.
// The embedded sandbox's port changes every run, so its caches are keyed by "embedded-sandbox" alone.
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { ApiClient } from '../api/client.js';
import type { Uses } from './context.js';
import { ownStateDir } from '../core/paths.js';

export const CACHE_DIR = 'cache';
const EMBEDDED_SOURCE = 'embedded-sandbox';

/** What a cached answer must have been fetched from to be used: the client's canonical base URL, or the embedded sandbox. */
export function cacheSource(ctx: Uses<'globals'>, api: ApiClient): string {
  return ctx.globals.sandbox ? EMBEDDED_SOURCE : api.baseUrl;
}

/** `<state>/cache/<name>-<16 hex digits of profile and source>.json`. */
export function cacheFile(ctx: Uses<'env' | 'globals' | 'settings'>, source: string, name: string): string {
  return join(ownStateDir(ctx.env, CACHE_DIR), `${name}-${cacheId(ctx.globals.sandbox ? 'sandbox' : ctx.settings().profile, source)}.json`);
}

/** The end of a cache file's name for a profile and source (its name is `<name>-<id>.json`). */
export function cacheId(profile: string, source: string): string {
  return createHash('sha256').update(`${profile}\n${source}`).digest('hex').slice(0, 16);
}

/**
 * The ids of every cache of the embedded sandbox: those keyed by its name alone (cacheSource) and
 * those keyed by its name and an account's credential (lookup-names.ts).
 */
export function embeddedCacheIds(credentials: readonly string[]): string[] {
  return [EMBEDDED_SOURCE, ...credentials.map((c) => `${EMBEDDED_SOURCE}\n${c}`)].map((source) => cacheId('sandbox', source));
}
