// A local HTTP server that misbehaves the way each test chooses: a status, headers and a body; a
// body of N bytes streamed fast with or without Content-Length; an endless body; a trickle; no
// headers at all; a connection cut mid-body; pages for --all. It records every request it gets, so
// a test can assert what was (or was not) sent. On 127.0.0.1, port 0 (fake-server.ts); every
// connection is ended between tests and when the file ends.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { listenLocal, type Listening } from './fake-server.js';

export interface Recorded {
  method: string;
  /** Path and query as sent: /v1/jobs?page=2. */
  url: string;
  /** The path alone: /v1/jobs. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
  /** Date.now() when the request (headers and body) had arrived. */
  at: number;
  /** Bytes of the answer's body the server has handed to the socket so far (a streamed body stops when the client hangs up). */
  bodyBytesSent: number;
}

/** What the server does with one request. */
export type Answer =
  | { kind: 'reply'; status: number; headers: Record<string, string>; body: string }
  /**
   * 200 with a JSON job of `bytes` bytes (to a few bytes), written as fast as the client reads: a
   * long title, or with `objects` an array of empty objects, the answer that costs most to parse.
   */
  | { kind: 'stream'; bytes: number; contentLength: boolean; objects?: boolean }
  /** 200 and a chunked JSON job that never ends. */
  | { kind: 'endless' }
  /** 200 and a chunked body of one byte every `everyMs`, never ending. */
  | { kind: 'trickle'; everyMs: number }
  /** Reads the request and never answers, not even the headers. */
  | { kind: 'silent' }
  /** 200 promising `declared` bytes, sends `text`, then destroys the connection. */
  | { kind: 'cut'; text: string; declared: number };

/** One answer, or a choice made per request (n counts this route's requests from 1). */
export type Rule = Answer | ((req: Recorded, n: number) => Answer);

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Answer {
  return { kind: 'reply', status, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) };
}

export function text(body: string, contentType: string | undefined, status = 200, headers: Record<string, string> = {}): Answer {
  return { kind: 'reply', status, headers: { ...(contentType ? { 'content-type': contentType } : {}), ...headers }, body };
}

export function redirect(status: number, location: string): Answer {
  return text('', undefined, status, { location });
}

/** 503 (or `status`) with a Retry-After header. */
export function retryAfter(value: string, status = 503): Answer {
  return json({ error: { code: 'unavailable', message: 'try later' } }, status, { 'retry-after': value });
}

export const stream = (bytes: number, contentLength: boolean, objects = false): Answer => ({ kind: 'stream', bytes, contentLength, objects });
export const endless = (): Answer => ({ kind: 'endless' });
export const trickle = (everyMs: number): Answer => ({ kind: 'trickle', everyMs });
export const silent = (): Answer => ({ kind: 'silent' });
export const cut = (text: string, declared: number): Answer => ({ kind: 'cut', text, declared });

/** A job as GET /jobs/{id} returns it. */
export function job(id: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, title: `Job ${id}`, status: 2, approvalStatus: 1, publishToCareerPage: false, publishToFreeJobBoards: false, ...extra };
}

/** GET /job-options as the sandbox answers it (status 1 "Closed" can be set). */
export const JOB_OPTIONS = {
  initialStatus: 'pending',
  statuses: [
    { code: 1, label: 'Closed', canSet: true },
    { code: 2, label: 'New', canSet: true },
    { code: 3, label: 'Pending Approval', canSet: false },
  ],
};

export interface PagesOptions {
  /** meta.pagination.totalPages; left out when undefined. */
  totalPages?: number;
  /** Pages 1..withItems have items, later ones are empty; undefined: every page has items. */
  withItems?: number;
  /** Every request gets page 1, whatever page it asks for. */
  repeat?: boolean;
  perPage?: number;
  /** Bytes of padding in each item, to make pages big. */
  pad?: number;
  /** Items of the fewest bytes a job can have: {"id":1,"status":2}. */
  tiny?: boolean;
}

/**
 * Pages of a collection for --all: items that are both jobs and named lookups
 * ({id, status, name, title}), distinct on every page unless `repeat`.
 */
export function pages(options: PagesOptions = {}): (req: Recorded) => Answer {
  const { totalPages, withItems, repeat = false, perPage = 2, pad = 0, tiny = false } = options;
  return (req) => {
    const page = repeat ? 1 : Number(req.query.get('page') ?? 1);
    const count = withItems !== undefined && page > withItems ? 0 : perPage;
    const data = Array.from({ length: count }, (_, i) => {
      const id = (page - 1) * perPage + i + 1;
      if (tiny) return { id, status: 2 };
      return { id, status: 2, name: `Item ${id}`, title: `Job ${id}`, ...(pad > 0 ? { pad: 'p'.repeat(pad) } : {}) };
    });
    const pagination = { page, pageSize: perPage, ...(totalPages !== undefined ? { totalPages, totalItems: totalPages * perPage } : {}) };
    return json({ data, meta: { pagination } });
  };
}

