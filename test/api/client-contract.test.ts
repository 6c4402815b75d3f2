// The API client's contract in the details a caller sees: what goes on the wire (path, headers,
// body), which answers are data and which are errors (2xx bounds, JSON strictness, raw answers),
// the waits it makes (the deadline's edge, a 429's pause shared and a 503's not), its --verbose
// lines, and who closes the transport. Over a local server where the wire matters, and over a
// scripted transport with a fake clock where the order and timing of attempts matter: no test
// here waits for real time.
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { ApiClient, credentialFingerprint, describeWait, type ClientOptions, type RetryNotice } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import type { Transport, TransportRequest, TransportResponse } from '../../src/api/http.js';
import { json, retryAfter, text, useHostileServer } from '../helpers/hostile-server.js';
import { failure } from '../helpers/api-failure.js';

const server = useHostileServer();

function wire(options: Partial<ClientOptions> = {}): ApiClient {
  return new ApiClient({ baseUrl: server.base, token: 'tok-1', userAgent: 'mutants-test/1', random: () => 0, ...options });
}

/** An answer of the scripted transport. */
function reply(statusCode: number, body = '', headers: Record<string, string> = { 'content-type': 'application/json' }): TransportResponse {
  return { statusCode, text: body, header: (name) => headers[name] };
}

interface Sent extends TransportRequest {
  url: string;
}

/**
 * A transport that answers from a script (per request, in order; a function may return a promise
 * the test settles), records what was sent and counts its closes. `during` runs while a request is
 * "on the wire" (to move a fake clock).
 */
class ScriptedTransport {
  readonly sent: Sent[] = [];
  closes = 0;
  constructor(
    private readonly answer: (sent: Sent, n: number) => TransportResponse | Promise<TransportResponse>,
    private readonly during: () => void = () => undefined,
  ) {}

  async send(url: string, request: TransportRequest): Promise<TransportResponse> {
    const sent = { url, ...request };
    this.sent.push(sent);
    this.during();
    return this.answer(sent, this.sent.length);
  }

  close(): void {
    this.closes++;
  }

  asTransport(): Transport {
    return this as unknown as Transport;
  }
}

/** A clock that moves only when the test or a sleep moves it; sleeps are recorded. */
function fakeClock(start = 1_000_000) {
  const clock = {
    now: start,
    sleeps: [] as number[],
    read: () => clock.now,
    sleep: async (ms: number) => {
      clock.sleeps.push(ms);
      clock.now += ms;
    },
  };
  return clock;
}

function scripted(transport: ScriptedTransport, clock: ReturnType<typeof fakeClock>, options: Partial<ClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl: 'http://api.test/v1',
    token: 't',
    userAgent: 'u',
    transport: transport.asTransport(),
    random: () => 0,
    now: clock.read,
    sleep: clock.sleep,
    ...options,
  });
}

describe('credentialFingerprint', () => {
  it('is the same for a token in every version: journals on disk are matched to their account by it', () => {
    // A change of the value would leave every journal of an earlier version unrecognised.
    expect(credentialFingerprint('sbx_direct_full')).toBe('8567231d924f192caa49102f3dd66c0e');
    expect(credentialFingerprint('sbx_direct_full')).not.toBe(credentialFingerprint('sbx_direct_lookups'));
    expect(credentialFingerprint(undefined)).toBe(credentialFingerprint(''));
    expect(wire({ token: 'sbx_direct_full' }).credentialFingerprint()).toBe('8567231d924f192caa49102f3dd66c0e');
  });
});

describe('describeWait', () => {
  it('says seconds below 2 minutes, minutes below 2 hours, hours below 2 days, then days', () => {
    expect([45_000, 119_900, 120_000].map(describeWait)).toEqual(['45 s', '119.9 s', '2 minutes']);
    expect([7_199_000, 7_200_000].map(describeWait)).toEqual(['120 minutes', '2 hours']);
    expect([172_799_000, 172_800_000, 259_200_000].map(describeWait)).toEqual(['48 hours', '2 days', '3 days']);
  });
});

