// A hostile server in front of the sandbox: each request is passed on as it is, unless the test's
// script answers it itself, after passing it on (the service did the work, the client hears
// something else) or without (nothing was done). Every request is recorded with its
// Idempotency-Key and Content-Type, whether it was passed on, and what the sandbox and the client got.
import { createServer, type IncomingMessage } from 'node:http';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { forward as passOn, passHeaders, readBody, useListening } from './fake-server.js';

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

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);

/** A scripted proxy in front of `sandbox`, started before the file's tests and closed after them. */
export function useScriptedProxy(sandbox: { readonly current: RunningSandbox }): ScriptedProxy {
  const proxy: ScriptedProxy = {
    get baseUrl() {
      return `${listening.current.origin}/v1`;
    },
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
    const upstream = await passOn(sandbox.current.origin, req, body);
    return { status: upstream.status, headers: passHeaders(upstream.headers, HOP_BY_HOP), text: upstream.text };
  };

  const server = createServer((req, res) => {
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
  const listening = useListening(server);
  return proxy;
}

/** The title in a create request's body. */
export function titleOf(exchange: Incoming): string {
  return (JSON.parse(exchange.body) as { title: string }).title;
}
