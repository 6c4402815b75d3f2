import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Transport } from '../../src/api/http.js';
import { listenLocal, type Listening } from '../helpers/fake-server.js';
import { settled } from '../helpers/settled.js';

let server: Listening | undefined;
let transport: Transport | undefined;

afterEach(async () => {
  vi.useRealTimers();
  transport?.close();
  await server?.close();
  server = undefined;
});

async function serve(handler: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<string> {
  const http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handler(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  server = await listenLocal(http);
  return server.origin;
}

function make(timeouts: Partial<{ headers: number; body: number; maxBytes: number }> = {}): Transport {
  transport = new Transport({
    connectTimeoutMs: 1000,
    headersTimeoutMs: timeouts.headers ?? 1000,
    bodyTimeoutMs: timeouts.body ?? 1000,
    maxResponseBytes: timeouts.maxBytes ?? 1024 * 1024,
    maxSockets: 4,
  });
  return transport;
}

describe('HTTP transport', () => {
  it('sends text and bytes with their length, not chunked, each to its own path', async () => {
    const seen: string[] = [];
    const base = await serve((req, res, body) => {
      seen.push(`${req.method} ${req.url} ${req.headers['content-length']} ${req.headers['transfer-encoding'] ?? '-'} ${body}`);
      res.end('{"ok":true}');
    });
    const t = make();
    const text = await t.send(`${base}/v1/jobs`, { method: 'POST', headers: {}, body: '{"title":"Café"}' });
    await t.send(`${base}/v1/jobs`, { method: 'POST', headers: {}, body: Buffer.from('{"title":"Tea"}') });
    await t.send(`${base}/v1/jobs/1?x=2`, { method: 'GET', headers: {} });
    expect(text).toMatchObject({ statusCode: 200, text: '{"ok":true}' });
    expect(seen).toEqual(['POST /v1/jobs 17 - {"title":"Café"}', 'POST /v1/jobs 15 - {"title":"Tea"}', 'GET /v1/jobs/1?x=2 undefined - ']);
  });

  it('gives up on a server that does not answer, naming the wait', async () => {
    const base = await serve(() => undefined);
    await expect(make({ headers: 50 }).send(`${base}/slow`, { method: 'GET', headers: {} })).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: 'waiting for the response timed out after 50 ms',
    });
  });

  it("ends a request at its overall deadline, checked as often as the usual deadline needs (not once a second)", async () => {
    // On a clock that moves only when told (Date and the sweep's interval are fake; the sockets real).
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    let received = 0;
    const base = await serve(() => void received++);
    transport = new Transport({ connectTimeoutMs: 10_000, headersTimeoutMs: 10_000, bodyTimeoutMs: 10_000, maxResponseBytes: 1024, requestTimeoutMs: 100, maxSockets: 4 });
    const pending = transport.send(`${base}/slow`, { method: 'GET', headers: {}, deadline: Date.now() + 100 });
    pending.catch(() => undefined);
    while (received === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    vi.advanceTimersByTime(99);
    expect(await settled(pending)).toBe(false);
    // Checked every 10 ms: by one check after the deadline, well before the one-second tick that
    // the 10 s limits alone would give.
    vi.advanceTimersByTime(11);
    expect(await settled(pending)).toBe(true);
    await expect(pending).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: "no complete answer by the request's deadline (waiting for the response)",
    });
  });

  it('times out the one stuck request while many others come and go beside it', async () => {
    const base = await serve((req, res) => {
      if (req.url !== '/stuck') res.end(req.url);
    });
    const t = make({ headers: 150 });
    const stuck = t.send(`${base}/stuck`, { method: 'GET', headers: {} });
    // Awaited below; on a loaded machine it fails before the thirty are done, and must not count as unhandled then.
    stuck.catch(() => undefined);
    const answers: string[] = [];
    // Three at a time, thirty in all: the watch slots of ended requests are reused.
    for (let round = 0; round < 10; round++) {
      const three = await Promise.all([0, 1, 2].map((k) => t.send(`${base}/r${round * 3 + k}`, { method: 'GET', headers: {} })));
      answers.push(...three.map((r) => r.text));
    }
    await expect(stuck).rejects.toMatchObject({ code: 'ETIMEDOUT', message: 'waiting for the response timed out after 150 ms' });
    expect(answers).toEqual(Array.from({ length: 30 }, (_, i) => `/r${i}`));
    await expect(t.send(`${base}/after`, { method: 'GET', headers: {} })).resolves.toMatchObject({ text: '/after' });
  });

  it('gives up on a body that stops arriving, but not on one that keeps coming', async () => {
    const base = await serve((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('a');
      if (req.url === '/stall') return;
      // Ten pieces 30 ms apart: longer than the 200 ms limit in all, never 200 ms without data (a
      // margin wide enough for a loaded machine).
      let sent = 1;
      const timer = setInterval(() => {
        res.write('b');
        if (++sent === 10) {
          clearInterval(timer);
          res.end();
        }
      }, 30);
    });
    const t = make({ body: 200 });
    await expect(t.send(`${base}/stall`, { method: 'GET', headers: {} })).rejects.toMatchObject({
      code: 'ETIMEDOUT',
      message: 'reading the response timed out after 200 ms',
    });
    await expect(t.send(`${base}/trickle`, { method: 'GET', headers: {} })).resolves.toMatchObject({ text: 'abbbbbbbbb' });
  });

  it('reports a connection closed in the middle of a response', async () => {
    const base = await serve((_req, res) => {
      res.writeHead(200, { 'content-length': '100' });
      res.write('partial');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    await expect(make().send(`${base}/cut`, { method: 'GET', headers: {} })).rejects.toMatchObject({
      code: 'ECONNRESET',
      message: 'the connection closed during the response',
    });
  });
});

describe('HTTP transport headers', () => {
  it('sends Host (with a non-default port) and Content-Length 0 for an empty POST, and never credentials from the URL', async () => {
    const seen: Record<string, string | undefined>[] = [];
    const base = await serve((req, res) => {
      seen.push({ host: req.headers.host, authorization: req.headers.authorization, length: req.headers['content-length'], te: req.headers['transfer-encoding'] });
      res.writeHead(200, { 'X-Answer': 'yes', 'Content-Type': 'text/plain' });
      res.end('ok');
    });
    const port = new URL(base).port;
    const t = make();
    const res = await t.send(`http://user:p%40ss@127.0.0.1:${port}/a`, { method: 'POST', headers: {} });
    await t.send(`${base}/b`, { method: 'GET', headers: { Authorization: 'Bearer t', Host: 'api.example' } });
    expect(seen).toEqual([
      { host: `127.0.0.1:${port}`, authorization: undefined, length: '0', te: undefined },
      { host: 'api.example', authorization: 'Bearer t', length: undefined, te: undefined },
    ]);
    // Response headers by name in any case.
    expect(res.header('x-answer')).toBe('yes');
    expect(res.header('content-type')).toBe('text/plain');
    expect(res.header('retry-after')).toBeUndefined();
  });

  it('refuses a header value with a line break before anything is sent', async () => {
    let requests = 0;
    const base = await serve((_req, res) => {
      requests++;
      res.end();
    });
    await expect(make().send(`${base}/x`, { method: 'GET', headers: { 'x-bad': 'a\r\nb' } })).rejects.toMatchObject({ code: 'ERR_INVALID_CHAR' });
    expect(requests).toBe(0);
  });
});
