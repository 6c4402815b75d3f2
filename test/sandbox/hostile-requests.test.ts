// Requests meant to hang, flood or fool a server: bodies nested thousands of levels deep, page
// numbers past what a JSON number holds, methods and headers Node's HTTP parser refuses. Each gets
// the sandbox's JSON error, the server logs nothing, and it goes on serving.
import { afterEach, describe, expect, it } from 'vitest';
import { call, useSandbox, type ApiResponse } from '../helpers/sandbox.js';
import { exchange, parseResponses, rawRequest, type RawResponse } from './raw-http.js';

const logged: string[] = [];
const sandbox = useSandbox({ log: (line) => logged.push(line) });
afterEach(() => {
  expect(logged).toEqual([]);
});

const nestedArrays = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

function expectError(res: ApiResponse | RawResponse, status: number, code: string): void {
  expect(res.status).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json\b/);
  const body = (typeof res.body === 'string' ? JSON.parse(res.body) : res.body) as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(typeof body.error.message).toBe('string');
}

describe('bodies nested too deeply', () => {
  const json = { 'content-type': 'application/json' };

  it.each([
    ['POST', '/v1/jobs'],
    ['PATCH', '/v1/jobs/1'],
    ['PATCH', '/v1/jobs/1/status'],
    ['PUT', '/_sandbox/faults'],
  ])('answers 400 invalid_body to %s %s with 5,000 levels, with or without an Idempotency-Key', async (method, path) => {
    for (const rawBody of [nestedArrays(5000), nestedObjects(5000), `{"title":"x","extra":${nestedArrays(100_000)}}`]) {
      for (const idempotencyKey of [undefined, `deep-${method}-${path}-${rawBody.length}`]) {
        const res = await call(sandbox.current, method, path, { rawBody, headers: json, idempotencyKey, token: 'sbx_direct_full' });
        expectError(res, 400, 'invalid_body');
        expect(res.body.error.details).toEqual([{ field: '(body)', code: 'too_deep', message: 'is nested more than 64 levels deep' }]);
      }
    }
  });

  it('reads a body 64 levels deep, and refuses one of 65', async () => {
    const at = (depth: number) => `{"title":"Depth ${depth}","extra":${nestedArrays(depth - 1)}}`;
    const ok = await call(sandbox.current, 'PATCH', '/v1/jobs/1', { rawBody: at(64), headers: json, idempotencyKey: 'depth-64' });
    expect(ok.status).toBe(200);
    expect(ok.body.title).toBe('Depth 64');
    const refused = await call(sandbox.current, 'PATCH', '/v1/jobs/1', { rawBody: at(65), headers: json, idempotencyKey: 'depth-65' });
    expectError(refused, 400, 'invalid_body');
  });

  it('does not count brackets inside strings', async () => {
    const qualifications = `${'[{'.repeat(3000)} "quoted" \\ ${'}]'.repeat(10)}`;
    const res = await call(sandbox.current, 'PATCH', '/v1/jobs/2', { body: { qualifications }, idempotencyKey: 'brackets-in-strings' });
    expect(res.status).toBe(200);
    expect(res.body.qualifications).toBe(qualifications);
  });
});

describe('page and pageSize', () => {
  const COLLECTIONS = [
    '/v1/industries',
    '/v1/job-functions?industry_id=1',
    '/v1/employer-types?industry_id=1',
    '/v1/customers',
    '/v1/departments',
    '/v1/hiring-managers',
    '/v1/users',
    '/v1/jobs',
  ];
  const withParam = (path: string, name: string, value: string) =>
    `${path}${path.includes('?') ? '&' : '?'}${name}=${encodeURIComponent(value)}`;

  it.each(COLLECTIONS)('answers 400 naming the parameter for a number past 2^53 - 1 on %s', async (path) => {
    for (const name of ['page', 'pageSize']) {
      for (const value of ['9999999999999999999999', '9007199254740992', '1'.repeat(400)]) {
        const res = await call(sandbox.current, 'GET', withParam(path, name, value));
        expectError(res, 400, 'invalid_parameter');
        expect(res.body.error.details[0].field).toBe(name);
      }
    }
  });

  it.each(COLLECTIONS)('answers 400 naming the parameter for a value that is not a positive integer on %s', async (path) => {
    for (const name of ['page', 'pageSize']) {
      for (const value of ['1.5', '1e3', '-1', '0', '0x10', '', ' 1', '+1', '1,2', 'Infinity']) {
        const res = await call(sandbox.current, 'GET', withParam(path, name, value));
        expectError(res, 400, 'invalid_parameter');
        expect(res.body.error.details[0].field, `${name}=${value}`).toBe(name);
      }
    }
  });

  it('takes the largest exact page number and answers it as sent', async () => {
    const res = await call(sandbox.current, 'GET', '/v1/industries?page=9007199254740991');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.text).toContain('"page":9007199254740991');
  });
});

