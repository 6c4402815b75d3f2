// The sandbox's HTTP server: routing, authentication, faults, idempotency, JSON in and out.
// A HEAD request is answered as its GET, with the same headers (Content-Length too) and no body.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNTS, findToken } from './accounts.js';
import { answerRefusedRequests } from './client-error.js';
import type { Faults } from './faults.js';
import { HttpError } from './http-error.js';
import { checkKey, fingerprint, keyInFlightError, keyReusedError } from './idempotency.js';
import type { RateLimiter } from './rate-limit.js';
import { readBody } from './request-body.js';
import type { RouteResponse } from './route.js';
import { findAdminRoute, findApiRoute, isApiPath, parseTarget } from './route-table.js';
import type { SandboxStore } from './store.js';

interface Answer extends RouteResponse {
  /** Destroy the connection instead of answering (the `reset` and `drop` faults). */
  destroy?: boolean;
}

export function createSandboxServer(store: SandboxStore, faults: Faults, limiter: RateLimiter): Server {
  let requestCounter = 0;
  const nextRequestId = () => `req_${(++requestCounter).toString(36)}`;
  const server = createServer((req, res) => {
    const requestId = nextRequestId();
    handle(req, store, faults, limiter).then(
      (answer) => send(res, answer, requestId),
      (error: unknown) => send(res, errorAnswer(error, store.log), requestId),
    );
  });
  server.keepAliveTimeout = 30_000;
  answerRefusedRequests(server, nextRequestId);
  return server;
}

function errorAnswer(error: unknown, log: (line: string) => void): Answer {
  if (error instanceof HttpError) return { status: error.status, body: error.toBody(), headers: error.headers };
  log(`sandbox: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return { status: 500, body: { error: { code: 'internal_error', message: 'The sandbox failed unexpectedly' } } };
}

function send(res: ServerResponse, answer: Answer, requestId: string): void {
  if (answer.destroy) {
    res.socket?.destroy();
    return;
  }
  const payload = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
  res.writeHead(answer.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    'x-request-id': requestId,
    ...answer.headers,
  });
  res.end(payload);
}

async function handle(req: IncomingMessage, store: SandboxStore, faults: Faults, limiter: RateLimiter): Promise<Answer> {
  // HEAD is carried out as GET, down to the words of an error, so that its headers (Content-Length
  // too) are the GET's; Node leaves the body out of the response to a HEAD request.
  const method = req.method === 'HEAD' ? 'GET' : (req.method ?? 'GET');
  const url = parseTarget(req.url ?? '/');
  if (isApiPath(url.pathname)) return handleApi(req, method, url, store, faults, limiter);
  // Admin routes: no faults, no authentication, no rate limit (docs/decisions.md, "Sandbox").
  const { route, params } = findAdminRoute(method, url.pathname).match;
  const body = await readBody(req);
  const run = () => route.handle({ params, body, store, faults, limiter });
  store.refresh();
  return method === 'GET' ? run() : store.transaction(run);
}

/**
 * A /v1 request, refused at the first check it fails, in this order (docs/decisions.md, "Order of
 * the checks"): an injected fault; 401 without a valid credential; 429 past the token's rate limit;
 * 404 or 405 without a route; 403 without the route's permission; then the body: 415, 413, 400.
 * Only then is it carried out. The body is read only when the headers passed, so a refused
 * request's body is never parsed. With a rate limit, every answer to the token carries its fields.
 */
async function handleApi(req: IncomingMessage, method: string, url: URL, store: SandboxStore, faults: Faults, limiter: RateLimiter): Promise<Answer> {
  const fault = faults.draw();
  if (fault === '503') throw new HttpError(503, 'service_unavailable', 'The service is temporarily unavailable (sandbox fault)');
  if (fault === '429') {
    throw new HttpError(429, 'rate_limited', 'Too many requests (sandbox fault)', [], {
      'retry-after': String(faults.retryAfter),
    });
  }
  if (fault === 'drop') return { status: 0, body: null, destroy: true };

  const token = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1];
  const credential = token === undefined ? undefined : findToken(token);
  if (!credential) {
    throw new HttpError(401, 'unauthenticated', token ? 'The bearer token is not valid' : 'A bearer token is required', [], {
      'www-authenticate': 'Bearer realm="recruitment-api"',
    });
  }
  const rate = limiter.take(credential.token);
  if (!rate.allowed) {
    throw new HttpError(429, 'rate_limited', `Too many requests for this token; try again in ${rate.retryAfter} s`, [], {
      ...rate.headers,
      'retry-after': String(rate.retryAfter),
    });
  }
  try {
    const found = findApiRoute(method, url.pathname);
    const { route } = found.match;
    if (!credential.permissions.includes(route.permission)) {
      throw new HttpError(403, 'forbidden', `This token lacks the ${route.permission} permission needed for ${method} ${url.pathname}`);
    }
    const body = await readBody(req);
    const answer = await carryOut(req, method, url, found, body, store, faults, fault, ACCOUNTS[credential.account]);
    answer.headers = { ...answer.headers, ...rate.headers };
    return answer;
  } catch (error) {
    if (error instanceof HttpError) Object.assign(error.headers, rate.headers);
    throw error;
  }
}

/** An authenticated, permitted request: replayed, or carried out with its replay record. */
async function carryOut(
  req: IncomingMessage,
  method: string,
  url: URL,
  found: ReturnType<typeof findApiRoute>,
  body: unknown,
  store: SandboxStore,
  faults: Faults,
  fault: ReturnType<Faults['draw']>,
  account: (typeof ACCOUNTS)[keyof typeof ACCOUNTS],
): Promise<Answer> {
  const { route, params } = found.match;
  const rawKey = req.headers['idempotency-key'];
  const key = route.idempotent && typeof rawKey === 'string' ? rawKey : undefined;
  let print = '';
  store.refresh();
  if (key !== undefined) {
    checkKey(key);
    print = fingerprint(method, url.pathname, body);
    const replay = store.findReplay(account.id, key);
    if (replay) {
      if (replay.fingerprint !== print) throw keyReusedError();
      const headers = { ...replay.headers, 'idempotent-replayed': 'true' };
      return { status: replay.status, body: replay.body, headers, destroy: fault === 'reset' };
    }
    if (!store.claimKey(account.id, key)) throw keyInFlightError();
  }
  try {
    const latency = faults.latencyMs();
    if (latency > 0) {
      await sleep(latency);
      store.refresh();
    }
    // The job change and its replay record are one transaction: both are kept, or neither.
    const run = (): Answer => {
      const answer: Answer = route.handle({ method, path: found.path, params, query: url.searchParams, body, account, store });
      if (key !== undefined && answer.status < 300) {
        store.saveReplay({
          account: account.id,
          key,
          fingerprint: print,
          status: answer.status,
          body: JSON.stringify(answer.body),
          headers: answer.headers ?? {},
        });
      }
      return answer;
    };
    const answer = method === 'GET' ? run() : store.transaction(run);
    if (fault === 'reset') answer.destroy = true;
    return answer;
  } finally {
    if (key !== undefined) store.releaseKey(account.id, key);
  }
}
