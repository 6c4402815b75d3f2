// Names of lookup items by id, for output meant for people ("Information Technology (1)"). Each
// list is fetched whole, once per command, and kept on disk for an hour per profile, base URL and
// account (a fingerprint of the token, never the token): <state>/cache/names-<list>-<hash>.json.
// A cached list that lacks an id asked for is fetched again once it is five minutes old: a
// customer created since shows its name soon, while an id that no list has (a deleted department)
// costs at most one request per five minutes. Nothing here fails a command: a list that cannot be
// read or fetched (403, network) gives no names, and callers show ids.
import { readFileSync } from 'node:fs';
import type { ApiClient } from '../api/client.js';
import { allItems } from '../api/paginate.js';
import { namedShape } from '../api/shapes.js';
import type { Named } from '../api/types.js';
import { writeFileAtomic } from '../core/atomic-file.js';
import { cacheFile, cacheSource } from './cache-scope.js';
import { rememberLookup } from '../completion/remember.js';
import { LOOKUP_TABLE } from '../domain/lookup-kinds.js';
import type { Uses } from './context.js';

export const NAMES_TTL_MS = 60 * 60 * 1000;
export const NAMES_REFETCH_MISSING_AFTER_MS = 5 * 60 * 1000;

/** One lookup list: a path, and for job functions and employer types the industry they belong to. */
export interface ListRef {
  path: string;
  industryId?: number;
}

interface CacheEntry {
  fetchedAt: number;
  source: string;
  path: string;
  industryId: number | null;
  items: Array<[number, string]>;
}

export type Names = ReadonlyMap<number, string>;

function listName({ path, industryId }: ListRef): string {
  return `names${path.replace(/[^a-z0-9]+/gi, '-')}${industryId === undefined ? '' : `-${industryId}`}`;
}

export class LookupNames {
  private readonly memo = new Map<string, Promise<Names | undefined>>();

  constructor(
    private readonly ctx: Uses<'io' | 'env' | 'globals' | 'now' | 'settings'>,
    private readonly api: ApiClient,
  ) {}

  /** The names of `list`, which should hold `wanted`; undefined when the list cannot be had. */
  names(list: ListRef, wanted: readonly number[]): Promise<Names | undefined> {
    const key = `${list.path}?${list.industryId ?? ''}`;
    let names = this.memo.get(key);
    if (!names) {
      names = this.load(list, wanted);
      this.memo.set(key, names);
    }
    return names;
  }

  private async load(list: ListRef, wanted: readonly number[]): Promise<Names | undefined> {
    // Per account too: two tokens at one base URL may be two accounts, with customers of their own.
    const source = `${cacheSource(this.ctx, this.api)}\n${this.api.credentialFingerprint()}`;
    const file = cacheFile(this.ctx, source, listName(list));
    const cached = this.read(file, source, list);
    const age = cached ? this.ctx.now().getTime() - cached.fetchedAt : Infinity;
    if (cached && age >= 0 && age < NAMES_TTL_MS && (age < NAMES_REFETCH_MISSING_AFTER_MS || wanted.every((id) => cached.names.has(id)))) {
      return cached.names;
    }
    let items: Named[];
    try {
      const query = list.industryId === undefined ? {} : { industry_id: list.industryId };
      items = await allItems<Named>(this.api, list.path, query, namedShape);
    } catch {
      return cached?.names; // an old name is better than none
    }
    const entry: CacheEntry = {
      fetchedAt: this.ctx.now().getTime(),
      source,
      path: list.path,
      industryId: list.industryId ?? null,
      items: items.map((i) => [i.id, i.name]),
    };
    // A whole list: completion keeps every page of it, not the page a `lookup` printed.
    const kind = LOOKUP_TABLE.find((row) => row.path === list.path)?.kind;
    if (kind !== undefined) rememberLookup(this.ctx, kind, items);
    try {
      writeFileAtomic(file, JSON.stringify(entry), { durable: false });
    } catch {
      // a cache: a full or read-only disk costs the next command its requests
    }
    return new Map(entry.items);
  }

  private read(file: string, source: string, list: ListRef): { fetchedAt: number; names: Names } | undefined {
    try {
      const entry = JSON.parse(readFileSync(file, 'utf8')) as CacheEntry;
      if (entry.source !== source || entry.path !== list.path || entry.industryId !== (list.industryId ?? null)) return undefined;
      if (typeof entry.fetchedAt !== 'number' || !Array.isArray(entry.items)) return undefined;
      const names = new Map(entry.items.filter(([id, name]) => typeof id === 'number' && typeof name === 'string'));
      return { fetchedAt: entry.fetchedAt, names };
    } catch {
      return undefined; // none yet, or unreadable: fetch
    }
  }
}
