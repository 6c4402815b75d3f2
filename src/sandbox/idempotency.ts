// Idempotency-Key handling for the mutating routes (docs/api-rules.md: "Create-job rules" 4, "Publication rules" 5).
import { createHash } from 'node:crypto';
import { HttpError } from './http-error.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function checkKey(key: string): void {
  if (!KEY_PATTERN.test(key)) {
    throw new HttpError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1-255 visible ASCII characters', [
      { field: 'Idempotency-Key', code: 'invalid_format', message: 'must be 1-255 visible ASCII characters' },
    ]);
  }
}

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    );
  }
  return value;
}

/** Same method, path and JSON body (key order aside) give the same fingerprint. */
export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path}\n${JSON.stringify(canonical(body) ?? null)}`)
    .digest('hex');
}

export function keyReusedError(): HttpError {
  return new HttpError(
    422,
    'idempotency_key_reused',
    'This Idempotency-Key was already used with a different request; use a new key for a changed request',
  );
}

export function keyInFlightError(): HttpError {
  return new HttpError(409, 'idempotency_key_in_use', 'A request with this Idempotency-Key is still being processed; retry later');
}