describe('what the client sends', () => {
  it('joins a base URL with trailing slashes, a path with or without its leading slash, and a query', async () => {
    server.on('GET /v1/jobs/1', json({ id: 1 }));
    const api = wire({ baseUrl: `${server.base}//` });
    try {
      expect(api.baseUrl).toBe(server.base);
      const res = await api.request('GET', 'jobs/1');
      expect(res).toMatchObject({ status: 200, path: '/jobs/1', body: { id: 1 } });
      await api.request('GET', '/jobs/1');
      // A query given beside a path that has one already is added to it.
      await api.request('GET', '/jobs/1?expand=owner', { query: { page: 2, skip: undefined } });
      expect(server.got('GET /v1/jobs/1').map((r) => r.url)).toEqual(['/v1/jobs/1', '/v1/jobs/1', '/v1/jobs/1?expand=owner&page=2']);
    } finally {
      await api.close();
    }
  });

  it('asks for JSON, names itself, and sends the token as a bearer credential only when it has one', async () => {
    server.on('GET /v1/jobs/1', json({ id: 1 }));
    const withToken = wire();
    const anonymous = wire({ token: undefined });
    try {
      await withToken.request('GET', '/jobs/1');
      await anonymous.request('GET', '/jobs/1');
      const [first, second] = server.got('GET /v1/jobs/1');
      expect(first!.headers).toMatchObject({ accept: 'application/json', 'user-agent': 'mutants-test/1', authorization: 'Bearer tok-1' });
      expect(second!.headers).toMatchObject({ accept: 'application/json', 'user-agent': 'mutants-test/1' });
      expect(second!.headers).not.toHaveProperty('authorization');
    } finally {
      await withToken.close();
      await anonymous.close();
    }
  });

  it('sends an object as JSON, a string or bytes as they are, and says application/json unless told otherwise', async () => {
    server.on('POST /v1/jobs', json({ id: 1 }, 201));
    const api = wire();
    try {
      await api.request('POST', '/jobs', { body: { title: 'a' } });
      // `recruit api` always passes its -H headers, an empty object when there are none.
      await api.request('POST', '/jobs', { body: '{"title":"b"}', headers: {} });
      await api.request('POST', '/jobs', { body: new TextEncoder().encode('{"title":"c"}'), headers: { 'x-trace': '1' } });
      await api.request('POST', '/jobs', { body: 'title,d', headers: { 'content-type': 'text/csv' } });
      const got = server.got('POST /v1/jobs').map((r) => [r.headers['content-type'], r.body]);
      expect(got).toEqual([
        ['application/json', '{"title":"a"}'],
        ['application/json', '{"title":"b"}'],
        ['application/json', '{"title":"c"}'],
        ['text/csv', 'title,d'],
      ]);
    } finally {
      await api.close();
    }
  });

  it('get() sends a GET with the query, retries it like any GET, and checks the shape of the answer', async () => {
    server.on('GET /v1/jobs/1', retryAfter('0'), json({ id: 1 }));
    server.on('GET /v1/jobs/2', json({ name: 'not a job' }));
    const clock = fakeClock();
    const api = wire({ now: clock.read, sleep: clock.sleep });
    const isJob = (v: unknown) => (typeof v === 'object' && v !== null && 'id' in v ? undefined : 'is not a job');
    try {
      expect(await api.get('/jobs/1', { expand: 'owner', skip: undefined }, isJob)).toEqual({ id: 1 });
      expect(server.got('GET /v1/jobs/1').map((r) => r.url)).toEqual(['/v1/jobs/1?expand=owner', '/v1/jobs/1?expand=owner']);
      const error = await failure(api.get('/jobs/2', { expand: 'owner' }, isJob));
      expect(error).toMatchObject({ kind: 'bad_answer', status: 200 });
      expect(error.message).toBe('GET /jobs/2?expand=owner failed: 200 answer is not a job');
    } finally {
      await api.close();
    }
  });
});

