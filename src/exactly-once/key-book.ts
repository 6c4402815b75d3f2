// The Idempotency-Keys of a run's items, journaled ahead of their requests a block at a time: one
// synchronous write per block rather than one per item. A key written ahead and never used is
// harmless: after a crash the item looks unanswered and a re-run sends it with that key, the key's
// first use; a run that ends normally releases the new keys it did not use (an "unsent" entry).
// A key an earlier run journaled for an unanswered item wins over a new one.
import type { Journal } from './journal.js';
import type { ItemIds } from './records.js';

export const KEY_BLOCK = 32;

export interface KeyBookOptions {
  journal: Journal;
  identities: ItemIds;
  /** Original keys of items sent by an earlier run that got no answer: kept, never released. */
  resendKeys: ReadonlyMap<number, string>;
  /** The key of item `index` when no earlier run left one: derived from the item (derived-key.ts), or random. */
  newKey: (index: number) => string;
  /** Whether item `index` is still to be sent in this run. */
  pending: (index: number) => boolean;
  size: number;
}

export class KeyBook {
  private readonly keys = new Map<number, string>();
  /** Items below this were looked at by an earlier block. */
  private scanned = 0;

  constructor(
    private readonly o: KeyBookOptions,
    private readonly block = KEY_BLOCK,
  ) {}

  /** The key of item `index`, on disk when this returns (or this throws). Items are taken in file order. */
  take(index: number): string {
    let key = this.keys.get(index);
    if (key === undefined) {
      this.reserve(index);
      key = this.keys.get(index)!;
    }
    this.keys.delete(index);
    return key;
  }

  /** Writes "unsent" for the new keys reserved and not taken. */
  release(): void {
    for (const [index, key] of this.keys) if (!this.o.resendKeys.has(index)) this.o.journal.unsent(this.o.identities.id(index), key);
    this.keys.clear();
  }

  /** Writes the keys of `first` and the next pending items; only once they are on disk can they be taken. */
  private reserve(first: number): void {
    const items = [this.entry(first)];
    let index = Math.max(first + 1, this.scanned);
    for (; index < this.o.size && items.length < this.block; index++) if (this.o.pending(index)) items.push(this.entry(index));
    this.scanned = index;
    this.o.journal.sent(items);
    for (const item of items) this.keys.set(item.index, item.key);
  }

  private entry(index: number): { index: number; id: string; key: string } {
    return { index, id: this.o.identities.id(index), key: this.o.resendKeys.get(index) ?? this.o.newKey(index) };
  }
}
