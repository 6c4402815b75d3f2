// The one API client every command shares: base URL with /v1, bearer token, JSON in and out,
// timeouts, a keep-alive pool, retries of transient failures, typed errors and --verbose lines.
import { httpError, networkError, type ApiError } from './errors.js';
import { hasHeader, Transport, type TransportResponse } from './http.js';
import { DEFAULT_RETRY, isRetryableStatus, mayRetry, parseRetryAfter, retryDelay, type RetryPolicy } from './retry.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  /** Sent as it is when a string or bytes (JSON already), otherwise serialized as JSON. */
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** Return non-2xx answers instead of throwing (the `api` command shows them as they are). */
  allowErrors?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  /** Parsed JSON, or the text when the body is not JSON, or undefined when empty. */
  body: T;
  text: string;
  attempts: number;
  replayed: boolean;
}

export interface ClientOptions {
  baseUrl: string;
  token: string | undefined;
  userAgent: string;
  retry?: Partial<RetryPolicy>;
  timeouts?: { connectMs?: number; headersMs?: number; bodyMs?: number };
  /** One line per request and response, for --verbose. */
  log?: (line: string) => void;
  transport?: Transport;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ApiClient {
  readonly baseUrl: string;
  private readonly transport: Transport;
  private readonly ownsTransport: boolean;
  private readonly policy: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  /** A 429's Retry-After pauses every request of this client, not only the one that got it. */
  private pausedUntil = 0;

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.policy = { ...DEFAULT_RETRY, ...options.retry };
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.ownsTransport = options.transport === undefined;
    this.transport =
      options.transport ??
      new Transport({
        connectTimeoutMs: options.timeouts?.connectMs ?? 10_000,
        headersTimeoutMs: options.timeouts?.headersMs ?? 30_000,
        bodyTimeoutMs: options.timeouts?.bodyMs ?? 30_000,
        maxSockets: 64,
      });
  }

  url(path: string, query?: Query): string {
    const url = `${this.baseUrl}${path.startsWith('/') ? path : `/${path}`}`;
    if (!query) return url;
    const params = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
    const qs = params.toString();
    return qs ? `${url}${url.includes('?') ? '&' : '?'}${qs}` : url;
  }

  async get<T>(path: string, query?: Query): Promise<T> {
    return (await this.request<T>('GET', path, { query })).body;
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const url = this.url(path, options.query);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.options.userAgent,
      ...options.headers,
    };
    if (this.options.token) headers.authorization = `Bearer ${this.options.token}`;
    const payload = serialize(options.body);
    if (payload !== undefined && !(options.headers && hasHeader(options.headers, 'content-type'))) {
      headers['content-type'] = 'application/json';
    }
    if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
    const retryable = mayRetry(method, options.idempotencyKey !== undefined);

    for (let attempt = 1; ; attempt++) {
      const wait = this.pausedUntil - this.now();
      if (wait > 0) await this.sleep(wait);
      const started = this.now();
      if (this.options.log) this.log(`> ${method} ${url} attempt=${attempt}${options.idempotencyKey ? ` idempotency-key=${options.idempotencyKey}` : ''}`);
      let response: TransportResponse;
      try {
        response = await this.transport.send(url, { method, headers, body: payload });
      } catch (error) {
        const elapsed = this.now() - started;
        this.log(`< network error ${method} ${url} ${elapsed}ms attempt=${attempt}: ${(error as Error).message}`);
        if (retryable && attempt < this.policy.maxAttempts) {
          await this.sleep(retryDelay(this.policy, attempt, undefined, this.random));
          continue;
        }
        throw networkError(error as Error, { method, url, attempts: attempt });
      }
      const { statusCode: status, text } = response;
      const replayed = response.header('idempotent-replayed') === 'true';
      if (this.options.log) this.log(`< ${status} ${method} ${url} ${this.now() - started}ms attempt=${attempt}${replayed ? ' replayed' : ''}`);
      const body = parseBody(text, response.header('content-type'));

      if (isRetryableStatus(status) && retryable && attempt < this.policy.maxAttempts) {
        const retryAfter = parseRetryAfter(response.header('retry-after'), this.now());
        const delay = retryDelay(this.policy, attempt, retryAfter, this.random);
        if (status === 429 && retryAfter !== undefined) {
          // Waited out at the top of the loop, by this request and every other one of this client.
          this.pausedUntil = Math.max(this.pausedUntil, this.now() + delay);
        } else {
          await this.sleep(delay);
        }
        continue;
      }
      if (status >= 400 && !options.allowErrors) {
        throw httpError(status, body, text, { method, url, attempts: attempt }) satisfies ApiError;
      }
      return { status, body: body as T, text, attempts: attempt, replayed };
    }
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  async close(): Promise<void> {
    if (this.ownsTransport) this.transport.close();
  }
}

function serialize(body: unknown): string | Uint8Array | undefined {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) return body;
  return JSON.stringify(body);
}

function parseBody(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (contentType && !/json/i.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