describe('which answers are data', () => {
  it('returns any 2xx, the last one (299) included, with its headers; an empty body is undefined', async () => {
    server.on('GET /v1/jobs/1', json({ id: 1 }, 299, { 'x-request-id': 'r-1' }));
    server.on('DELETE /v1/jobs/1', text('', undefined, 204));
    const api = wire();
    try {
      const res = await api.request('GET', '/jobs/1');
      expect(res).toMatchObject({ status: 299, body: { id: 1 }, attempts: 1, replayed: false });
      expect(res.header('x-request-id')).toBe('r-1');
      const deleted = await api.request('DELETE', '/jobs/1');
      expect(deleted).toMatchObject({ status: 204, text: '' });
      expect(deleted.body).toBeUndefined();
    } finally {
      await api.close();
    }
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'application/json ; charset=utf-8', 'Application/JSON', 'application/vnd.api+json', 'application/problem+json'])(
    'reads a 2xx body of type %s as JSON',
    async (type) => {
      server.on('GET /v1/jobs/1', text('{"id":1}', type));
      const api = wire();
      try {
        expect((await api.request('GET', '/jobs/1')).body).toEqual({ id: 1 });
      } finally {
        await api.close();
      }
    },
  );

  it.each([
    ['text/plain', '{"id":1}'],
    ['application/jsonp', '{"id":1}'],
    ['multipart/related; type=application/json', 'a 8-byte multipart/related body'],
    [undefined, 'a 8-byte no content type body'],
    ['text/html', 'a 8-byte text/html body'],
  ])('refuses a 2xx body of type %s, even when it parses, and keeps it', async (type, described) => {
    server.on('GET /v1/jobs/1', text('{"id":1}', type));
    const api = wire();
    try {
      const error = await failure(api.request('GET', '/jobs/1'));
      expect(error).toMatchObject({ kind: 'bad_answer', status: 200, details: [], rawBody: '{"id":1}', outcomeUnknown: true });
      expect(error.message).toBe(`GET /jobs/1 failed: 200 answer is not JSON: ${described}`);
    } finally {
      await api.close();
    }
  });

  it('refuses a 2xx JSON body that does not parse, naming its size', async () => {
    server.on('GET /v1/jobs/1', text('{"id":', 'application/json'));
    const api = wire();
    try {
      const error = await failure(api.request('GET', '/jobs/1'));
      expect(error).toMatchObject({ kind: 'bad_answer', status: 200, details: [], rawBody: '{"id":' });
      expect(error.message).toBe('GET /jobs/1 failed: 200 answer is not valid JSON (6 bytes)');
    } finally {
      await api.close();
    }
  });

  it('raw: returns every answer as it came, JSON parsed where it is JSON, text otherwise', async () => {
    server.on('GET /v1/a', json({ error: { code: 'not_found', message: 'no' } }, 404));
    server.on('GET /v1/b', text('{"id":1}', 'text/plain'));
    server.on('GET /v1/c', text('not json', 'application/json'));
    server.on('GET /v1/d', text('{"id":1}', undefined));
    server.on('GET /v1/e', text('', 'application/json', 202));
    const api = wire();
    try {
      const a = await api.request('GET', '/a', { raw: true });
      expect(a).toMatchObject({ method: 'GET', path: '/a', status: 404, body: { error: { code: 'not_found', message: 'no' } }, attempts: 1 });
      expect(a.text).toBe('{"error":{"code":"not_found","message":"no"}}');
      expect(a.contentType).toBe('application/json');
      expect((await api.request('GET', '/b', { raw: true })).body).toBe('{"id":1}');
      expect((await api.request('GET', '/c', { raw: true })).body).toBe('not json');
      expect((await api.request('GET', '/d', { raw: true })).body).toEqual({ id: 1 });
      const e = await api.request('GET', '/e', { raw: true });
      expect(e.status).toBe(202);
      expect(e.body).toBeUndefined();
    } finally {
      await api.close();
    }
  });

  it('an error answer whose text/plain body looks like JSON is described, not read as the service error', async () => {
    server.on('GET /v1/jobs/1', text('{"error":{"message":"from json"}}', 'text/plain', 400));
    const api = wire();
    try {
      const error = await failure(api.request('GET', '/jobs/1'));
      expect(error.message).toBe('GET /jobs/1 failed with 400: {"error":{"message":"from json"}}');
    } finally {
      await api.close();
    }
  });

  it('a status below 200 from a transport is an error, never an answer', async () => {
    const transport = new ScriptedTransport(() => reply(199, '{"id":1}'));
    const api = scripted(transport, fakeClock());
    const error = await failure(api.request('GET', '/jobs/1'));
    expect(error).toMatchObject({ kind: 'http_error', status: 199 });
  });

  it('an answer of too many JSON values is refused with no field details', async () => {
    const transport = new ScriptedTransport(() => reply(200, JSON.stringify(Array.from({ length: 101 }, () => 0))));
    const api = scripted(transport, fakeClock(), { maxResponseBytes: 12_800 });
    const error = await failure(api.request('GET', '/jobs/1'));
    expect(error).toMatchObject({ kind: 'too_large', status: 200, details: [] });
  });
});

