// Many strings kept for a whole run (titles, cached bodies) as UTF-8 in one growing buffer with
// offsets, outside the JavaScript heap: V8 sizes its heap from the live heap, so small live heaps
// keep a large batch's peak memory low.
export class StringArena {
  private bytes = Buffer.alloc(64 * 1024);
  private used = 0;
  private ends = new Uint32Array(1024);
  size = 0;

  constructor(private readonly maxBytes = Infinity) {}

  /** Appends `text`; false (and nothing kept) when it would pass `maxBytes`. */
  push(text: string): boolean {
    const length = Buffer.byteLength(text);
    if (this.used + length > this.maxBytes) return false;
    if (this.used + length > this.bytes.length) {
      const bigger = Buffer.alloc(Math.max(this.bytes.length * 2, this.used + length, 64 * 1024));
      this.bytes.copy(bigger, 0, 0, this.used);
      this.bytes = bigger;
    }
    if (this.size === this.ends.length) {
      const bigger = new Uint32Array(Math.max(this.ends.length * 2, 1024));
      bigger.set(this.ends);
      this.ends = bigger;
    }
    this.used += this.bytes.write(text, this.used);
    this.ends[this.size++] = this.used;
    return true;
  }

  get(index: number): string | undefined {
    return this.bytesOf(index)?.toString('utf8');
  }

  /** The UTF-8 bytes of string `index`: a view of the arena, not a copy. */
  bytesOf(index: number): Buffer | undefined {
    if (index < 0 || index >= this.size) return undefined;
    return this.bytes.subarray(index === 0 ? 0 : this.ends[index - 1], this.ends[index]);
  }

  clear(): void {
    this.bytes = Buffer.alloc(0);
    this.ends = new Uint32Array(0);
    this.used = 0;
    this.size = 0;
  }
}
