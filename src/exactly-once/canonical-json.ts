// A body as canonical JSON (keys sorted at every level) and its hash: what a body's identity and a
// derived key are made from, so that key order never makes two requests differ.
import { hash } from 'node:crypto';
import { setOwnField } from '../domain/own-field.js';

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
