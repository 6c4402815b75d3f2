// jsonPieces: the same text as JSON.stringify(value, null, 2), with long strings in slices.
import { describe, expect, it } from 'vitest';
import { jsonPieces } from '../../src/core/json-pieces.js';

const LONG = 8; // small, so that short test strings count as long

/** A seeded generator (mulberry32): the same values on every run. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Characters whose JSON text differs from themselves, and both halves of a surrogate pair.
const ALPHABET = ['a', 'b', '"', '\\', '\n', '\u0001', 'é', '😀', '\u2028', ' '];

function value(next: () => number, depth: number): unknown {
  const pick = Math.floor(next() * (depth > 3 ? 5 : 8));
  const text = (n: number) => Array.from({ length: n }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
  switch (pick) {
    case 0: return text(Math.floor(next() * 30)); // often longer than LONG
    case 1: return Math.floor(next() * 1000) - 500;
    case 2: return next() < 0.5;
    case 3: return null;
    case 4: return text(3);
    case 5: return Array.from({ length: Math.floor(next() * 4) }, () => value(next, depth + 1));
    default: {
      const entries = Array.from({ length: Math.floor(next() * 4) }, (_, i) => [`${text(2)}${i}`, value(next, depth + 1)]);
      if (next() < 0.3) entries.push(['gone', undefined]);
      return Object.fromEntries(entries);
    }
  }
}

const joined = (v: unknown) => [...jsonPieces(v, '', LONG)].join('');

describe('jsonPieces', () => {
  it('joins to exactly JSON.stringify(value, null, 2) for 2,000 generated values', () => {
    const next = random(42);
    for (let i = 0; i < 2000; i++) {
      const v = value(next, 0);
      expect(joined(v)).toBe(JSON.stringify(v, null, 2));
    }
  });

  it('gives a value without long strings as one piece', () => {
    const v = { id: 1, title: 'short', tags: ['a', 'b'], nested: { x: null } };
    expect([...jsonPieces(v, '', LONG)]).toEqual([JSON.stringify(v, null, 2)]);
  });

  it('slices a long string, never cutting a surrogate pair, and keeps each slice short', () => {
    const title = `${'x'.repeat(7)}😀${'y'.repeat(20)}`; // the pair straddles the first cut
    const pieces = [...jsonPieces({ title }, '', LONG)];
    expect(pieces.join('')).toBe(JSON.stringify({ title }, null, 2));
    expect(pieces.join('')).not.toMatch(/\\ud83d/i); // a lone half would be written escaped
    expect(pieces.length).toBeGreaterThan(4);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(2 * LONG + 10);
  });

  it('writes undefined and functions in arrays as null and leaves them out of objects, as JSON.stringify does', () => {
    const v = { long: 'z'.repeat(20), skip: undefined, fn: () => 1, list: [undefined, 'w'.repeat(20), () => 2] };
    expect(joined(v)).toBe(JSON.stringify(v, null, 2));
  });

  it('at the default size, slices a 3 MiB string into mebibyte pieces', () => {
    const title = 'x'.repeat(3 * 1024 * 1024 + 5);
    const pieces = [...jsonPieces({ id: 1, title })];
    expect(pieces.join('')).toBe(JSON.stringify({ id: 1, title }, null, 2));
    expect(Math.max(...pieces.map((p) => p.length))).toBe(1024 * 1024);
  });
});
