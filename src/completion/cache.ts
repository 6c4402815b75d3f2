// The completion cache: ids and names that earlier commands fetched anyway, one file per kind in
// <state dir>/completion/<kind>.tsv. The completion scripts read these files themselves, so Tab
// never runs recruit and never touches the network.
//
// Format (the generated scripts depend on it): a first line "#expires=<unix seconds>", then one
// "value<TAB>description" line per entry, most recent first.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../core/atomic-file.js';
import { ownStateDir } from '../core/paths.js';

export const CACHE_KINDS = [
  'industries',
  'functions',
  'employer-types',
  'customers',
  'departments',
  'hiring-managers',
  'jobs',
  'statuses',
  'settable-statuses',
  'job-types',
  'education-levels',
  'salary-intervals',
] as const;
export type CacheKind = (typeof CACHE_KINDS)[number];

export const CACHE_DIR = 'completion';
export const CACHE_HEADER = '#expires=';
export const CACHE_TTL_SECONDS = 7 * 24 * 60 * 60;
export const CACHE_MAX_ENTRIES = 200;
const MAX_DESCRIPTION = 80;

export interface CacheEntry {
  value: string;
  description: string;
}

export interface CacheWriter {
  env: NodeJS.ProcessEnv;
  now(): Date;
  /**
   * What the values are of: the profile, base URL and account (a fingerprint of the token, hashed
   * again here); undefined when unknown. The cache holds one such scope at a time.
   */
  completionScope?(): string | undefined;
}

/** `<state>/completion/scope`: the hash of the scope the cache files are of. */
const SCOPE_FILE = 'scope';

/**
 * The completion scripts read one file per kind and never run recruit, so they cannot tell
 * accounts apart: the cache holds the values of the last account a command remembered for. A
 * command for another account first removes every kind, so Tab never offers another account's
 * jobs, customers or names.
 */
function enterScope(ctx: CacheWriter): void {
  const scope = ctx.completionScope?.();
  if (scope === undefined) return;
  const hashed = scopeHash(scope);
  const file = join(ownStateDir(ctx.env, CACHE_DIR), SCOPE_FILE);
  if (heldScope(ctx.env) === hashed) return;
  for (const kind of CACHE_KINDS) rmSync(cacheFile(ctx.env, kind), { force: true });
  writeFileAtomic(file, `${hashed}\n`, { durable: false });
}

function scopeHash(scope: string): string {
  const { createHash } = process.getBuiltinModule('node:crypto'); // not at start-up: most commands never remember
  return createHash('sha256').update(scope).digest('hex').slice(0, 32);
}

function heldScope(env: NodeJS.ProcessEnv): string | undefined {
  try {
    return readFileSync(join(ownStateDir(env, CACHE_DIR), SCOPE_FILE), 'utf8').trim();
  } catch {
    return undefined;
  }
}

/**
 * Empties the cache when it holds the values of one of `scopes` (a sandbox that was reset: its ids
 * and names are given out again); true when it did. Never throws.
 */
export function forgetForCompletion(env: NodeJS.ProcessEnv, scopes: readonly string[]): boolean {
  try {
    const held = heldScope(env);
    if (held === undefined || !scopes.some((scope) => scopeHash(scope) === held)) return false;
    for (const kind of CACHE_KINDS) rmSync(cacheFile(env, kind), { force: true });
    rmSync(join(ownStateDir(env, CACHE_DIR), SCOPE_FILE), { force: true });
    return true;
  } catch {
    return false;
  }
}

export function isCacheKind(kind: string): kind is CacheKind {
  return (CACHE_KINDS as readonly string[]).includes(kind);
}

export function cacheFile(env: NodeJS.ProcessEnv, kind: CacheKind): string {
  return join(ownStateDir(env, CACHE_DIR), `${kind}.tsv`);
}

// A value the scripts can offer: ids, codes and names, multi-word ones included ("Information
// Technology": each shell quotes what it inserts, bash through printf %q); no leading dash, no
// space at either end, and nothing that means more to a shell than a quoted character ($, `, ;, |...).
const SAFE_VALUE = /^[\p{L}\p{N}_](?:[\p{L}\p{N}_.+&/,' -]*[\p{L}\p{N}_.+)])?$/u;

function clean(entry: CacheEntry): CacheEntry | undefined {
  if (!SAFE_VALUE.test(entry.value)) return undefined;
  // eslint-disable-next-line no-control-regex -- server strings: no tab, newline or escape may reach a shell
  const description = entry.description.replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
  return { value: entry.value, description: description.length > MAX_DESCRIPTION ? `${description.slice(0, MAX_DESCRIPTION - 1)}…` : description };
}

/** The entries of a kind that have not expired; none when the file is missing or unreadable. */
export function readCache(env: NodeJS.ProcessEnv, kind: CacheKind, now: Date): CacheEntry[] {
  let text: string;
  try {
    text = readFileSync(cacheFile(env, kind), 'utf8');
  } catch {
    return [];
  }
  const [header = '', ...lines] = text.split('\n');
  const expires = Number(header.startsWith(CACHE_HEADER) ? header.slice(CACHE_HEADER.length) : NaN);
  if (!(expires > now.getTime() / 1000)) return [];
  return lines.filter(Boolean).map((line) => {
    const tab = line.indexOf('\t');
    return tab < 0 ? { value: line, description: '' } : { value: line.slice(0, tab), description: line.slice(tab + 1) };
  });
}

/**
 * Whether the cache holds fresh entries of `kind` for the scope in effect (a cache of another
 * scope is emptied first); false when it cannot tell.
 */
export function holdsForCompletion(ctx: CacheWriter, kind: CacheKind): boolean {
  try {
    enterScope(ctx);
    return readCache(ctx.env, kind, ctx.now()).length > 0;
  } catch {
    return false;
  }
}

/**
 * Saves entries for completion: the newest first, then (unless `replace`) the older ones still
 * fresh, at most CACHE_MAX_ENTRIES. Never throws: the command that fetched the data must not fail
 * because its state directory is read-only or full.
 */
export function rememberForCompletion(ctx: CacheWriter, kind: CacheKind, entries: readonly CacheEntry[], { replace = false } = {}): void {
  try {
    enterScope(ctx);
    const now = ctx.now();
    const seen = new Set<string>();
    const kept: CacheEntry[] = [];
    for (const entry of [...entries, ...(replace ? [] : readCache(ctx.env, kind, now))]) {
      const tidy = clean(entry);
      if (!tidy || seen.has(tidy.value)) continue;
      seen.add(tidy.value);
      kept.push(tidy);
      if (kept.length === CACHE_MAX_ENTRIES) break;
    }
    const expires = Math.floor(now.getTime() / 1000) + CACHE_TTL_SECONDS;
    const body = kept.map((e) => `${e.value}\t${e.description}\n`).join('');
    writeFileAtomic(cacheFile(ctx.env, kind), `${CACHE_HEADER}${expires}\n${body}`, { durable: false });
  } catch {
    // best effort only
  }
}
