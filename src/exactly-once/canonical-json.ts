// A body as canonical JSON (keys sorted at every level) and its hash: what a body's identity and a
// derived key are made from, so that key order never makes two requests differ. And the canonical
// text of a file's item (line ends, Unicode form), so that one job written by another program or
// on another system is the same item (docs/decisions.md, "The canonical meaning of an item").
import { hash } from 'node:crypto';
import { setOwnField } from '../domain/own-field.js';

/** Text in its canonical form: every line end (CRLF, a lone CR) a LF, and Unicode NFC. */
export function canonicalText(text: string): string {
  return (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).normalize('NFC');
}

/**
 * `value` with every string in it (values, not field names) as canonicalText() makes it, down to
 * `levels` levels of objects and lists (a deeper value is left as written: the checks refuse it).
 * Numbers and booleans need nothing: JSON has one form of each once parsed. The value itself when
 * nothing changes, so an item already canonical costs no copy.
 */
export function canonicalValue(value: unknown, levels: number): unknown {
  if (typeof value === 'string') return canonicalText(value);
  if (value === null || typeof value !== 'object' || levels <= 0) return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => canonicalValue(item, levels - 1));
    return items.some((item, i) => item !== value[i]) ? items : value;
  }
  const object = value as Record<string, unknown>;
  let copy: Record<string, unknown> | undefined;
  for (const key of Object.keys(object)) {
    const now = canonicalValue(object[key], levels - 1);
    if (now === object[key]) continue;
    copy ??= { ...object };
    setOwnField(copy, key, now);
  }
  return copy ?? value;
}

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

export const HASH_BYTES = 16;

export function digest(json: string | Uint8Array): Buffer {
  return hash('sha256', json, 'buffer').subarray(0, HASH_BYTES);
}

/** The hash part of an identity, as hex. */
export function bodyHash(body: Record<string, unknown>): string {
  return digest(canonicalJson(body)).toString('hex');
}
