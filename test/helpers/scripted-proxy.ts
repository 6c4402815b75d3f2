// A hostile server in front of the sandbox: each request is passed on as it is, unless the test's
// script answers it itself, after passing it on (the service did the work, the client hears
// something else) or without (nothing was done). Every request is recorded with its
// Idempotency-Key and Content-Type, whether it was passed on, and what the sandbox and the client got.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { request } from 'undici';
import type { RunningSandbox } from '../../src/sandbox/index.js';

export interface Incoming {
  method: string;
  /** Relative to the base URL: /jobs, /jobs/1... */
  path: string;
  key: string | undefined;
  /** The Content-Type header as sent, if any. */
  contentType: string | undefined;
  body: string;
}

export interface Scripted {
  /** Pass the request on to the sandbox first; its answer is then replaced by this one. */
  forward: boolean;
  status: number;
  headers?: Record<string, string>;
  /** The body; a function gets the sandbox's answer (undefined when not passed on). */
  body?: string | ((upstream: string | undefined) => string);
}

export interface Exchange extends Incoming {
  forwarded: boolean;
  /** What the sandbox answered, when the request reached it. */
  upstreamStatus: number | null;
  /** What the client got. */
  status: number;
}

export interface ScriptedProxy {
  baseUrl: string;
  exchanges: Exchange[];
  /** The answer to a request, or undefined to pass it on as it is. */
  script: ((req: Incoming) => Scripted | undefined) | undefined;
  reset(): void;
  /** The POST /jobs requests seen since the last reset. */
  creates(): Exchange[];
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** A scripted proxy in front of `sandbox`, started before the file's tests and closed after them. */
export function useScriptedProxy(sandbox: { readonly current: RunningSandbox }): ScriptedProxy {
  let server: Server;
  const proxy: ScriptedProxy = {
    baseUrl: '',
    exchanges: [],
    script: undefined,
    reset() {
      proxy.exchanges.length = 0;
    },
    creates() {
      return proxy.exchanges.filter((e) => e.method === 'POST' && e.path === '/jobs');
    },
  };

  const forward = async (req: IncomingMessage, body: Buffer) => {
    const headers = { ...req.headers };
    delete headers.host;
    delete headers.connection;
    const upstream = await request(`${sandbox.current.origin}${req.url}`, {
      method: req.method as 'GET',
      headers: headers as Record<string, string>,
      body: body.length ? body : undefined,
    });
    const text = await upstream.body.text();
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(upstream.headers)) if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = String(value);
    return { status: upstream.statusCode, headers: out, text };
  };

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const body = await readBody(req);
        const key = req.headers['idempotency-key'];
        const incoming: Incoming = {
          method: req.method ?? '',
          path: (req.url ?? '').replace(/^\/v1/, ''),
          key: typeof key === 'string' ? key : undefined,
          contentType: req.headers['content-type'],
          body: body.toString('utf8'),
        };
        const scripted = proxy.script?.(incoming);
        const upstream = !scripted || scripted.forward ? await forward(req, body) : undefined;
        const status = scripted ? scripted.status : upstream!.status;
        const headers = scripted ? (scripted.headers ?? {}) : upstream!.headers;
        const text = scripted ? (typeof scripted.body === 'function' ? scripted.body(upstream?.text) : (scripted.body ?? '')) : upstream!.text;
        proxy.exchanges.push({ ...incoming, forwarded: upstream !== undefined, upstreamStatus: upstream?.status ?? null, status });
        res.writeHead(status, headers).end(text);
      })().catch((error: Error) => res.destroy(error));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    proxy.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  });
  return proxy;
}

/** The title in a create request's body. */
export function titleOf(exchange: Incoming): string {
  return (JSON.parse(exchange.body) as { title: string }).title;
}
