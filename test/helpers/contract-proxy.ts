// A validating proxy built from docs/openapi.yaml, between a client and the sandbox (as Prism's
// proxy mode is; Prism 5 needs Node 24): every request is checked against its operation
// (test/helpers/openapi-request.ts), forwarded unchanged, and its response checked against the
// document (test/helpers/openapi.ts) before the client gets it. Problems are recorded, not thrown,
// so the client sees exactly what the sandbox answered.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { request } from 'undici';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { assertMatchesOpenApi } from './openapi.js';
import { requestProblems } from './openapi-request.js';

export interface Exchange {
  method: string;
  target: string;
  status: number;
  requestProblems: string[];
  responseProblems: string[];
  /** Request problems the test declared it sends on purpose (see ContractProxy.sendingInvalid). */
  expected: boolean;
}

export interface ContractProxy {
  /** The proxy's base URL for the API, `<origin>/v1`. */
  readonly baseUrl: string;
  readonly exchanges: Exchange[];
  /** Every problem of every exchange but the request problems a test declared. */
  violations(): string[];
  /** Runs `fn`, whose requests break the document on purpose; returns their request problems. */
  sendingInvalid(fn: () => Promise<unknown>): Promise<string[]>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'host', 'content-length', 'upgrade']);

async function readAll(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

function forwardable(headers: Record<string, string | string[] | undefined>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !HOP_BY_HOP.has(name.toLowerCase())) out[name] = value;
  return out;
}

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** A proxy to the file's sandbox, started before its tests and stopped after them. */
export function useContractProxy(sandbox: { readonly current: RunningSandbox }): ContractProxy {
  let server: Server | undefined;
  let origin = '';
  let expecting = false;
  const exchanges: Exchange[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      void (async () => {
        const method = req.method ?? 'GET';
        const target = req.url ?? '/';
        const body = await readAll(req);
        const exchange: Exchange = {
          method,
          target,
          status: 0,
          requestProblems: requestProblems(method, target, req.headers, body),
          responseProblems: [],
          expected: expecting,
        };
        exchanges.push(exchange);
        try {
          const upstream = await request(`${sandbox.current.origin}${target}`, {
            method: method as 'GET',
            headers: forwardable(req.headers),
            body: body.length > 0 ? body : undefined,
          });
          const bytes = Buffer.from(await upstream.body.arrayBuffer());
          exchange.status = upstream.statusCode;
          try {
            assertMatchesOpenApi(method, target, { status: upstream.statusCode, headers: upstream.headers, body: parseJson(bytes.toString('utf8')) });
          } catch (error) {
            exchange.responseProblems.push(error instanceof Error ? error.message : String(error));
          }
          res.writeHead(upstream.statusCode, { ...forwardable(upstream.headers), 'content-length': String(bytes.length) });
          res.end(bytes);
        } catch (error) {
          exchange.responseProblems.push(`no response: ${error instanceof Error ? error.message : String(error)}`);
          res.socket?.destroy();
        }
      })();
    });
    await new Promise<void>((done) => server!.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((done) => server?.close(done));
  });

  return {
    get baseUrl() {
      return `${origin}/v1`;
    },
    exchanges,
    violations() {
      return exchanges.flatMap((e) => [
        ...(e.expected ? [] : e.requestProblems.map((p) => `request ${e.method} ${e.target}: ${p}`)),
        ...e.responseProblems.map((p) => `response to ${e.method} ${e.target} (${e.status}): ${p}`),
      ]);
    },
    async sendingInvalid(fn) {
      const from = exchanges.length;
      expecting = true;
      try {
        await fn();
      } finally {
        expecting = false;
      }
      return exchanges.slice(from).flatMap((e) => e.requestProblems);
    },
  };
}
