// -f/--field key=value for `recruit api`, typed like gh's -F: integers and decimals become
// numbers, true/false/null JSON literals, `@file` the file's text (`@-` stdin), anything else a
// string. `key[]=value` appends to an array.
import type { IO } from '../../terminal/io.js';
import { UsageError } from '../../core/errors.js';
import { readInput, type ReadOptions } from '../../terminal/read-input.js';

export type Scalar = string | number | boolean | null;
export type Fields = Record<string, Scalar | Scalar[]>;

export function typedValue(raw: string): Scalar {
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  if (raw === 'null') return null;
  if (/^-?\d+$/.test(raw) && Number.isSafeInteger(Number(raw))) return Number(raw);
  if (/^-?\d+\.\d+$/.test(raw)) return Number(raw);
  return raw;
}

/** `read`: how an `@file` is read (its encoding, and who hears the note about it). */
export async function parseFields(io: IO, entries: readonly string[], read: ReadOptions = {}): Promise<Fields> {
  const fields: Fields = {};
  for (const entry of entries) {
    const eq = entry.indexOf('=');
    const rawKey = eq < 0 ? '' : entry.slice(0, eq).trim();
    if (rawKey === '' || rawKey === '[]') throw new UsageError(`-f/--field needs key=value, got "${entry}"`);
    const raw = entry.slice(eq + 1);
    const value = raw.startsWith('@') ? await readInput(io, raw.slice(1), `-f ${rawKey}`, read) : typedValue(raw);
    if (rawKey.endsWith('[]')) {
      const key = rawKey.slice(0, -2);
      const existing = fields[key];
      fields[key] = Array.isArray(existing) ? [...existing, value] : existing === undefined ? [value] : [existing, value];
    } else {
      fields[rawKey] = value;
    }
  }
  return fields;
}

/** Fields as query parameters (GET, DELETE): arrays repeat the parameter, null is empty. */
export function appendQuery(params: URLSearchParams, fields: Fields): void {
  for (const [key, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) params.append(key, one === null ? '' : String(one));
  }
}

/** Names of the fields read from stdin (`@-`). */
export function stdinFields(entries: readonly string[]): string[] {
  return entries.filter((e) => e.slice(e.indexOf('=') + 1) === '@-').map((e) => `-f ${e}`);
}
