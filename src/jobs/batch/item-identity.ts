// What identifies an item across runs: the hash of its resolved body (key order aside) and its
// occurrence among identical bodies, written `<hash>.<n>`. A changed body gets a new identity (and
// so a new key); an inserted or removed line shifts no one else's identity. Kept in typed arrays,
// outside the JavaScript heap: 100,000 items cost two megabytes.
import { hash } from 'node:crypto';
import { digest, HASH_BYTES } from '../../exactly-once/canonical-json.js';
import type { ItemIds } from '../../exactly-once/records.js';

const LINE_BYTES = 8;

function grow(buffer: Buffer, needed: number): Buffer {
  if (needed <= buffer.length) return buffer;
  const bigger = Buffer.alloc(Math.max(buffer.length * 2, needed));
  buffer.copy(bigger);
  return bigger;
}

export class Identities implements ItemIds {
  private hashes: Buffer = Buffer.alloc(HASH_BYTES * 1024);
  /** A fingerprint of each NDJSON line, to prove cheaply that a line read again is unchanged. */
  private lines: Buffer = Buffer.alloc(0);
  private occurrences = new Uint32Array(0);
  size = 0;

  /** Adds the next item by its canonicalJson() (or its UTF-8 bytes); `line` (its NDJSON line) when it will be read again. */
  add(json: string | Uint8Array, line?: string): void {
    this.hashes = grow(this.hashes, (this.size + 1) * HASH_BYTES);
    digest(json).copy(this.hashes, this.size * HASH_BYTES);
    if (line !== undefined) {
      this.lines = grow(this.lines, (this.size + 1) * LINE_BYTES);
      hash('md5', line, 'buffer').copy(this.lines, this.size * LINE_BYTES, 0, LINE_BYTES);
    }
    this.size++;
  }

  /** Whether `line` is the line item `index` had in the first pass. */
  sameLine(index: number, line: string): boolean {
    const start = index * LINE_BYTES;
    return start + LINE_BYTES <= this.lines.length && hash('md5', line, 'buffer').compare(this.lines, start, start + LINE_BYTES, 0, LINE_BYTES) === 0;
  }

  /**
   * Numbers identical bodies 0, 1, 2... in file order, once every item is added: the indexes are
   * sorted by hash (then by index), and runs of equal hashes counted.
   */
  seal(): void {
    const words = new Uint32Array(this.hashes.buffer, this.hashes.byteOffset, (this.size * HASH_BYTES) / 4);
    const per = HASH_BYTES / 4;
    const compare = (a: number, b: number): number => {
      for (let w = 0; w < per; w++) {
        const d = words[a * per + w]! - words[b * per + w]!;
        if (d !== 0) return d;
      }
      return 0;
    };
    const order = new Uint32Array(this.size);
    for (let i = 0; i < this.size; i++) order[i] = i;
    order.sort((a, b) => compare(a, b) || a - b);
    this.occurrences = new Uint32Array(this.size);
    for (let k = 1; k < this.size; k++) {
      const [previous, current] = [order[k - 1]!, order[k]!];
      if (compare(previous, current) === 0) this.occurrences[current] = this.occurrences[previous]! + 1;
    }
  }

  hashOf(index: number): string {
    return this.hashes.toString('hex', index * HASH_BYTES, (index + 1) * HASH_BYTES);
  }

  id(index: number): string {
    return `${this.hashOf(index)}.${this.occurrences[index] ?? 0}`;
  }
}
