// The transport's details that the other tests leave open, each seen from outside: the headers on
// the wire, the phase a timeout names, connection reuse, the early size refusal, decoding, close(),
// and the sweep timer that runs only while requests are in flight. Found by mutation testing
// (docs/testing.md); every server here is a local one on 127.0.0.1 (or ::1), port 0.
import dns from 'node:dns';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { Transport, type TransportOptions } from '../../src/api/http.js';
import { listenLocal, type Listening } from '../helpers/fake-server.js';
import { settled } from '../helpers/settled.js';

interface Got {
  method: string;
  url: string;
  /** Header names lower-cased, with their values, in the order sent. */
  raw: [string, string][];
  body: string;
}

let server: Listening | undefined;
let transport: Transport | undefined;
let connections = 0;
const got: Got[] = [];

afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  transport?.close();
  transport = undefined;
  await server?.close();
  server = undefined;
  connections = 0;
  got.length = 0;
});

/** A server that records each request, then hands it to `handler` once its body has arrived. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void, host = '127.0.0.1'): Promise<string> {
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw: [string, string][] = [];
      for (let i = 0; i < req.rawHeaders.length; i += 2) raw.push([req.rawHeaders[i]!.toLowerCase(), req.rawHeaders[i + 1]!]);
      got.push({ method: req.method ?? '', url: req.url ?? '', raw, body: Buffer.concat(chunks).toString('utf8') });
      handler(req, res);
    });
  });
  http.on('connection', () => connections++);
  server = await listenLocal(http, host);
  return server.origin;
}

function make(options: Partial<TransportOptions> = {}): Transport {
  transport = new Transport({ connectTimeoutMs: 1000, headersTimeoutMs: 1000, bodyTimeoutMs: 1000, maxResponseBytes: 1024 * 1024, maxSockets: 4, ...options });
  return transport;
}

/** The values of header `name` in request `n`. */
const values = (n: number, name: string) => got[n]!.raw.filter(([k]) => k === name).map(([, v]) => v);

/** Resolves once the server has received `n` requests. */
async function received(n: number): Promise<void> {
  while (got.length < n) await new Promise((resolve) => setImmediate(resolve));
}

/** `promise`, or a rejection saying it never settled within `ms` (the guard of a would-be hang). */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`not settled within ${ms} ms`)), ms);
  });
  return Promise.race([promise, guard]).finally(() => clearTimeout(timer));
}

describe('the headers on the wire', () => {
  it("sends each of Host and Content-Length once: a caller's own, in any case, replaces the one it would add", async () => {
    const base = await serve((_req, res) => res.end('ok'));
    const t = make();
    await t.send(`${base}/a`, { method: 'POST', headers: { HOST: 'api.example', 'Content-Length': '5' }, body: 'hello' });
    await t.send(`${base}/b`, { method: 'PUT', headers: { host: 'other.example', 'content-LENGTH': '0' } });
    expect(values(0, 'host')).toEqual(['api.example']);
    expect(values(0, 'content-length')).toEqual(['5']);
    expect(got[0]!.body).toBe('hello');
    expect(values(1, 'host')).toEqual(['other.example']);
    expect(values(1, 'content-length')).toEqual(['0']);
    expect(values(1, 'transfer-encoding')).toEqual([]);
  });

  it('says Content-Length: 0 for an empty POST, PUT and PATCH (in any case), never chunked; nothing for an empty GET or DELETE', async () => {
    const base = await serve((_req, res) => res.end());
    const t = make();
    for (const method of ['POST', 'PUT', 'PATCH', 'patch', 'GET', 'DELETE']) await t.send(`${base}/x`, { method, headers: {} });
    expect(got.map((_, n) => `${values(n, 'content-length').join(',') || '-'} ${values(n, 'transfer-encoding').join(',') || '-'}`)).toEqual([
      '0 -',
      '0 -',
      '0 -',
      '0 -',
      '- -',
      '- -',
    ]);
  });

  it("keeps a caller's Content-Type (in any case) on a body, and adds application/json only when there is none", async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    const api = new ApiClient({ baseUrl: `${base}/v1`, token: 't', userAgent: 'mutants', retry: { maxAttempts: 1 } });
    try {
      await api.request('POST', '/imports', { body: 'a,b\n1,2\n', headers: { 'Content-Type': 'text/csv' } });
      await api.request('POST', '/jobs', { body: { title: 'x' }, headers: { Accept: 'application/json' } });
    } finally {
      await api.close();
    }
    expect(values(0, 'content-type')).toEqual(['text/csv']);
    expect(got[0]!.body).toBe('a,b\n1,2\n');
    expect(values(1, 'content-type')).toEqual(['application/json']);
  });

  it('connects to an IPv6 address given in brackets, and says it so in Host', async () => {
    const base = await serve((_req, res) => res.end('six'), '::1');
    const res = await make().send(`${base}/v6`, { method: 'GET', headers: {} });
    expect(res.text).toBe('six');
    expect(values(0, 'host')).toEqual([new URL(base).host]);
  });
});