describe('the waits between attempts', () => {
  it('does not make a wait that would end exactly at the deadline, and makes one that ends a millisecond before', async () => {
    // At random 0 and the default policy the first backoff is 150 ms.
    for (const [requestMs, attempts] of [
      [150, 1],
      [151, 2],
    ] as const) {
      const clock = fakeClock();
      const transport = new ScriptedTransport((_s, n) => (n === 1 ? reply(503, '{"error":{"message":"busy"}}') : reply(200, '{"id":1}')));
      const api = scripted(transport, clock, { timeouts: { requestMs } });
      const outcome = await api.request('GET', '/jobs/1').then(
        (res) => res.attempts,
        (e: unknown) => (e as ApiError).kind,
      );
      expect(outcome, `requestMs ${requestMs}`).toBe(attempts === 1 ? 'unavailable' : 2);
      expect(transport.sent).toHaveLength(attempts);
    }
  });

  it('ends a request at once when the shared pause ends exactly at its deadline; a millisecond earlier, it waits', async () => {
    for (const [later, outcome] of [
      [10_000, 'timeout'],
      [9_999, 'answered'],
    ] as const) {
      // The clock stands through the long wait of the request that got the 429, so the pause is still ahead.
      const clock = fakeClock();
      const sleep = async (ms: number) => {
        clock.sleeps.push(ms);
        if (ms < 1000) clock.now += ms;
      };
      let answerSlow: (r: TransportResponse) => void = () => undefined;
      let slowSent: () => void = () => undefined;
      const slowArrived = new Promise<void>((resolve) => (slowSent = resolve));
      const transport = new ScriptedTransport((sent, n) => {
        if (sent.url.endsWith('/limited')) return n === 2 ? reply(429, '{}', { 'content-type': 'application/json', 'retry-after': '50' }) : reply(200, '{}');
        if (n === 1) {
          slowSent();
          return new Promise<TransportResponse>((resolve) => (answerSlow = resolve));
        }
        return reply(200, '{"slow":true}');
      });
      const api = scripted(transport, clock, { sleep, timeouts: { requestMs: 60_000 } });
      // The slow request starts at 1,000,000: its deadline is 1,060,000.
      const slow = api.request('GET', '/slow').then(
        () => 'answered',
        (e: unknown) => e,
      );
      await slowArrived;
      // Later, another request gets a 429 asking for 50 s: every request pauses until `later` + 50 s.
      clock.now += later;
      await api.request('GET', '/limited');
      // The slow one then gets a 503; after its 150 ms backoff the pause is still ahead.
      answerSlow(reply(503, '{"error":{"message":"busy"}}'));
      const result = await slow;
      if (outcome === 'answered') {
        expect(result).toBe('answered');
        expect(clock.sleeps).toEqual([50_000, 150, 49_850]);
      } else {
        expect(result).toBeInstanceOf(ApiError);
        const error = result as ApiError;
        expect(error).toMatchObject({ kind: 'timeout', status: null, details: [], failure: { method: 'GET', path: '/slow', attempts: 1 } });
        expect(error.message).toBe(
          "GET /slow failed: the service asked to wait 49.9 s (Retry-After), which passes the request's deadline",
        );
        expect(clock.sleeps).toEqual([50_000, 150]);
        expect(transport.sent.filter((s) => s.url.endsWith('/slow'))).toHaveLength(1);
      }
    }
  });

  it("a 429's pause delays the next request only while it lasts", async () => {
    const clock = fakeClock();
    const transport = new ScriptedTransport((_s, n) => (n === 1 ? reply(429, '{}', { 'content-type': 'application/json', 'retry-after': '1' }) : reply(200, '{}')));
    const api = scripted(transport, clock);
    await api.request('GET', '/jobs/1');
    await api.request('GET', '/jobs/2');
    expect(clock.sleeps).toEqual([1000]);
  });

  it.each([
    ['a 503 with Retry-After', reply(503, '{}', { 'content-type': 'application/json', 'retry-after': '2' }), 2000],
    ['a 429 without Retry-After', reply(429, '{}'), 150],
  ])("%s delays only the request that got it, not the client's next one", async (_name, first, ms) => {
    // A clock that stands: a pause set for the whole client would still be ahead for the next request.
    const clock = fakeClock();
    const sleep = async (wait: number) => void clock.sleeps.push(wait);
    const notices: RetryNotice[] = [];
    const transport = new ScriptedTransport((_s, n) => (n === 1 ? first : reply(200, '{}')));
    const api = scripted(transport, clock, { sleep, onRetry: (n) => notices.push(n) });
    await api.request('GET', '/jobs/1');
    await api.request('GET', '/jobs/2');
    expect(clock.sleeps).toEqual([ms]);
    expect(notices).toEqual([{ method: 'GET', path: '/jobs/1', cause: first.statusCode, delayMs: ms, attempt: 2, maxAttempts: 5 }]);
  });

  it('gives up on a Retry-After longer than the cap with no field details', async () => {
    const transport = new ScriptedTransport(() => reply(429, '{}', { 'content-type': 'application/json', 'retry-after': '61' }));
    const error = await failure(scripted(transport, fakeClock()).request('GET', '/jobs/1'));
    expect(error).toMatchObject({ kind: 'wait_too_long', status: 429, details: [] });
  });
});

