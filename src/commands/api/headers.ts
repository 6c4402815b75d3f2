// -H/--header "Name: value" for `recruit api`. The Authorization header is the CLI's own (from the
// profile, RECRUIT_TOKEN or --sandbox) and cannot be replaced; an Idempotency-Key given here is
// handed to the client so that its retries reuse it.
import { UsageError } from '../../core/errors.js';

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export interface ParsedHeaders {
  headers: Record<string, string>;
  idempotencyKey: string | undefined;
}

export function parseHeaders(entries: readonly string[]): ParsedHeaders {
  const headers: Record<string, string> = {};
  let idempotencyKey: string | undefined;
  for (const entry of entries) {
    const colon = entry.indexOf(':');
    const name = colon < 0 ? '' : entry.slice(0, colon).trim().toLowerCase();
    if (!TOKEN.test(name)) throw new UsageError(`-H/--header needs "Name: value", got "${entry}"`);
    const value = entry.slice(colon + 1).trim();
    if (name === 'authorization') {
      throw new UsageError(
        'refusing to override the Authorization header',
        [],
        'the token comes from the profile (`recruit auth login`), RECRUIT_TOKEN or --sandbox',
      );
    }
    if (name === 'idempotency-key') idempotencyKey = value;
    else headers[name] = value;
  }
  return { headers, idempotencyKey };
}