describe('the response body', () => {
  it('reads an empty body as empty text', async () => {
    const base = await serve((req, res) => {
      res.writeHead(req.url === '/none' ? 204 : 200);
      res.end();
    });
    const t = make();
    await expect(t.send(`${base}/none`, { method: 'GET', headers: {} })).resolves.toMatchObject({ statusCode: 204, text: '' });
    await expect(t.send(`${base}/empty`, { method: 'GET', headers: {} })).resolves.toMatchObject({ statusCode: 200, text: '' });
  });

  it('decodes a character split between chunks whole, and a body cut inside a character ends in U+FFFD', async () => {
    const e = Buffer.from('é'); // two bytes
    const base = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write(Buffer.concat([Buffer.from('caf'), e.subarray(0, 1)]));
      setImmediate(() => (req.url === '/whole' ? res.end(Buffer.concat([e.subarray(1), Buffer.from('!')])) : res.end()));
    });
    const t = make();
    await expect(t.send(`${base}/whole`, { method: 'GET', headers: {} })).resolves.toMatchObject({ text: 'café!' });
    await expect(t.send(`${base}/cut`, { method: 'GET', headers: {} })).resolves.toMatchObject({ text: 'caf\ufffd' });
  });

  it('refuses at once an answer whose Content-Length is over the cap, without waiting for its body', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '2000' });
      res.write('0123456789'); // and nothing more
    });
    // A body limit far longer than the test: a refusal only after reading would be a timeout.
    const error = await within(make({ maxResponseBytes: 1000, bodyTimeoutMs: 10_000 }).send(`${base}/big`, { method: 'GET', headers: {} }), 5000).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ERESPONSETOOLARGE', message: 'the service sent more than 1000 bytes; stopped reading' });
  });
});

describe('connections', () => {
  it('sends one request after another over one kept-alive connection, whatever the path', async () => {
    const base = await serve((req, res) => res.end(req.url));
    const t = make();
    const texts: string[] = [];
    for (const path of ['/a', '/b?x=1', '/a']) texts.push((await t.send(`${base}${path}`, { method: 'GET', headers: {} })).text);
    expect(texts).toEqual(['/a', '/b?x=1', '/a']);
    expect(connections).toBe(1);
  });

  it('close() fails a request in flight at once, and a request after it opens a new connection', async () => {
    const base = await serve((req, res) => {
      if (req.url !== '/stuck') res.end('fine');
    });
    const t = make({ headersTimeoutMs: 10_000 });
    const stuck = t.send(`${base}/stuck`, { method: 'GET', headers: {} });
    await received(1);
    t.close();
    await expect(within(stuck, 5000)).rejects.toMatchObject({ code: 'ECONNRESET' });
    await expect(t.send(`${base}/next`, { method: 'GET', headers: {} })).resolves.toMatchObject({ text: 'fine' });
    expect(connections).toBe(2);
  });
});