describe('--verbose lines and retry notices', () => {
  it('times each attempt, a network error included, and announces the retry after it', async () => {
    const clock = fakeClock();
    const transport = new ScriptedTransport(
      (_s, n) => {
        if (n === 1) throw Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' });
        return reply(200, '{"id":1}', { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      },
      () => (clock.now += 25),
    );
    const lines: string[] = [];
    const notices: RetryNotice[] = [];
    const api = scripted(transport, clock, { log: (l) => lines.push(l), onRetry: (n) => notices.push(n) });
    const res = await api.request('POST', '/jobs', { body: { title: 'x' }, idempotencyKey: 'k-1' });
    expect(res).toMatchObject({ status: 200, attempts: 2, replayed: true });
    expect(lines).toEqual([
      '> POST http://api.test/v1/jobs attempt=1 idempotency-key=k-1',
      '< network error POST http://api.test/v1/jobs 25ms attempt=1: socket hang up',
      '> POST http://api.test/v1/jobs attempt=2 idempotency-key=k-1',
      '< 200 POST http://api.test/v1/jobs 25ms attempt=2 replayed',
    ]);
    expect(notices).toEqual([{ method: 'POST', path: '/jobs', cause: 'socket hang up', delayMs: 150, attempt: 2, maxAttempts: 5 }]);
    expect(clock.sleeps).toEqual([150]);
  });
});

describe('close()', () => {
  it('leaves a transport it was given open: whoever shares it closes it', async () => {
    const transport = new ScriptedTransport(() => reply(200, '{}'));
    const api = scripted(transport, fakeClock());
    await api.request('GET', '/jobs/1');
    await api.close();
    expect(transport.closes).toBe(0);
  });

  it("ends the keep-alive connections of the client's own transport", async () => {
    const sockets: Socket[] = [];
    const local = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    local.keepAliveTimeout = 60_000; // the server would keep the connection; only the client ends it
    local.on('connection', (socket: Socket) => sockets.push(socket));
    await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
    const api = new ApiClient({ baseUrl: `http://127.0.0.1:${(local.address() as AddressInfo).port}/v1`, token: 't', userAgent: 'u' });
    try {
      await api.request('GET', '/jobs/1');
      expect(sockets).toHaveLength(1);
      const ended = new Promise<string>((resolve) => sockets[0]!.once('close', () => resolve('closed')));
      await api.close();
      let guard: NodeJS.Timeout | undefined;
      const stillOpen = new Promise<string>((resolve) => (guard = setTimeout(() => resolve('still open'), 5000)));
      expect(await Promise.race([ended, stillOpen])).toBe('closed');
      clearTimeout(guard);
    } finally {
      local.closeAllConnections();
      await new Promise((resolve) => local.close(resolve));
    }
  });
});
