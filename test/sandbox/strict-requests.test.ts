// What the sandbox refuses before carrying a request out, and in which order:
// a body that is not application/json (415); the credential before routing and the body (401
// first); queued faults taken by every /v1 request; HEAD answered like GET without a body.
import { describe, expect, it } from 'vitest';
import { Pool, request } from 'undici';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { call, useSandbox, validJob, type ApiResponse, type CallOptions } from '../helpers/sandbox.js';

type ErrorResponse = ApiResponse<{ error: { code: string; message: string; details?: Array<{ field: string; code: string }> } }>;

const MIB = 1024 * 1024;
const json = { 'content-type': 'application/json' };

function expectError(res: ErrorResponse, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json\b/);
  expect(res.body.error.code).toBe(code);
}

function jobCount(sandbox: RunningSandbox): number {
  return sandbox.store.jobs.size;
}

describe('sandbox: a body must be application/json (415)', () => {
  const sandbox = useSandbox();
  const body = JSON.stringify(validJob({ title: 'Sent As Text' }));

  it.each([
    ['text/plain', 'Content-Type text/plain'],
    ['text/plain; charset=utf-8', 'Content-Type text/plain'],
    ['application/x-www-form-urlencoded', 'Content-Type application/x-www-form-urlencoded'],
    ['application/jsonp', 'Content-Type application/jsonp'],
    ['application/merge-patch+json', 'Content-Type application/merge-patch+json'],
    ['application/json-seq', 'Content-Type application/json-seq'],
    [undefined, 'no Content-Type'],
  ])('refuses a JSON body sent as %s, and creates nothing', async (type, named) => {
    const before = jobCount(sandbox.current);
    const res: ErrorResponse = await call(sandbox.current, 'POST', '/v1/jobs', {
      rawBody: body,
      ...(type === undefined ? {} : { headers: { 'content-type': type } }),
      idempotencyKey: `media-${type ?? 'none'}`,
    });
    expectError(res, 415, 'unsupported_media_type');
    expect(res.body.error.message).toContain(named);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'Content-Type', code: 'unsupported_media_type' })]);
    expect(jobCount(sandbox.current)).toBe(before);
  });

  it('refuses it on updates and status changes too, and changes nothing', async () => {
    const before = (await call(sandbox.current, 'GET', '/v1/jobs/1')).body;
    const text = { 'content-type': 'text/plain' };
    expectError(await call(sandbox.current, 'PATCH', '/v1/jobs/1', { rawBody: '{"title":"Changed"}', headers: text }), 415, 'unsupported_media_type');
    expectError(await call(sandbox.current, 'PATCH', '/v1/jobs/1/status', { rawBody: '{"status":1}', headers: text }), 415, 'unsupported_media_type');
    expect((await call(sandbox.current, 'GET', '/v1/jobs/1')).body).toEqual(before);
  });

  it('does not record the idempotency key of a 415: the same key then works with the right type', async () => {
    const key = 'media-then-json';
    expect((await call(sandbox.current, 'POST', '/v1/jobs', { rawBody: body, headers: { 'content-type': 'text/plain' }, idempotencyKey: key })).status).toBe(415);
    const res = await call(sandbox.current, 'POST', '/v1/jobs', { rawBody: body, headers: json, idempotencyKey: key });
    expect(res.status).toBe(201);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'Application/JSON;charset=UTF-8', 'application/json ; charset="utf-8"'])(
    'accepts %s',
    async (type) => {
      const res = await call(sandbox.current, 'POST', '/v1/jobs', {
        rawBody: JSON.stringify(validJob({ title: `Typed ${type}` })),
        headers: { 'content-type': type },
        idempotencyKey: `media-ok-${type.replace(/[^!-~]/g, '_')}`,
      });
      expect(res.status, res.text).toBe(201);
    },
  );

  it('needs no Content-Type on a request without a body', async () => {
    expect((await call(sandbox.current, 'GET', '/v1/jobs/1')).status).toBe(200);
    // An empty POST reaches the handler, which names the body: a 400, not a 415.
    const empty: ErrorResponse = await call(sandbox.current, 'POST', '/v1/jobs', { rawBody: '' });
    expectError(empty, 400, 'validation_failed');
  });

  it('checks the type of a body sent with GET as well', async () => {
    const res = await call(sandbox.current, 'GET', '/v1/industries', { rawBody: '{}', headers: { 'content-type': 'text/plain' } });
    expectError(res, 415, 'unsupported_media_type');
  });

  it('applies to the admin routes, which keep working with JSON or no body', async () => {
    const text = { 'content-type': 'text/plain' };
    const refused = await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, rawBody: '{"spec":"503=1"}', headers: text });
    expectError(refused, 415, 'unsupported_media_type');
    expect((await call(sandbox.current, 'GET', '/_sandbox/faults', { token: null })).body.spec.probabilities['503']).toBe(0);
    expect((await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec: '' } })).status).toBe(200);
    expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  });
});

