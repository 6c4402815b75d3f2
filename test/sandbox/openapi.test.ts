import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../../src/sandbox/routes/admin.js';
import { jobRoutes } from '../../src/sandbox/routes/jobs.js';
import { lookupRoutes } from '../../src/sandbox/routes/lookups.js';
import { HTTP_METHODS, assertMatchesOpenApi, atPointer, loadOpenApi, resolve, schemaValidator } from '../helpers/openapi.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

type JsonObject = Record<string, unknown>;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every `$ref` in the document, with the pointer where it occurs. */
function refs(node: unknown, pointer = ''): Array<{ at: string; ref: string }> {
  if (Array.isArray(node)) return node.flatMap((v, i) => refs(v, `${pointer}/${i}`));
  if (!isObject(node)) return [];
  return Object.entries(node).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [{ at: pointer, ref: v }] : refs(v, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

// Keys a schema object may carry; anything else is a typo or a YAML slip (e.g. a comma in a flow map).
const SCHEMA_KEYS = new Set([
  '$ref', 'type', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems',
  'minItems', 'maxItems', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'format', 'allOf',
  'anyOf', 'oneOf', 'not', 'propertyNames', 'minProperties', 'default', 'description', 'examples', 'title',
]);
const SUBSCHEMA_MAPS = ['properties'];
const SUBSCHEMAS = ['items', 'not', 'propertyNames', 'additionalProperties'];
const SUBSCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

function unknownSchemaKeys(schema: unknown, at: string): string[] {
  if (!isObject(schema)) return [];
  const own = Object.keys(schema)
    .filter((k) => !SCHEMA_KEYS.has(k) && !k.startsWith('x-'))
    .map((k) => `${at}: ${k}`);
  const nested = [
    ...SUBSCHEMA_MAPS.flatMap((k) => Object.entries((schema[k] ?? {}) as JsonObject).map(([n, s]) => unknownSchemaKeys(s, `${at}/${k}/${n}`))),
    ...SUBSCHEMAS.map((k) => unknownSchemaKeys(schema[k], `${at}/${k}`)),
    ...SUBSCHEMA_LISTS.flatMap((k) => ((schema[k] ?? []) as unknown[]).map((s, i) => unknownSchemaKeys(s, `${at}/${k}/${i}`))),
  ];
  return [...own, ...nested.flat()];
}

/** Pointers of every schema that appears under a `schema` key (parameters, headers, media types). */
function schemaPointers(node: unknown, pointer = ''): string[] {
  if (!isObject(node)) return [];
  return Object.entries(node).flatMap(([k, v]) => {
    const here = `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    return k === 'schema' ? [here] : schemaPointers(v, here);
  });
}

describe('docs/openapi.yaml', () => {
  const { doc, operations } = loadOpenApi();

  it('is an OpenAPI 3.1.0 document', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(operations.length).toBeGreaterThan(0);
  });

  it('resolves every $ref', () => {
    const all = refs(doc);
    expect(all.length).toBeGreaterThan(50);
    for (const { at, ref } of all) {
      expect(ref, `$ref at ${at}`).toMatch(/^#\//);
      expect(atPointer(doc, ref.slice(1)), `$ref ${ref} at ${at}`).toBeDefined();
    }
  });

  it('uses only known keywords in its schemas, and every schema compiles', () => {
    const components = Object.keys((doc.components as { schemas: JsonObject }).schemas).map((n) => `/components/schemas/${n}`);
    const pointers = [...components, ...schemaPointers(doc.paths, '/paths'), ...schemaPointers(doc.components, '/components')];
    expect(pointers.flatMap((p) => unknownSchemaKeys(atPointer(doc, p), p))).toEqual([]);
    for (const pointer of pointers) expect(() => schemaValidator(pointer), pointer).not.toThrow();
  });

  it('names each path from the origin, so that a tool which ignores the path of a server URL finds it', () => {
    const servers = doc.servers as Array<{ url: string }>;
    expect(servers.map((s) => new URL(s.url).pathname)).toEqual(['/']);
    const paths = Object.keys(doc.paths as JsonObject);
    expect(paths.filter((p) => !/^\/(v1|_sandbox)\//.test(p) && p !== '/{unknownPath}')).toEqual([]);
    expect(Object.values(doc.paths as JsonObject).filter((item) => isObject(item) && 'servers' in item)).toEqual([]);
  });

  it('documents exactly the routes the sandbox implements, HEAD beside every GET', () => {
    const routes = [
      ...[...lookupRoutes, ...jobRoutes].map((r) => ({ method: r.method, path: `/v1${r.path}` })),
      ...adminRoutes.map((r) => ({ method: r.method, path: `/_sandbox${r.path}` })),
    ];
    const implemented = routes.flatMap((r) => (r.method === 'GET' ? ['GET', 'HEAD'] : [r.method]).map((m) => `${m} ${r.path}`)).sort();
    expect(operations.filter((o) => o.operation['x-refused'] === undefined).map((o) => `${o.method} ${o.path}`).sort()).toEqual(implemented);
  });

  it('declares every method OpenAPI can name on every path: the ones not served answer 405 with Allow, unknown paths 404', () => {
    const paths = new Set(operations.map((o) => o.path));
    for (const path of paths) {
      const here = operations.filter((o) => o.path === path);
      expect(here.map((o) => o.method).sort(), path).toEqual(HTTP_METHODS.map((m) => m.toUpperCase()).sort());
      const unknown = path.endsWith('/{unknownPath}');
      for (const op of here.filter((o) => o.operation['x-refused'] !== undefined)) {
        expect(op.operation['x-refused'], `${op.method} ${path}`).toBe(unknown ? 'not_found' : 'method_not_allowed');
        const statuses = Object.keys(op.operation.responses as JsonObject);
        expect(statuses, `${op.method} ${path}`).toContain(unknown ? '404' : '405');
        expect(statuses.filter((s) => s < '400'), `${op.method} ${path}`).toEqual([]);
      }
      if (unknown) expect(here.every((o) => o.operation['x-refused'] === 'not_found'), path).toBe(true);
    }
  });

  it('states each route permission and Idempotency-Key support as the sandbox enforces them', () => {
    for (const route of [...lookupRoutes, ...jobRoutes]) {
      const op = operations.find((o) => o.method === route.method && o.path === `/v1${route.path}`)!;
      expect(op.operation['x-permission'], op.path).toBe(route.permission);
      expect(String(op.operation.description), op.path).toContain(route.permission);
      const params = ((op.operation.parameters ?? []) as unknown[]).map((_, i) => resolve(doc, `${op.pointer}/parameters/${i}`).value as JsonObject);
      expect(params.some((p) => p.name === 'Idempotency-Key'), `${route.method} ${op.path}`).toBe(route.idempotent === true);
    }
    for (const op of operations.filter((o) => o.path.startsWith('/_sandbox/') && !o.path.endsWith('{unknownPath}'))) {
      expect(op.operation.tags, op.path).toEqual(['sandbox-admin']);
      expect(op.operation.security, op.path).toEqual([]);
    }
  });

  it('declares every path parameter and gives each operation a unique operationId', () => {
    for (const op of operations) {
      const item = atPointer(doc, op.pointer.slice(0, op.pointer.lastIndexOf('/'))) as JsonObject;
      const declared = [...((item.parameters ?? []) as unknown[]), ...((op.operation.parameters ?? []) as unknown[])]
        .map((p) => (isObject(p) && typeof p.$ref === 'string' ? atPointer(doc, p.$ref.slice(1)) : p) as JsonObject)
        .filter((p) => p.in === 'path')
        .map((p) => p.name);
      const inTemplate = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      expect(declared.sort(), `${op.method} ${op.path}`).toEqual(inTemplate.sort());
    }
    const ids = operations.map((o) => o.operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('counts a title in code points and refuses a blank one, as the sandbox does', () => {
    const valid = schemaValidator('/components/schemas/JobCreate');
    const job = (title: string) => ({ title, description: 'x', location: 'Austin, TX, USA', jobFunctionId: 1, employerTypeId: 1 });
    expect(valid(job('🚀'.repeat(200))), 'JobCreate with 200 emoji').toBe(true);
    expect(valid(job('🚀'.repeat(201))), 'JobCreate with 201 emoji').toBe(false);
    for (const blank of ['', ' ', '\t\n ']) expect(valid(job(blank)), JSON.stringify(blank)).toBe(false);
    const update = schemaValidator('/components/schemas/JobUpdate');
    expect(update({ title: '   ' })).toBe(false);
    expect(update({ title: ' Welder ' })).toBe(true);
  });

  it('has no catch-all responses, so an undocumented status is always caught', () => {
    for (const op of operations) {
      const statuses = Object.keys(op.operation.responses as JsonObject);
      expect(statuses.filter((s) => !/^[1-5]\d\d$/.test(s)), `${op.method} ${op.path}`).toEqual([]);
    }
  });
});

describe('assertMatchesOpenApi', () => {
  const sandbox = useSandbox();
  const json = { 'content-type': 'application/json; charset=utf-8' };

  async function aJob(): Promise<JsonObject> {
    const res = await call<JsonObject>(sandbox.current, 'GET', '/v1/jobs/1');
    expect(res.status).toBe(200);
    return res.body;
  }

  it('accepts a real job and refuses one without status or with an extra field', async () => {
    const job = await aJob();
    expect(() => assertMatchesOpenApi('GET', '/v1/jobs/1?x=1', { status: 200, headers: json, body: job })).not.toThrow();
    const { status: _status, ...withoutStatus } = job;
    expect(() => assertMatchesOpenApi('GET', '/v1/jobs/1', { status: 200, headers: json, body: withoutStatus })).toThrow(
      /must have required property 'status'/,
    );
    expect(() => assertMatchesOpenApi('GET', '/v1/jobs/1', { status: 200, headers: json, body: { ...job, account: 'direct' } })).toThrow(
      /must NOT have additional properties/,
    );
    expect(() => assertMatchesOpenApi('GET', '/v1/jobs/1', { status: 200, headers: json, body: { ...job, approvalStatus: 2 } })).toThrow(
      /approvalStatus/,
    );
  });

  it('refuses an undocumented status', async () => {
    const job = await aJob();
    expect(() => assertMatchesOpenApi('GET', '/v1/jobs/1', { status: 418, headers: json, body: job })).toThrow(/status 418 is not documented/);
    const notFound = { error: { code: 'not_found', message: 'x' } };
    expect(() => assertMatchesOpenApi('GET', '/v1/industries', { status: 404, headers: json, body: notFound })).toThrow(/not documented/);
    expect(() => assertMatchesOpenApi('PATCH', '/v1/jobs/1/status', { status: 201, headers: json, body: job })).toThrow(/not documented/);
  });

  it('refuses a missing required header and a body that is not JSON', async () => {
    const job = await aJob();
    expect(() => assertMatchesOpenApi('POST', '/v1/jobs', { status: 201, headers: json, body: job })).toThrow(/header Location is required/);
    const limited = { error: { code: 'rate_limited', message: 'x' } };
    expect(() => assertMatchesOpenApi('GET', '/v1/users', { status: 429, headers: json, body: limited })).toThrow(/Retry-After/);
    expect(() =>
      assertMatchesOpenApi('GET', '/v1/users', { status: 429, headers: { ...json, 'retry-after': 'soon' }, body: limited }),
    ).toThrow(/Retry-After/);
    expect(() => assertMatchesOpenApi('GET', '/_sandbox/health', { status: 200, headers: { 'content-type': 'text/plain' }, body: undefined })).toThrow(
      /content-type/,
    );
  });

  it('does not check requests the document has no operation for', () => {
    const body = { error: { code: 'not_found', message: 'x' } };
    expect(() => assertMatchesOpenApi('GET', '/v1/jobs/1/nowhere', { status: 404, headers: json, body })).not.toThrow();
    expect(() => assertMatchesOpenApi('GET', '/v1/jobs/', { status: 404, headers: json, body })).not.toThrow();
  });

  it('refuses a header the response does not declare, and a 405 without Allow', async () => {
    const job = await aJob();
    const rate = { 'ratelimit-policy': '"sandbox";q=5;w=1', ratelimit: '"sandbox";r=4;t=1' };
    expect(() => assertMatchesOpenApi('GET', '/v1/jobs/1', { status: 200, headers: { ...json, ...rate }, body: job })).not.toThrow();
    expect(() => assertMatchesOpenApi('GET', '/v1/jobs/1', { status: 200, headers: { ...json, 'x-debug': '1' }, body: job })).toThrow(
      /header x-debug is sent but not declared/,
    );
    expect(() => assertMatchesOpenApi('GET', '/_sandbox/health', { status: 200, headers: { ...json, allow: 'GET' }, body: { ok: true } })).toThrow(
      /header allow is sent but not declared/,
    );
    const refused = { error: { code: 'method_not_allowed', message: 'x' } };
    expect(() => assertMatchesOpenApi('DELETE', '/v1/jobs/1', { status: 405, headers: json, body: refused })).toThrow(/header Allow is required/);
    expect(() => assertMatchesOpenApi('HEAD', '/v1/jobs/1', { status: 200, headers: { ...json, 'x-request-id': 'req_1' }, body: undefined })).not.toThrow();
  });
});

// Every call() below is validated against the document by the helper; the expectations only make
// sure each case really produced the status it is meant to cover.
describe('sandbox responses match the document', () => {
  const sandbox = useSandbox({ activeJobLimit: 12 });
  const s = () => sandbox.current;

  it('lookups, with their parameters and errors', async () => {
    for (const path of ['/job-options', '/industries?page=2&pageSize=5', '/customers?search=a', '/departments', '/hiring-managers', '/users']) {
      expect((await call(s(), 'GET', `/v1${path}`)).status, path).toBe(200);
    }
    for (const path of ['/job-functions?industry_id=1&search=dev', '/employer-types?industry_id=2&page=9']) {
      expect((await call(s(), 'GET', `/v1${path}`)).status, path).toBe(200);
    }
    for (const path of ['/job-functions', '/employer-types?industry_id=999', '/industries?pageSize=101', '/jobs?status=x']) {
      expect((await call(s(), 'GET', `/v1${path}`)).status, path).toBe(400);
    }
    expect((await call(s(), 'GET', '/v1/users', { token: null })).status).toBe(401);
    expect((await call(s(), 'GET', '/v1/users', { token: 'nope' })).status).toBe(401);
    expect((await call(s(), 'GET', '/v1/jobs', { token: 'sbx_direct_lookups' })).status).toBe(403);
  });

  it('jobs: create, replay, list, get, update, status, and their errors', async () => {
    const created = await call(s(), 'POST', '/v1/jobs', { body: validJob(), idempotencyKey: 'doc-1' });
    expect(created.status).toBe(201);
    const replay = await call(s(), 'POST', '/v1/jobs', { body: validJob(), idempotencyKey: 'doc-1' });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect((await call(s(), 'POST', '/v1/jobs', { body: validJob({ title: 'Other' }), idempotencyKey: 'doc-1' })).status).toBe(422);
    expect((await call(s(), 'POST', '/v1/jobs', { body: validJob(), idempotencyKey: 'bad key' })).status).toBe(400);
    expect((await call(s(), 'POST', '/v1/jobs', { body: validJob({ description: 'short', status: 5 }) })).status).toBe(400);
    expect((await call(s(), 'POST', '/v1/jobs', { rawBody: '{', headers: { 'content-type': 'application/json' } })).status).toBe(400);
    expect((await call(s(), 'POST', '/v1/jobs', { rawBody: '{}', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await call(s(), 'GET', '/v1/industries', { rawBody: '{}', headers: { 'content-type': 'text/plain' } })).status).toBe(415);
    expect((await call(s(), 'POST', '/v1/jobs', { body: validJob(), token: 'sbx_direct_writeonly', idempotencyKey: 'doc-w' })).status).toBe(201);
    expect((await call(s(), 'GET', '/v1/industries', { token: 'sbx_direct_nolookups' })).status).toBe(403);
    expect((await call(s(), 'POST', '/v1/jobs', { body: validJob({ publishToCareerPage: true }), token: 'sbx_approval_full' })).status).toBe(409);
    expect((await call(s(), 'POST', '/v1/jobs', { body: validJob(), token: 'sbx_direct_readonly' })).status).toBe(403);

    const id = (created.body as { id: number }).id;
    expect((await call(s(), 'GET', '/v1/jobs?status=5,2&search=engineer&pageSize=3')).status).toBe(200);
    expect((await call(s(), 'GET', `/v1/jobs/${id}`)).status).toBe(200);
    expect((await call(s(), 'GET', '/v1/jobs/abc')).status).toBe(404);
    expect((await call(s(), 'GET', '/v1/jobs/13')).status).toBe(404); // another account's job
    expect((await call(s(), 'PATCH', `/v1/jobs/${id}`, { body: { title: 'Renamed', publishToFreeJobBoards: true }, idempotencyKey: 'doc-2' })).status).toBe(200);
    expect((await call(s(), 'PATCH', `/v1/jobs/${id}`, { body: { title: null } })).status).toBe(400);
    expect((await call(s(), 'PATCH', '/v1/jobs/3', { body: { publishToCareerPage: true } })).status).toBe(409);
    expect((await call(s(), 'PATCH', `/v1/jobs/${id}/status`, { body: { status: 1 }, idempotencyKey: 'doc-3' })).status).toBe(200);
    expect((await call(s(), 'PATCH', `/v1/jobs/${id}/status`, { body: { status: 1 }, idempotencyKey: 'doc-3' })).status).toBe(200);
    expect((await call(s(), 'PATCH', `/v1/jobs/${id}/status`, { body: { status: 3 } })).status).toBe(400);
    expect((await call(s(), 'PATCH', '/v1/jobs/999/status', { body: { status: 2 } })).status).toBe(404);
    expect((await call(s(), 'PATCH', `/v1/jobs/${id}/status`, { body: { status: 2 }, token: 'sbx_direct_nostatus' })).status).toBe(403);
    expect((await call(s(), 'PATCH', '/v1/jobs/14/status', { body: { status: 5 }, token: 'sbx_approval_full' })).status).toBe(409);
  });

  it('capacity conflicts, approval and rejection', async () => {
    // The direct account has 7 active seeded jobs; fill it up to the limit of 12.
    let status = 201;
    for (let i = 0; status === 201 && i < 20; i++) status = (await call(s(), 'POST', '/v1/jobs', { body: validJob() })).status;
    expect(status).toBe(409);
    expect((await call(s(), 'PATCH', '/v1/jobs/3/status', { body: { status: 5 } })).status).toBe(409);

    expect((await call(s(), 'POST', '/_sandbox/jobs/14/approve')).status).toBe(200);
    expect((await call(s(), 'POST', '/_sandbox/jobs/14/approve')).status).toBe(409);
    expect((await call(s(), 'POST', '/_sandbox/jobs/15/reject')).status).toBe(200);
    expect((await call(s(), 'POST', '/_sandbox/jobs/15/reject')).status).toBe(409);
    expect((await call(s(), 'POST', '/_sandbox/jobs/9999/approve')).status).toBe(404);
  });

  it('faults and the other admin routes', async () => {
    expect((await call(s(), 'GET', '/_sandbox/health')).status).toBe(200);
    expect((await call(s(), 'GET', '/_sandbox/tokens')).status).toBe(200);
    expect((await call(s(), 'PUT', '/_sandbox/faults', { body: { spec: 'latency=0-1,seed=3,retry-after=2', queue: ['429', '503'] } })).status).toBe(200);
    expect((await call(s(), 'GET', '/_sandbox/faults')).status).toBe(200);
    const limited = await call(s(), 'GET', '/v1/industries', { token: null });
    expect([limited.status, limited.headers['retry-after']]).toEqual([429, '2']);
    expect((await call(s(), 'POST', '/v1/jobs', { body: validJob() })).status).toBe(503);
    expect((await call(s(), 'PUT', '/_sandbox/faults', { body: { spec: 'nonsense=1' } })).status).toBe(400);
    expect((await call(s(), 'POST', '/_sandbox/reset')).status).toBe(200);
  });
});

// What used to be only in the document's prose: HEAD, 405, the unknown-path 404, 415 on the admin
// routes, the RateLimit fields on every answer to a known token.
describe('sandbox responses match the document, refusals and HEAD included', () => {
  const sandbox = useSandbox({ rateLimit: '1000/s' });
  const s = () => sandbox.current;

  it('HEAD on every GET route, with the GET headers and no body', async () => {
    for (const path of ['/v1/job-options', '/v1/industries', '/v1/jobs', '/v1/jobs/1', '/_sandbox/health', '/_sandbox/faults']) {
      const res = await call(s(), 'HEAD', path);
      expect([res.status, res.text], path).toEqual([200, '']);
    }
    expect((await call(s(), 'HEAD', '/v1/jobs/999')).status).toBe(404);
    expect((await call(s(), 'HEAD', '/v1/users', { token: null })).status).toBe(401);
  });

  it('405 with Allow for every other method OpenAPI names, and 404 for unknown paths', async () => {
    for (const method of ['PUT', 'DELETE', 'OPTIONS', 'TRACE', 'POST']) {
      expect((await call(s(), method, '/v1/jobs/1')).status, method).toBe(405);
      expect((await call(s(), method, '/_sandbox/health')).status, method).toBe(405);
    }
    expect((await call(s(), 'HEAD', '/v1/jobs/1/status')).status).toBe(405);
    for (const method of ['GET', 'HEAD', 'POST', 'DELETE']) {
      expect((await call(s(), method, '/v1/nowhere')).status, method).toBe(404);
      expect((await call(s(), method, '/_sandbox/nowhere')).status, method).toBe(404);
      expect((await call(s(), method, '/nowhere')).status, method).toBe(404);
    }
    expect((await call(s(), 'DELETE', '/v1/nowhere', { token: null })).status).toBe(401);
  });

  it('RateLimit fields on every answer to a known token, 415 on the admin routes', async () => {
    const ok = await call(s(), 'GET', '/v1/industries');
    expect([ok.status, typeof ok.headers.ratelimit, typeof ok.headers['ratelimit-policy']]).toEqual([200, 'string', 'string']);
    expect((await call(s(), 'GET', '/v1/nowhere')).headers.ratelimit).toBeDefined();
    expect((await call(s(), 'PATCH', '/v1/jobs/1', { body: { title: '' } })).status).toBe(400);
    expect((await call(s(), 'GET', '/v1/jobs', { token: 'sbx_direct_lookups' })).status).toBe(403);
    const text = { rawBody: '{}', headers: { 'content-type': 'text/plain' }, token: null };
    expect((await call(s(), 'PUT', '/_sandbox/rate-limit', text)).status).toBe(415);
    expect((await call(s(), 'GET', '/_sandbox/rate-limit', text)).status).toBe(415);
    expect((await call(s(), 'PUT', '/_sandbox/rate-limit', { body: { limit: '1/min,burst=1' } })).status).toBe(200);
    expect((await call(s(), 'GET', '/v1/users')).status).toBe(200);
    const limited = await call(s(), 'GET', '/v1/users');
    expect([limited.status, limited.headers['ratelimit-policy']]).toEqual([429, '"sandbox";q=1;w=60']);
    expect((await call(s(), 'HEAD', '/v1/users')).status).toBe(429);
  });
});