/** How a streamed job is made: its start, a piece repeated, its end. */
const FILLS = {
  title: { head: '{"id":1,"status":2,"approvalStatus":1,"title":"', unit: 'x', tail: '"}' },
  objects: { head: '{"id":1,"status":2,"approvalStatus":1,"x":[', unit: '{},', tail: '{}]}' },
};

export class HostileServer {
  readonly requests: Recorded[] = [];
  private readonly routes = new Map<string, { rules: Rule[]; count: number }>();
  private readonly server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const recorded: Recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
        bodyBytesSent: 0,
      };
      this.requests.push(recorded);
      const route = this.routes.get(`${recorded.method} ${recorded.path}`);
      if (!route) return answer(res, json({ error: { code: 'not_found', message: `no route for ${recorded.method} ${recorded.path} in this test` } }, 404), recorded);
      const n = ++route.count;
      const rule = route.rules[Math.min(n, route.rules.length) - 1]!;
      answer(res, typeof rule === 'function' ? rule(recorded, n) : rule, recorded);
    });
  });
  private listening: Listening | undefined;
  port = 0;

  /** http://127.0.0.1:<port>/v1 */
  get base(): string {
    return `${this.origin}/v1`;
  }

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.listening = await listenLocal(this.server);
    this.port = this.listening.port;
  }

  /**
   * What `route` ("GET /v1/jobs/1") answers: the first request gets the first rule, the second the
   * second, and so on; the last rule answers every request after it.
   */
  on(route: string, ...rules: Rule[]): this {
    this.routes.set(route, { rules, count: 0 });
    return this;
  }

  /** The requests to `route` ("GET /v1/jobs/1"), or all of them. */
  got(route?: string): Recorded[] {
    return route === undefined ? this.requests : this.requests.filter((r) => `${r.method} ${r.path}` === route);
  }

  /** Forgets routes and requests, and ends every connection (a trickle or an endless body included). */
  reset(): void {
    this.routes.clear();
    this.requests.length = 0;
    this.server.closeAllConnections();
  }

  async close(): Promise<void> {
    this.reset();
    await this.listening?.close();
  }
}

function answer(res: ServerResponse, a: Answer, recorded: Recorded): void {
  res.on('error', () => undefined); // the client hung up: expected of a client that gives up
  switch (a.kind) {
    case 'reply':
      res.writeHead(a.status, { 'content-length': String(Buffer.byteLength(a.body)), ...a.headers });
      recorded.bodyBytesSent = Buffer.byteLength(a.body);
      return void res.end(a.body);
    case 'stream':
    case 'endless': {
      const bytes = a.kind === 'stream' ? a.bytes : Infinity;
      const chunked = a.kind === 'endless' || !a.contentLength;
      const fill = a.kind === 'stream' && a.objects ? FILLS.objects : FILLS.title;
      // Whole pieces only: the body is `bytes` long to within a piece.
      const length = fill.head.length + fill.tail.length + Math.floor((bytes - fill.head.length - fill.tail.length) / fill.unit.length) * fill.unit.length;
      res.writeHead(200, { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': String(length) }) });
      return pump(res, length, fill, recorded);
    }
    case 'trickle': {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{');
      const timer = setInterval(() => res.write(' '), a.everyMs);
      return void res.on('close', () => clearInterval(timer));
    }
    case 'silent':
      return;
    case 'cut':
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(a.declared) });
      res.write(a.text);
      return void setTimeout(() => res.socket?.destroy(), 20);
  }
}

/** A JSON job of `bytes` bytes (Infinity: endless) made as `fill` says, written as fast as the client takes it. */
function pump(res: ServerResponse, bytes: number, fill: (typeof FILLS)[keyof typeof FILLS], recorded: Recorded): void {
  const filler = Buffer.from(fill.unit.repeat(Math.floor((1024 * 1024) / fill.unit.length)));
  res.write(fill.head);
  recorded.bodyBytesSent = fill.head.length;
  let left = bytes - fill.head.length - fill.tail.length;
  const more = () => {
    while (left > 0 && !res.destroyed) {
      const piece = left >= filler.length ? filler : filler.subarray(0, left);
      left -= piece.length;
      recorded.bodyBytesSent += piece.length;
      if (!res.write(piece)) return void res.once('drain', more);
    }
    if (left <= 0 && !res.destroyed) res.end(fill.tail);
  };
  more();
}

/** A hostile server started before the file's tests, reset before each, closed after them. */
export function useHostileServer(): HostileServer {
  const server = new HostileServer();
  beforeAll(() => server.start());
  beforeEach(() => server.reset());
  afterAll(() => server.close());
  return server;
}