describe('sandbox: the order of the checks', () => {
  const sandbox = useSandbox();
  const big = `{"title":"${'x'.repeat(2 * MIB)}"}`;
  const text = { 'content-type': 'text/plain' };

  // Each request fails several checks; the answer is the first in the order
  // fault, 401, 404/405, 403, 415, 413, 400.
  const CASES: Array<[string, string, string, CallOptions, number, string]> = [
    ['no token, unknown path, broken body', 'POST', '/v1/nope', { token: null, rawBody: '{', headers: json }, 401, 'unauthenticated'],
    ['no token, wrong method', 'DELETE', '/v1/jobs', { token: null }, 401, 'unauthenticated'],
    ['unknown token, body over 1 MiB', 'POST', '/v1/jobs', { token: 'sbx_nobody_full', rawBody: big, headers: json }, 401, 'unauthenticated'],
    ['no token, text/plain', 'POST', '/v1/jobs', { token: null, rawBody: '{}', headers: text }, 401, 'unauthenticated'],
    ['no token, broken JSON', 'PATCH', '/v1/jobs/1', { token: null, rawBody: '{', headers: json }, 401, 'unauthenticated'],
    ['token without the permission, unknown path', 'POST', '/v1/jobs/1/nope', { token: 'sbx_direct_lookups', rawBody: '{', headers: json }, 404, 'not_found'],
    ['token without the permission, wrong method', 'PUT', '/v1/jobs/1', { token: 'sbx_direct_lookups', rawBody: '{', headers: text }, 405, 'method_not_allowed'],
    ['token without the permission, text/plain', 'POST', '/v1/jobs', { token: 'sbx_direct_lookups', rawBody: '{}', headers: text }, 403, 'forbidden'],
    ['token without the permission, body over 1 MiB', 'POST', '/v1/jobs', { token: 'sbx_direct_readonly', rawBody: big, headers: json }, 403, 'forbidden'],
    ['token without the permission, broken JSON', 'PATCH', '/v1/jobs/1/status', { token: 'sbx_direct_nostatus', rawBody: '{', headers: json }, 403, 'forbidden'],
    ['text/plain, body over 1 MiB', 'POST', '/v1/jobs', { rawBody: big, headers: text }, 415, 'unsupported_media_type'],
    ['body over 1 MiB, broken JSON', 'POST', '/v1/jobs', { rawBody: `{${big}`, headers: json }, 413, 'payload_too_large'],
    ['broken JSON, invalid idempotency key', 'POST', '/v1/jobs', { rawBody: '{', headers: { ...json, 'idempotency-key': 'a b' } }, 400, 'invalid_json'],
  ];

  it.each(CASES)('%s: %s %s -> %i %s', async (_name, method, path, options, status, code) => {
    const before = jobCount(sandbox.current);
    const res: ErrorResponse = await call(sandbox.current, method, path, options);
    expectError(res, status, code);
    if (status === 401) expect(res.headers['www-authenticate']).toBe('Bearer realm="recruitment-api"');
    expect(jobCount(sandbox.current)).toBe(before);
  });

  it('keeps the connection after answering before the body was read', async () => {
    const pool = new Pool(sandbox.current.origin, { connections: 1, pipelining: 1 });
    let connects = 0;
    pool.on('connect', () => connects++);
    try {
      for (const token of [undefined, 'sbx_direct_readonly']) {
        const refused = await pool.request({
          method: 'POST',
          path: '/v1/jobs',
          headers: { ...json, ...(token ? { authorization: `Bearer ${token}` } : {}) },
          body: big,
        });
        expect(refused.statusCode).toBe(token ? 403 : 401);
        await refused.body.text();
      }
      const ok = await pool.request({ method: 'GET', path: '/v1/jobs/1', headers: { authorization: 'Bearer sbx_direct_full' } });
      expect(ok.statusCode).toBe(200);
      await ok.body.text();
      expect(connects).toBe(1);
    } finally {
      await pool.close();
    }
  });

  it('lets every /v1 request take the next queued fault, also one that would be refused', async () => {
    const queue = ['503', '429', '503', '503', '503'];
    expect((await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec: '', queue } })).status).toBe(200);
    expect((await call(sandbox.current, 'GET', '/v1/nope', { token: null })).status).toBe(503); // would be 401
    expect((await call(sandbox.current, 'GET', '/v1/nope')).status).toBe(429); // would be 404
    expect((await call(sandbox.current, 'DELETE', '/v1/jobs')).status).toBe(503); // would be 405
    expect((await call(sandbox.current, 'POST', '/v1/jobs', { rawBody: '{', headers: json })).status).toBe(503); // would be 400
    expect((await call(sandbox.current, 'GET', '/v1/jobs/1', { token: 'sbx_direct_lookups' })).status).toBe(503); // would be 403
    // Requests outside /v1 take none.
    expect((await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec: '', queue: ['503'] } })).status).toBe(200);
    expect((await call(sandbox.current, 'GET', '/nope', { token: null })).status).toBe(404);
    expect((await call(sandbox.current, 'GET', '/_sandbox/health', { token: null })).status).toBe(200);
    expect((await call(sandbox.current, 'GET', '/_sandbox/faults', { token: null })).body.queue).toEqual(['503']);
    expect((await call(sandbox.current, 'GET', '/v1/nope', { token: null })).status).toBe(503);
    expect((await call(sandbox.current, 'GET', '/v1/nope', { token: null })).status).toBe(401);
  });
});