describe('requests the HTTP parser refuses, and CONNECT', () => {
  const origin = () => sandbox.current.origin;
  const request = (head: string) => rawRequest(origin(), `${head}\r\nHost: sandbox\r\nAuthorization: Bearer sbx_direct_full\r\n\r\n`);

  function expectClosingJson(res: RawResponse, status: number, code: string): void {
    expectError(res, status, code);
    expect(Number(res.headers['content-length'])).toBe(Buffer.byteLength(res.body));
    expect(res.headers.connection).toBe('close');
    expect(res.headers['x-request-id']).toMatch(/^req_[0-9a-z]+$/);
  }

  it.each([
    ['BREW /v1/jobs', 'GET, HEAD, POST'],
    ['BREW /v1/jobs/1', 'GET, HEAD, PATCH'],
    ['get /v1/jobs/1', 'GET, HEAD, PATCH'],
    ['BREW /_sandbox/faults', 'GET, HEAD, PUT'],
    ['CONNECT /v1/jobs/1/status', 'PATCH'],
  ])('answers %s with a JSON 405 and Allow: %s', async (line, allow) => {
    const res = await request(`${line} HTTP/1.1`);
    expectClosingJson(res, 405, 'method_not_allowed');
    expect(res.headers.allow!.split(', ').sort().join(', ')).toBe(allow);
  });

  it.each(['BREW /v1/nope', 'BREW /v1/jobs/1/', 'BREW /elsewhere', 'CONNECT sandbox:443'])('answers %s with a JSON 404', async (line) => {
    expectClosingJson(await request(`${line} HTTP/1.1`), 404, 'not_found');
  });

  it('answers an unknown method that sends a body, reading the body away', async () => {
    const body = '{"title":"x"}'.repeat(1000);
    const res = await rawRequest(origin(), `BREW /v1/jobs HTTP/1.1\r\nHost: sandbox\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    expectClosingJson(res, 405, 'method_not_allowed');
  });

  it('answers a 70 KB header with a JSON 431', async () => {
    const res = await request(`GET /v1/jobs HTTP/1.1\r\nX-Padding: ${'a'.repeat(70 * 1024)}`);
    expectClosingJson(res, 431, 'headers_too_large');
    expect(JSON.parse(res.body).error.message).toContain('16384 bytes');
  });

  it.each([
    ['a request line that is not HTTP', 'garbage'],
    ['a header without a colon', 'GET /v1/jobs HTTP/1.1\r\nnot a header'],
    ['a bad Content-Length', 'POST /v1/jobs HTTP/1.1\r\nContent-Length: ten'],
    ['an unknown HTTP version', 'GET /v1/jobs HTTP/7.3'],
  ])('answers %s with a JSON 400', async (_, head) => {
    expectClosingJson(await request(head), 400, 'bad_request');
  });

  it('answers the requests before a refused one on the same connection, then refuses it', async () => {
    const good = 'GET /v1/jobs/1 HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer sbx_direct_full\r\n\r\n';
    const responses = parseResponses(await exchange(origin(), `${good}${good}BREW /v1/jobs HTTP/1.1\r\nHost: sandbox\r\n\r\n`));
    expect(responses.map((r) => r.status)).toEqual([200, 200, 405]);
    expect(JSON.parse(responses[0]!.body).id).toBe(1);
  });

  it('goes on serving after each of them', async () => {
    await request('BREW /v1/jobs HTTP/1.1');
    await request(`GET /v1/jobs HTTP/1.1\r\nX-Padding: ${'a'.repeat(70 * 1024)}`);
    expect((await call(sandbox.current, 'GET', '/v1/jobs/1')).status).toBe(200);
  });
});

describe('request targets that are not URLs', () => {
  it('answers a target that cannot be parsed with a JSON 400', async () => {
    const res = await rawRequest(sandbox.current.origin, 'GET http://[ HTTP/1.1\r\nHost: sandbox\r\nConnection: close\r\n\r\n');
    expectError(res, 400, 'bad_request');
  });

  it('answers a path parameter with a broken escape with a JSON 404', async () => {
    const res = await rawRequest(sandbox.current.origin, 'GET /v1/jobs/%ZZ HTTP/1.1\r\nHost: sandbox\r\nAuthorization: Bearer sbx_direct_full\r\nConnection: close\r\n\r\n');
    expectError(res, 404, 'not_found');
  });
});
