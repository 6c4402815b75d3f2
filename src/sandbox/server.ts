// The sandbox's HTTP server: routing, authentication, faults, idempotency, JSON in and out.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNTS, findToken } from './accounts.js';
import type { Faults } from './faults.js';
import { HttpError } from './http-error.js';
import { checkKey, fingerprint, keyInFlightError, keyReusedError } from './idempotency.js';
import type { Route, RouteResponse } from './route.js';
import { Router } from './router.js';
import { adminRoutes } from './routes/admin.js';
import { jobRoutes } from './routes/jobs.js';
import { lookupRoutes } from './routes/lookups.js';
import type { SandboxStore } from './store.js';

const API_PREFIX = '/v1';
const ADMIN_PREFIX = '/_sandbox';
const MAX_BODY = 1024 * 1024;

const apiRouter = new Router<Route>([...lookupRoutes, ...jobRoutes]);
const adminRouter = new Router(adminRoutes);

interface Answer extends RouteResponse {
  /** Destroy the connection instead of answering (the `reset` and `drop` faults). */
  destroy?: boolean;
}

export function createSandboxServer(store: SandboxStore, faults: Faults): Server {
  let requestCounter = 0;
  const server = createServer((req, res) => {
    const requestId = `req_${(++requestCounter).toString(36)}`;
    handle(req, store, faults).then(
      (answer) => send(res, answer, requestId),
      (error: unknown) => send(res, errorAnswer(error, store.log), requestId),
    );
  });
  server.keepAliveTimeout = 30_000;
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

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  // Past the limit the rest is read and discarded, not left unread: leaving the loop early would
  // stall the client's upload and leave the keep-alive connection unusable.
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size <= MAX_BODY) chunks.push(chunk);
  }
  if (size > MAX_BODY) throw new HttpError(413, 'payload_too_large', `The body exceeds ${MAX_BODY} bytes`);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'invalid_json', 'The body is not valid JSON');
  }
}

async function handle(req: IncomingMessage, store: SandboxStore, faults: Faults): Promise<Answer> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const method = req.method ?? 'GET';
  if (url.pathname.startsWith(`${ADMIN_PREFIX}/`)) return handleAdmin(req, url, store, faults);
  if (!url.pathname.startsWith(`${API_PREFIX}/`)) {
    throw new HttpError(404, 'not_found', `No route ${url.pathname}; the API lives under ${API_PREFIX}/`);
  }
  const path = url.pathname.slice(API_PREFIX.length);
  const match = apiRouter.match(method, path);
  if (!match) throw new HttpError(404, 'not_found', `No route ${method} ${url.pathname}`);
  if ('allowed' in match) {
    throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${url.pathname}`, [], {
      allow: match.allowed.join(', '),
    });
  }
  const body = await readBody(req);

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
  const { route, params } = match;
  if (!credential.permissions.includes(route.permission)) {
    throw new HttpError(403, 'forbidden', `This token lacks the ${route.permission} permission needed for ${method} ${url.pathname}`);
  }
  const account = ACCOUNTS[credential.account];

  const rawKey = req.headers['idempotency-key'];
  const key = route.idempotent && typeof rawKey === 'string' ? rawKey : undefined;
  let print = '';
  if (key !== undefined) {
    checkKey(key);
    // The router takes /jobs and /jobs/ alike, so the fingerprint does too.
    print = fingerprint(method, url.pathname.replace(/\/$/, ''), body);
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
    if (latency > 0) await sleep(latency);
    // The job change and its replay record are one transaction: both are kept, or neither.
    const run = (): Answer => {
      const answer: Answer = route.handle({ method, path, params, query: url.searchParams, body, account, store });
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

async function handleAdmin(req: IncomingMessage, url: URL, store: SandboxStore, faults: Faults): Promise<Answer> {
  const path = url.pathname.slice(ADMIN_PREFIX.length);
  const match = adminRouter.match(req.method ?? 'GET', path);
  if (!match) throw new HttpError(404, 'not_found', `No sandbox admin route ${url.pathname}`);
  if ('allowed' in match) {
    throw new HttpError(405, 'method_not_allowed', `Use ${match.allowed.join(' or ')} on ${url.pathname}`, [], {
      allow: match.allowed.join(', '),
    });
  }
  const body = await readBody(req);
  const run = () => match.route.handle({ params: match.params, body, store, faults });
  return req.method === 'GET' ? run() : store.transaction(run);
}
