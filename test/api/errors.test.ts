import { describe, expect, it } from 'vitest';
import { ApiError, describeBody, httpError, KEY_IN_USE_CODE, networkError, readServerError } from '../../src/api/errors.js';
import { exitCodeOf, hintOf, toCliError } from '../../src/core/api-failure.js';

const failure = { method: 'GET', path: '/x', attempts: 1 };

function answer(status: number, text = '', contentType?: string, headers: Record<string, string> = {}) {
  return { status, text, contentType, header: (name: string) => headers[name] };
}

describe('reading error bodies of unknown shape', () => {
  it('reads our shape', () => {
    expect(readServerError({ error: { code: 'c', message: 'm', details: [{ field: 'f', code: 'x', message: 'bad' }] } })).toEqual({
      message: 'm',
      code: 'c',
      details: [{ field: 'f', code: 'x', message: 'bad' }],
    });
  });

  it('reads common alternatives: message/errors maps, RFC 7807 problems, string errors', () => {
    expect(readServerError({ message: 'Invalid', errors: { title: ['is required'] } })).toEqual({
      message: 'Invalid',
      code: undefined,
      details: [{ field: 'title', message: 'is required' }],
    });
    expect(readServerError({ title: 'Bad Request', detail: 'location incomplete' })?.message).toBe('location incomplete');
    expect(readServerError({ error: 'rate limited' })?.message).toBe('rate limited');
    expect(readServerError('plain text')).toBeUndefined();
  });

  it('describes a body it cannot read instead of printing it, and keeps it raw', () => {
    const html = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    const error = httpError(answer(502, html, 'text/html; charset=utf-8'), html, failure);
    expect(error.message).toBe(`GET /x failed with 502: a ${html.length}-byte text/html body`);
    expect(error.rawBody).toBe(html);
    expect(exitCodeOf(error)).toBe(1);
    // A short one-line text is the server's words, and printed as they are.
    expect(httpError(answer(500, 'upstream timeout', 'text/plain'), 'upstream timeout', failure).message).toBe('GET /x failed with 500: upstream timeout');
    expect(describeBody('', undefined)).toBe('an empty body');
    expect(describeBody('x'.repeat(201), 'application/json')).toBe('a 201-byte application/json body');
  });

  it('gives each status its exit code', () => {
    const codes = [400, 401, 403, 404, 409, 422, 429, 500, 503].map((s) => exitCodeOf(httpError(answer(s), undefined, failure)));
    expect(codes).toEqual([1, 3, 3, 1, 4, 1, 5, 1, 5]);
  });

  it('makes a 3xx a redirect error naming where it leads; never a success', () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const error = httpError(answer(status, '', undefined, { location: 'https://login.example.com/sso' }), undefined, { ...failure, method: 'PATCH' });
      expect(error).toMatchObject({ kind: 'redirect', status, outcomeUnknown: true, retryable: false });
      expect(error.message).toBe(`PATCH /x failed with ${status}: a redirect to https://login.example.com/sso; redirects are not followed`);
      expect(exitCodeOf(error)).toBe(1);
      expect(hintOf(error)).toContain('base URL');
    }
  });

  it('says which failures leave the outcome of a create unknown', () => {
    const unknown = [
      networkError(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }), failure),
      networkError(Object.assign(new Error('deadline'), { code: 'ETIMEDOUT' }), failure),
      httpError(answer(500), undefined, failure),
      httpError(answer(502), undefined, failure),
      httpError(answer(503), undefined, failure),
      httpError(answer(302), undefined, failure),
      httpError(answer(409), { error: { code: KEY_IN_USE_CODE, message: 'in flight' } }, failure),
      new ApiError('bad_answer', 'not JSON', 200, [], failure),
    ];
    expect(unknown.map((e) => e.outcomeUnknown)).toEqual(unknown.map(() => true));
    const known = [400, 401, 403, 404, 409, 422, 429].map((s) => httpError(answer(s), { error: { code: 'x', message: 'm' } }, failure));
    expect(known.map((e) => e.outcomeUnknown)).toEqual(known.map(() => false));
  });

  it('sends a 409 for a key still in flight to exit 5 (retry later), not 4', () => {
    const inFlight = httpError(answer(409), { error: { code: KEY_IN_USE_CODE, message: 'in flight' } }, failure);
    expect(inFlight.retryable).toBe(true);
    expect(exitCodeOf(inFlight)).toBe(5);
  });

  it('turns a network error into a typed error with its code, and a timeout into its own kind', () => {
    const refused = networkError(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }), { ...failure, attempts: 3 });
    expect(refused).toMatchObject({ kind: 'network', status: null, retryable: true });
    expect(refused.message).toBe('GET /x failed: connect ECONNREFUSED 127.0.0.1:9 [ECONNREFUSED] (gave up after 3 attempts)');
    const slow = networkError(Object.assign(new Error('reading the response timed out after 50 ms'), { code: 'ETIMEDOUT' }), failure);
    expect(slow).toMatchObject({ kind: 'timeout', retryable: true });
    expect(toCliError(slow)).toMatchObject({ exitCode: 5, code: 'timeout', hint: expect.stringContaining('--timeout') });
  });
});
