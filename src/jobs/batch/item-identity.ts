// What identifies an item across runs: the hash of its resolved body (key order aside) and its
// occurrence among identical bodies, written `<hash>.<n>`. A changed body gets a new identity (and
// so a new key); an inserted or removed line shifts no one else's identity. Kept in typed arrays:
// 100,000 items cost a few megabytes.
import { hash } from 'node:crypto';

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const object = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(object)
        .sort()
        .map((k) => [k, canonical(object[k])]),
    );
  }
  return value;
}

const HASH_BYTES = 16;

function digest(body: Record<string, unknown>): Buffer {
  return hash('sha256', JSON.stringify(canonical(body)), 'buffer').subarray(0, HASH_BYTES);
}

/** The hash part of an identity, as hex. */
export function bodyHash(body: Record<string, unknown>): string {
  return digest(body).toString('hex');
}

export class Identities {
  private hashes = Buffer.alloc(HASH_BYTES * 1024);
  private occurrences = new Uint32Array(1024);
  /** Bodies seen so far (hash as a 16-character latin1 string) -> how many times. */
  private readonly seen = new Map<string, number>();
  size = 0;

  add(body: Record<string, unknown>): void {
    if (this.size === this.occurrences.length) {
      const hashes = Buffer.alloc(this.hashes.length * 2);
      this.hashes.copy(hashes);
      this.hashes = hashes;
      const occurrences = new Uint32Array(this.occurrences.length * 2);
      occurrences.set(this.occurrences);
      this.occurrences = occurrences;
    }
    const d = digest(body);
    d.copy(this.hashes, this.size * HASH_BYTES);
    const key = d.toString('latin1');
    const n = this.seen.get(key) ?? 0;
    this.seen.set(key, n + 1);
    this.occurrences[this.size] = n;
    this.size++;
  }

  /** Once every item is added: the counts are no longer needed. */
  seal(): void {
    this.seen.clear();
  }

  hashOf(index: number): string {
    return this.hashes.toString('hex', index * HASH_BYTES, (index + 1) * HASH_BYTES);
  }

  id(index: number): string {
    return `${this.hashOf(index)}.${this.occurrences[index]}`;
  }
}
