// The sandbox's HTTP layer: routing errors, JSON bodies, body limit, request ids, keep-alive.
import { describe, expect, it } from 'vitest';
import { Pool } from 'undici';
import { call, useSandbox, validJob, type ApiResponse } from '../helpers/sandbox.js';

type ErrorResponse = ApiResponse<{ error: { code: string; message: string; details?: Array<{ field: string }> } }>;

const MIB = 1024 * 1024;

function expectJsonError(res: ErrorResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json\b/);
  expect(res.body).toMatchObject({ error: { code } });
  expect(typeof res.body.error.message).toBe('string');
}

/** A JSON object body of exactly `size` bytes. */
function jsonOfSize(size: number): string {
  const prefix = '{"title":"';
  const suffix = '"}';
  return `${prefix}${'x'.repeat(size - prefix.length - suffix.length)}${suffix}`;
}

describe('sandbox HTTP server', () => {
  const sandbox = useSandbox();

  describe('routing', () => {
    it.each(['/v1/nope', '/v1/jobs/1/nope', '/v1/industries/1', '/v1/'])('answers 404 JSON for the unknown route %s', async (path) => {
      expectJsonError(await call(sandbox.current, 'GET', path), 404, 'not_found');
    });

    it.each(['/', '/nope', '/v1', '/v2/industries', '/industries', '/v1industries', '/_sandbox'])(
      'answers 404 JSON for %s outside /v1',
      async (path) => {
        expectJsonError(await call(sandbox.current, 'GET', path), 404, 'not_found');
      },
    );

    it('answers 404 JSON for an unknown admin route', async () => {
      expectJsonError(await call(sandbox.current, 'GET', '/_sandbox/nope', { token: null }), 404, 'not_found');
    });

    it('answers 401 before 404 for an unknown /v1 route without a token', async () => {
      expectJsonError(await call(sandbox.current, 'GET', '/v1/nope', { token: null }), 401, 'unauthenticated');
      expectJsonError(await call(sandbox.current, 'GET', '/v1/nope', { token: 'sbx_nobody_full' }), 401, 'unauthenticated');
    });

    it('answers 404 outside /v1 and /_sandbox/ with or without a token: there is no API there', async () => {
      expectJsonError(await call(sandbox.current, 'GET', '/nope', { token: null }), 404, 'not_found');
      expectJsonError(await call(sandbox.current, 'GET', '/v2/jobs', { token: null }), 404, 'not_found');
    });

    it.each([
      ['DELETE', '/v1/industries', ['GET', 'HEAD']],
      ['POST', '/v1/job-options', ['GET', 'HEAD']],
      ['PUT', '/v1/jobs/1', ['GET', 'HEAD', 'PATCH']],
      ['DELETE', '/v1/jobs', ['GET', 'HEAD', 'POST']],
      ['POST', '/v1/jobs/1/status', ['PATCH']],
      ['GET', '/_sandbox/reset', ['POST']],
      ['DELETE', '/_sandbox/faults', ['GET', 'HEAD', 'PUT']],
    ])('answers 405 with an allow header for %s %s', async (method, path, allowed) => {
      const res = await call(sandbox.current, method, path);
      expectJsonError(res, 405, 'method_not_allowed');
      const allow = String(res.headers.allow).split(',').map((m) => m.trim());
      expect(allow.sort()).toEqual([...allowed].sort());
    });

    // docs/decisions.md, "Canonical paths": a path is known only as docs/openapi.yaml writes it.
    it.each([
      ['GET', '/v1/industries/'],
      ['GET', '/v1/jobs/'],
      ['POST', '/v1/jobs/'],
      ['GET', '/v1/jobs/1/'],
      ['PATCH', '/v1/jobs/1/status/'],
      ['GET', '/v1/jobs/01'],
      ['GET', '/v1/jobs/001'],
      ['PATCH', '/v1/jobs/01/status'],
      ['GET', '/v1/jobs/0'],
    ])('answers 404 for %s %s: a trailing slash or a non-canonical id is not a known path', async (method, path) => {
      const body = method === 'GET' ? {} : { body: method === 'POST' ? validJob() : { status: 1 } };
      const res = await call(sandbox.current, method, path, body);
      expectJsonError(res, 404, 'not_found');
      expect((await call(sandbox.current, 'GET', '/v1/jobs/1')).body.status).not.toBe(1);
    });

    it.each([
      ['GET', '/_sandbox/health/'],
      ['POST', '/_sandbox/jobs/014/approve'],
      ['POST', '/_sandbox/jobs/14/approve/'],
    ])('answers 404 for the admin route %s %s written another way', async (method, path) => {
      expectJsonError(await call(sandbox.current, method, path, { token: null }), 404, 'not_found');
      expect((await call(sandbox.current, 'GET', '/v1/jobs/14', { token: 'sbx_approval_full' })).body.approvalStatus).toBe(0);
    });
  });

  describe('request bodies', () => {
    it.each([
      ['POST', '/v1/jobs'],
      ['PATCH', '/v1/jobs/1'],
      ['PATCH', '/v1/jobs/1/status'],
    ])('answers 400 invalid_json for a body that is not JSON on %s %s', async (method, path) => {
      const res = await call(sandbox.current, method, path, {
        rawBody: '{"title": "Unfinished',
        headers: { 'content-type': 'application/json' },
      });
      expectJsonError(res, 400, 'invalid_json');
    });

    it('creates nothing from an invalid JSON body', async () => {
      const before = await call(sandbox.current, 'GET', '/v1/jobs');
      await call(sandbox.current, 'POST', '/v1/jobs', { rawBody: '{oops}', headers: { 'content-type': 'application/json' } });
      const after = await call(sandbox.current, 'GET', '/v1/jobs');
      expect(after.body.meta.pagination.totalItems).toBe(before.body.meta.pagination.totalItems);
    });

    it('answers 400 (not 500) for a JSON body that is not an object', async () => {
      for (const rawBody of ['[1,2]', '"text"', '42', 'null']) {
        const res = await call(sandbox.current, 'POST', '/v1/jobs', { rawBody, headers: { 'content-type': 'application/json' } });
        expectJsonError(res, 400, 'validation_failed');
      }
    });

    it('answers 413 for a body over 1 MiB', async () => {
      const res = await call(sandbox.current, 'POST', '/v1/jobs', {
        rawBody: jsonOfSize(MIB + 1),
        headers: { 'content-type': 'application/json' },
      });
      expectJsonError(res, 413, 'payload_too_large');
      expect(res.headers['x-request-id']).toBeTruthy();
    });

    it('answers 413 for a much larger body', async () => {
      const res = await call(sandbox.current, 'POST', '/v1/jobs', {
        rawBody: jsonOfSize(8 * MIB),
        headers: { 'content-type': 'application/json' },
      });
      expectJsonError(res, 413, 'payload_too_large');
    });

    it('reads a body of exactly 1 MiB', async () => {
      const res = await call(sandbox.current, 'POST', '/v1/jobs', {
        rawBody: jsonOfSize(MIB),
        headers: { 'content-type': 'application/json' },
      });
      // Read and parsed: refused for its fields, not for its size.
      expectJsonError(res, 400, 'validation_failed');
    });

    it('keeps serving after a 413', async () => {
      await call(sandbox.current, 'POST', '/v1/jobs', { rawBody: jsonOfSize(2 * MIB), headers: { 'content-type': 'application/json' } });
      const res = await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ title: 'After Too Large' }), idempotencyKey: 'server-413' });
      expect(res.status).toBe(201);
    });
  });

  describe('response headers', () => {
    it('sends an x-request-id on every response', async () => {
      const responses = [
        await call(sandbox.current, 'GET', '/v1/industries'),
        await call(sandbox.current, 'GET', '/v1/jobs/1'),
        await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob(), idempotencyKey: 'server-request-id' }),
        await call(sandbox.current, 'POST', '/v1/jobs', { body: { title: 'x' } }),
        await call(sandbox.current, 'GET', '/v1/industries', { token: null }),
        await call(sandbox.current, 'GET', '/v1/jobs/1', { token: 'sbx_direct_lookups' }),
        await call(sandbox.current, 'GET', '/v1/jobs/999999'),
        await call(sandbox.current, 'GET', '/v1/nope'),
        await call(sandbox.current, 'GET', '/nope'),
        await call(sandbox.current, 'DELETE', '/v1/industries'),
        await call(sandbox.current, 'POST', '/v1/jobs', { rawBody: '{', headers: { 'content-type': 'application/json' } }),
        await call(sandbox.current, 'GET', '/_sandbox/health', { token: null }),
        await call(sandbox.current, 'GET', '/_sandbox/nope', { token: null }),
      ];
      expect(responses.map((r) => r.status)).toEqual([200, 200, 201, 400, 401, 403, 404, 404, 404, 405, 400, 200, 404]);
      const ids = responses.map((r) => r.headers['x-request-id']);
      for (const id of ids) {
        expect(typeof id).toBe('string');
        expect(id).not.toBe('');
      }
      expect(new Set(ids).size).toBe(ids.length);
    });

    it('answers JSON with a content-length', async () => {
      const res = await call(sandbox.current, 'GET', '/v1/job-options');
      expect(res.headers['content-type']).toMatch(/^application\/json\b/);
      expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.text));
    });
  });

  describe('connections', () => {
    it('keeps the connection alive between two requests', async () => {
      const pool = new Pool(sandbox.current.origin, { connections: 1, pipelining: 1 });
      let connects = 0;
      pool.on('connect', () => connects++);
      try {
        const headers = { authorization: 'Bearer sbx_direct_full' };
        const first = await pool.request({ method: 'GET', path: '/v1/industries', headers });
        expect(first.statusCode).toBe(200);
        expect(first.headers.connection).not.toBe('close');
        await first.body.text();
        const second = await pool.request({ method: 'GET', path: '/v1/jobs/1', headers });
        expect(second.statusCode).toBe(200);
        await second.body.text();
        expect(connects).toBe(1);
      } finally {
        await pool.close();
      }
    });

    it('keeps the connection usable after a 413', async () => {
      const pool = new Pool(sandbox.current.origin, { connections: 1, pipelining: 1, headersTimeout: 5_000 });
      let connects = 0;
      pool.on('connect', () => connects++);
      try {
        const headers = { authorization: 'Bearer sbx_direct_full', 'content-type': 'application/json' };
        const tooLarge = await pool.request({ method: 'POST', path: '/v1/jobs', headers, body: jsonOfSize(3 * MIB) });
        expect(tooLarge.statusCode).toBe(413);
        await tooLarge.body.text();
        const next = await pool.request({ method: 'POST', path: '/v1/jobs', headers, body: '{}' });
        expect(next.statusCode).toBe(400);
        await next.body.text();
        expect(connects).toBe(1);
      } finally {
        await pool.close();
      }
    });

    it('keeps the connection alive after an error response', async () => {
      const pool = new Pool(sandbox.current.origin, { connections: 1, pipelining: 1 });
      let connects = 0;
      pool.on('connect', () => connects++);
      try {
        const first = await pool.request({ method: 'GET', path: '/nope' });
        expect(first.statusCode).toBe(404);
        await first.body.text();
        const second = await pool.request({ method: 'GET', path: '/v1/industries' });
        expect(second.statusCode).toBe(401);
        await second.body.text();
        const third = await pool.request({ method: 'GET', path: '/v1/industries', headers: { authorization: 'Bearer sbx_direct_full' } });
        expect(third.statusCode).toBe(200);
        await third.body.text();
        expect(connects).toBe(1);
      } finally {
        await pool.close();
      }
    });
  });
});