describe('sandbox: HEAD on GET routes', () => {
  const sandbox = useSandbox();

  async function exchange(method: 'GET' | 'HEAD', path: string, token: string | null = 'sbx_direct_full') {
    const res = await request(`${sandbox.current.origin}${path}`, {
      method,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
    });
    const text = await res.body.text();
    return { status: res.statusCode, headers: res.headers, text };
  }

  it.each([
    ['/v1/jobs/1', 'sbx_direct_full'],
    ['/v1/jobs?pageSize=3', 'sbx_direct_full'],
    ['/v1/industries', 'sbx_direct_full'],
    ['/v1/job-options', 'sbx_direct_full'],
    ['/v1/job-functions', 'sbx_direct_full'], // 400: industry_id is required
    ['/v1/jobs/999999', 'sbx_direct_full'], // 404
    ['/v1/jobs/1', null], // 401
    ['/v1/jobs/1', 'sbx_direct_lookups'], // 403
    ['/v1/nope', 'sbx_direct_full'], // 404
    ['/_sandbox/health', null],
    ['/_sandbox/tokens', null],
  ])('answers HEAD %s like GET, without a body (token %s)', async (path, token) => {
    const get = await exchange('GET', path, token);
    const head = await exchange('HEAD', path, token);
    expect(head.status).toBe(get.status);
    expect(head.text).toBe('');
    expect(get.text).not.toBe('');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['www-authenticate']).toBe(get.headers['www-authenticate']);
    expect(head.headers['x-request-id']).toMatch(/^req_[0-9a-z]+$/);
  });

  it('is a 405 on a path without GET, and Allow lists HEAD beside every GET', async () => {
    const res = await exchange('HEAD', '/v1/jobs/1/status');
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe('PATCH');
    const other = await call(sandbox.current, 'PUT', '/v1/jobs/1');
    expect(String(other.headers.allow).split(', ').sort()).toEqual(['GET', 'HEAD', 'PATCH']);
  });

  it('changes nothing', async () => {
    const before = (await call(sandbox.current, 'GET', '/v1/jobs')).body;
    for (let i = 0; i < 3; i++) expect((await exchange('HEAD', '/v1/jobs')).status).toBe(200);
    expect((await call(sandbox.current, 'GET', '/v1/jobs')).body).toEqual(before);
  });
});
