// The first pass keeps the serialized bodies it derived, up to a fixed budget, so that the second
// pass can send them without reading, parsing, checking and resolving the items again. Past the
// budget the rest is derived again from the file: memory stays flat however large the file is.
// The cached bodies are the first items of the file (a prefix): once one does not fit, none is kept.
import { StringArena } from './string-arena.js';

export const BODY_CACHE_BUDGET = 8 * 1024 * 1024; // bytes

export class BodyCache {
  private arena: StringArena;
  private full = false;

  constructor(budget = BODY_CACHE_BUDGET) {
    this.arena = new StringArena(budget);
  }

  /** Keeps the body of the next item (items come in file order), unless the budget is spent. */
  put(index: number, json: string): boolean {
    if (this.full || index !== this.arena.size || !this.arena.push(json)) {
      this.full = true;
      return false;
    }
    return true;
  }

  /** How many items, from the first, have their body here. */
  get size(): number {
    return this.arena.size;
  }

  /** The body as UTF-8 JSON, ready to send. */
  get(index: number): Buffer | undefined {
    return this.arena.bytesOf(index);
  }

  clear(): void {
    this.arena.clear();
    this.full = true;
  }
}