describe('the phase a timeout names', () => {
  it('times a request on a reused connection by the response limit from its start', async () => {
    const base = await serve((req, res) => {
      if (req.url !== '/stuck') res.end('ok');
    });
    const t = make({ connectTimeoutMs: 5000, headersTimeoutMs: 50 });
    await t.send(`${base}/first`, { method: 'GET', headers: {} });
    await expect(t.send(`${base}/stuck`, { method: 'GET', headers: {} })).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: 'waiting for the response timed out after 50 ms',
    });
    expect(connections).toBe(1);
  });

  it('times a connection whose name lookup never ends by the connect limit', async () => {
    vi.spyOn(dns, 'lookup').mockImplementation((() => undefined) as unknown as typeof dns.lookup);
    await expect(make({ connectTimeoutMs: 50, headersTimeoutMs: 5000 }).send('http://never.example.test:9/x', { method: 'GET', headers: {} })).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: 'connecting timed out after 50 ms',
    });
  });

  it('counts a wait for a free connection as connecting, and ends it at the deadline', async () => {
    let release: (() => void) | undefined;
    const base = await serve((_req, res) => {
      release = () => res.end('held');
    });
    // One connection; limits of 10 s, a deadline of 100 ms (checked every 10 ms).
    const t = make({ maxSockets: 1, connectTimeoutMs: 10_000, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000, requestTimeoutMs: 100 });
    const first = t.send(`${base}/first`, { method: 'GET', headers: {} });
    await received(1);
    await expect(t.send(`${base}/second`, { method: 'GET', headers: {}, deadline: Date.now() + 100 })).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: "no complete answer by the request's deadline (connecting)",
    });
    release!();
    await expect(first).resolves.toMatchObject({ text: 'held' });
    expect(got.map((g) => g.url)).toEqual(['/first']);
  });

  it('still times out a stuck request after an earlier one timed out and freed its place twice over', async () => {
    const base = await serve((req, res) => {
      if (req.url !== '/stuck') res.end('ok');
    });
    const t = make({ headersTimeoutMs: 300 });
    const timedOut = { code: 'ETIMEDOUT', message: 'waiting for the response timed out after 300 ms' };
    await expect(t.send(`${base}/stuck`, { method: 'GET', headers: {} })).rejects.toMatchObject(timedOut);
    const stuck = t.send(`${base}/stuck`, { method: 'GET', headers: {} });
    await expect(t.send(`${base}/ok`, { method: 'GET', headers: {} })).resolves.toMatchObject({ text: 'ok' });
    await expect(within(stuck, 5000)).rejects.toMatchObject(timedOut);
  });
});

describe('the sweep timer', () => {
  it('runs only while a request is in flight, through answers, timeouts and close()', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let release: (() => void) | undefined;
    const base = await serve((req, res) => {
      if (req.url === '/held') release = () => res.end('held');
      else if (req.url === '/refused') res.writeHead(404).end();
      else res.end('ok');
    });
    const t = make();
    expect(vi.getTimerCount()).toBe(0);
    await t.send(`${base}/a`, { method: 'GET', headers: {} });
    expect(vi.getTimerCount()).toBe(0);
    const held = t.send(`${base}/held`, { method: 'GET', headers: {} });
    await received(2);
    expect(vi.getTimerCount()).toBe(1);
    await Promise.all([t.send(`${base}/b`, { method: 'GET', headers: {} }), t.send(`${base}/c`, { method: 'GET', headers: {} })]);
    expect(vi.getTimerCount()).toBe(1); // the held request is still in flight
    release!();
    await held;
    expect(vi.getTimerCount()).toBe(0);
    await t.send(`${base}/refused`, { method: 'GET', headers: {} });
    expect(vi.getTimerCount()).toBe(0);
    const stuck = t.send(`${base}/held`, { method: 'GET', headers: {} });
    await received(6);
    t.close();
    await expect(stuck).rejects.toMatchObject({ code: 'ECONNRESET' });
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('a limit, on a clock that moves only when told', () => {
  it.each([
    ['the phase limit', { headersTimeoutMs: 50 }, undefined, 50, 'waiting for the response timed out after 50 ms'],
    ['the deadline', { requestTimeoutMs: 30 }, 30, 30, "no complete answer by the request's deadline (waiting for the response)"],
  ])('ends a request when exactly %s has passed, not a check later', async (_name, limits, deadlineIn, ms, message) => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    const base = await serve(() => undefined);
    const t = make(limits); // checked every 5 ms
    const pending = t.send(`${base}/silent`, { method: 'GET', headers: {}, ...(deadlineIn ? { deadline: Date.now() + deadlineIn } : {}) });
    pending.catch(() => undefined);
    await received(1);
    vi.advanceTimersByTime(ms - 1);
    expect(await settled(pending)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(pending)).toBe(true);
    await expect(pending).rejects.toMatchObject({ code: 'ETIMEDOUT', message });
  });
});
