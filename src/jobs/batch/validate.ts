// The first pass over the file: every item checked before anything is sent. Per item only small
// state is kept (identity and title), plus the serialized bodies the cache has room for.
import type { Problem } from '../job-input.js';
import type { BodyCache } from './body-cache.js';
import type { ItemDeriver } from './item-body.js';
import { canonicalJson } from '../../exactly-once/canonical-json.js';
import { Identities } from './item-identity.js';
import type { ItemSource } from './read-items.js';
import { StringArena } from './string-arena.js';
import { sameCodeMessage } from './same-code.js';

export interface Validated {
  identities: Identities;
  titles: StringArena;
  /** Each item's jobCode, or '' (named in the report of the items that need attention). */
  jobCodes: StringArena;
  problems: Problem[];
  /** Unknown field name -> number of items that have it. */
  unknownFields: Map<string, number>;
  /** Each item's row, for a CSV file (a spreadsheet's numbering; rows are not items one for one). */
  rows: RowNumbers;
}

/** Row numbers by item, in a typed array: 100,000 items cost 400 kB. */
export class RowNumbers {
  private numbers = new Uint32Array(0);
  size = 0;

  push(row: number): void {
    if (this.size === this.numbers.length) {
      const bigger = new Uint32Array(Math.max(1024, this.size * 2));
      bigger.set(this.numbers);
      this.numbers = bigger;
    }
    this.numbers[this.size++] = row;
  }

  /** Item `index`'s row, or undefined (not a CSV file). */
  get(index: number): number | undefined {
    return index < this.size ? this.numbers[index] : undefined;
  }
}

/** Told of each item as its check starts; `resolving` when it waits for names to be looked up. */
export type CheckProgress = (items: number, resolving: boolean) => void;

/**
 * A row of a job that exists (an export's row, with its id) and a row to create with its code: a
 * copy whose id was emptied and whose code was kept. Known once the whole sheet is read, as the
 * job's row may come after the copy.
 */
function refuseCopiedCodes(source: ItemSource, codes: ReadonlyMap<string, number>, result: Validated): void {
  const existing = source.csv?.existingCodes;
  if (!existing || codes.size === 0) return;
  let added = false;
  for (const [code, row] of existing) {
    const item = codes.get(code);
    if (item === undefined) continue;
    result.problems.push({ item, field: 'jobCode', message: sameCodeMessage(code, `row ${row}`) });
    added = true;
  }
  if (added) result.problems.sort((a, b) => (a.item ?? -1) - (b.item ?? -1));
}

export async function validateAll(source: ItemSource, deriver: ItemDeriver, cache: BodyCache, progress?: CheckProgress): Promise<Validated> {
  const result: Validated = { identities: new Identities(), titles: new StringArena(), jobCodes: new StringArena(), problems: [], unknownFields: new Map(), rows: new RowNumbers() };
  /** The first item of each jobCode: a code given twice would name two jobs (a copied row keeps its code). */
  const codes = new Map<string, number>();
  for await (const batch of source.itemBatches()) {
    for (const raw of batch) {
      const derived = deriver.derive(raw);
      progress?.(raw.index + 1, derived instanceof Promise);
      const item = derived instanceof Promise ? await derived : derived;
      if (raw.row !== undefined) result.rows.push(raw.row);
      result.titles.push(item.title);
      const code = typeof item.body.jobCode === 'string' ? item.body.jobCode : '';
      result.jobCodes.push(code);
      for (const p of item.problems) result.problems.push(p);
      if (code !== '') {
        const first = codes.get(code);
        if (first === undefined) codes.set(code, raw.index);
        else {
          const where = raw.row !== undefined ? `row ${result.rows.get(first)}` : `item ${first}`;
          result.problems.push({ item: raw.index, field: 'jobCode', message: sameCodeMessage(code, where) });
        }
      }
      for (const field of item.unknownFields) result.unknownFields.set(field, (result.unknownFields.get(field) ?? 0) + 1);
      if (result.problems.length > 0) cache.clear(); // nothing will be sent
      const json = canonicalJson(item.body);
      const cached = result.problems.length === 0 && cache.put(raw.index, json);
      // The identity hashes the bytes the cache holds, when it holds them: one UTF-8 encoding, not two.
      // A line that is not cached is read again to be sent: its fingerprint proves it unchanged.
      if (cached) result.identities.add(cache.get(raw.index)!);
      else result.identities.add(json, raw.text);
    }
  }
  refuseCopiedCodes(source, codes, result);
  result.identities.seal();
  return result;
}
