import { describe, expect, it } from 'vitest';
import { httpError, readServerError } from '../../src/api/errors.js';

const failure = { method: 'GET', url: 'https://api.example.com/v1/x', attempts: 1 };

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

  it('keeps the raw body when it cannot read one', () => {
    const error = httpError(502, '<html>Bad gateway</html>', '<html>Bad gateway</html>', failure);
    expect(error.message).toContain('<html>Bad gateway</html>');
    expect(error.rawBody).toBe('<html>Bad gateway</html>');
    expect(error.exitCode).toBe(1);
  });

  it('gives each status its exit code', () => {
    const codes = [400, 401, 403, 404, 409, 422, 429, 500, 503].map((s) => httpError(s, undefined, '', failure).exitCode);
    expect(codes).toEqual([1, 3, 3, 1, 4, 1, 5, 1, 5]);
  });
});
