// Reading a request body: sent as application/json, at most 1 MiB, JSON, and at most 64 levels of
// objects and arrays. Checked in that order (415, 413, 400), after the request's headers passed.
import type { IncomingMessage } from 'node:http';
import { HttpError } from './http-error.js';

export const MAX_BODY = 1024 * 1024;
/** Deeper bodies are refused before parsing: the code that walks a body recurses (fingerprints). */
export const MAX_DEPTH = 64;

/** `application/json`, with any parameters (`; charset=utf-8`); the type is case-insensitive. */
const JSON_MEDIA_TYPE = /^application\/json[ \t]*(;.*)?$/i;

export async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit the rest is read and discarded, not left unread: leaving the loop early would
  // stall the client's upload and leave the keep-alive connection unusable.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY) chunks.push(chunk);
  }
  if (size === 0) return undefined;
  checkMediaType(req.headers['content-type']);
  if (size > MAX_BODY) throw new HttpError(413, 'payload_too_large', `The body exceeds ${MAX_BODY} bytes`);
  const bytes = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  if (nestedDeeperThan(bytes, MAX_DEPTH)) {
    const message = `is nested more than ${MAX_DEPTH} levels deep`;
    throw new HttpError(400, 'invalid_body', `The body ${message}`, [{ field: '(body)', code: 'too_deep', message }]);
  }
  const text = bytes.toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_json', 'The body is not valid JSON');
  }
}

/** A body is JSON only when it says so: a JSON text sent as text/plain or a form is refused, not guessed. */
function checkMediaType(header: string | undefined): void {
  const type = header?.trim() ?? '';
  if (JSON_MEDIA_TYPE.test(type)) return;
  const sent = type === '' ? 'no Content-Type' : `Content-Type ${type.split(';')[0]!.trim().slice(0, 100)}`;
  const message = `must be application/json; the request has ${sent}`;
  throw new HttpError(415, 'unsupported_media_type', `The body ${message}`, [
    { field: 'Content-Type', code: 'unsupported_media_type', message },
  ]);
}

/** Counts open brackets outside strings; one pass over the bytes, no parsing. */
function nestedDeeperThan(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (inString) {
      if (b === 0x5c) i++; // backslash: skip the escaped character
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x7b || b === 0x5b) {
      if (++depth > max) return true;
    } else if (b === 0x7d || b === 0x5d) depth--;
  }
  return false;
}
