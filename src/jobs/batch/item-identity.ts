// What identifies an item across runs: the hash of its resolved body (key order aside) and its
// occurrence among identical bodies, written `<hash>.<n>`. A changed body gets a new identity (and
// so a new key); an inserted or removed line shifts no one else's identity. Kept in typed arrays,
// outside the JavaScript heap: 100,000 items cost two megabytes.
import { hash } from 'node:crypto';
import { setOwnField } from '../../domain/own-field.js';

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

/**
 * The body as JSON with its keys sorted at every level: what the identity hashes, and what is sent.
 * Known fields hold only numbers, strings, booleans and lists of strings, which need no copy; only
 * an object nested in an unknown field goes through canonical().
 */
export function canonicalJson(body: Record<string, unknown>): string {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(body).sort()) {
    const value = body[key];
    setOwnField(sorted, key, value !== null && typeof value === 'object' && !isStringList(value) ? canonical(value) : value);
  }
  return JSON.stringify(sorted);
}

function isStringList(value: object): boolean {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

const HASH_BYTES = 16;
const LINE_BYTES = 8;

function digest(json: string | Uint8Array): Buffer {
  return hash('sha256', json, 'buffer').subarray(0, HASH_BYTES);
}

/** The hash part of an identity, as hex. */
export function bodyHash(body: Record<string, unknown>): string {
  return digest(canonicalJson(body)).toString('hex');
}

function grow(buffer: Buffer, needed: number): Buffer {
  if (needed <= buffer.length) return buffer;
  const bigger = Buffer.alloc(Math.max(buffer.length * 2, needed));
  buffer.copy(bigger);
  return bigger;
}

/** What the journal and the key book need of a run's items: how many, and each one's identity. */
export interface ItemIds {
  readonly size: number;
  id(index: number): string;
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
