// The one API client every command shares: base URL with /v1, bearer token, JSON in and out,
// deadlines and a response-size cap, a keep-alive pool, retries of transient failures, typed
// errors and --verbose lines. Only 2xx answers are returned (redirects are never followed), and
// their bodies only as JSON: anything else is an ApiError naming the method, path and status.
import { canonicalBaseUrl } from './base-url.js';
import { credentialFingerprint } from './credential.js';
import { ApiError, describeBody, httpError, networkError, type Failure } from './errors.js';
import { hasHeader, Transport, type TransportResponse } from './http.js';
import { holdsMoreValues } from './json-values.js';
import type { ProxySettings } from './proxy-route.js';
import type { ApiResponse } from './response.js';
import { checked, type Shape } from './shapes.js';
import { AdaptiveConcurrency } from './adaptive-concurrency.js';
import { Pacer } from './pacer.js';
import { readRateLimit, readRateLimitPolicy, type RateLimitPolicy } from './rate-limit-fields.js';
import { DEFAULT_RETRY, isRetryableStatus, mayRetry, parseRetryAfter, retryDelay, type RetryPolicy } from './retry.js';

export type Query = Record<string, string | number | boolean | undefined>;

export interface RequestOptions {
  query?: Query;
  /** Sent as it is when a string or bytes (JSON already), otherwise serialized as JSON. */
  body?: unknown;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** Return every answer as it came, any status and any body (the `api` command shows them). */
  raw?: boolean;
}

export type { ApiResponse } from './response.js';

/** A wait before the next attempt, as it starts. */
export interface RetryNotice {
  method: string;
  path: string;
  /** The status that caused it, or the network error's message. */
  cause: number | string;
  delayMs: number;
  /** The attempt that follows the wait. */
  attempt: number;
  maxAttempts: number;
}

export interface ClientTimeouts {
  connectMs: number;
  /** From sending until the response's headers. */
  headersMs: number;
  /** The longest pause while a body arrives. */
  idleMs: number;
  /** The whole request, every attempt and wait included. */
  requestMs: number;
}

export const DEFAULT_TIMEOUTS: ClientTimeouts = { connectMs: 10_000, headersMs: 30_000, idleMs: 30_000, requestMs: 120_000 };
export const DEFAULT_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
/**
 * An answer may hold one JSON value per this many bytes of the size cap (262,144 at 32 MiB), with
 * --max-response-size raising both: a value parsed and printed costs up to some 500 bytes (`jobs
 * get` of an object of 262,144 keys peaked at 171 MB RSS, of 524,288 keys at 263-274 MB), so the
 * cap in bytes alone does not bound memory (json-values.ts).
 */
export const BYTES_PER_VALUE = 128;

export interface ClientOptions {
  /** Taken in its canonical form (base-url.ts), which `baseUrl` then is. */
  baseUrl: string;
  token: string | undefined;
  userAgent: string;
  /**
   * Names the service in errors and log lines in place of its address, e.g. a local emulator
   * whose port changes on every run: `GET /jobs/9 on <name> failed with 404`.
   */
  name?: string;
  retry?: Partial<RetryPolicy>;
  timeouts?: Partial<ClientTimeouts>;
  maxResponseBytes?: number;
  /** One line per request and response, for --verbose. */
  log?: (line: string) => void;
  /** Told of every wait before a retry. */
  onRetry?: (notice: RetryNotice) => void;
  /** Told of the rate-limit policy the service names, when it differs from the one this client was last told of. */
  onRateLimitPolicy?: (policy: RateLimitPolicy) => void;
  /** Told of every error answer (a non-2xx the client throws as an ApiError; not `raw` requests). */
  onErrorAnswer?: (error: ApiError) => void;
  /** The proxies requests go through (proxy-route.ts); none: directly. */
  proxy?: ProxySettings;
  /** Certificates (PEM) trusted for https besides Node's own: a company CA. */
  extraCa?: string;
  transport?: Transport;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

export { credentialFingerprint };

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** "27 hours", "3 minutes", "45 s": a wait as people say it. */
export function describeWait(ms: number): string {
  const s = ms / 1000;
  if (s < 120) return `${Number(s.toFixed(1))} s`;
  if (s < 7200) return `${Math.round(s / 60)} minutes`;
  if (s < 172_800) return `${Math.round(s / 3600)} hours`;
  return `${Math.round(s / 86_400)} days`;
}

export class ApiClient {
  readonly baseUrl: string;
  private readonly transport: Transport;
  private readonly ownsTransport: boolean;
  private readonly policy: RetryPolicy;
  private readonly timeouts: ClientTimeouts;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly now: () => number;
  /** The most JSON values of an answer that is parsed (BYTES_PER_VALUE). */
  private readonly maxValues: number;
  /** A 429's Retry-After pauses every request of this client, not only the one that got it. */
  private pausedUntil = 0;
  /** Request starts spaced to the rate limit the service names (pacer.ts). */
  private readonly pacer: Pacer;
  /** Requests in flight, cut by 429s: set by adaptConcurrency() for a batch. */
  private gate: AdaptiveConcurrency | undefined;
  /** The policy onRateLimitPolicy was last told of, as `quota/window/name`. */
  private policySeen = '';

  constructor(private readonly options: ClientOptions) {
    this.baseUrl = canonicalBaseUrl(options.baseUrl);
    this.policy = { ...DEFAULT_RETRY, ...options.retry };
    this.timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.now = options.now ?? Date.now;
    this.ownsTransport = options.transport === undefined;
    this.maxValues = Math.floor((options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES) / BYTES_PER_VALUE);
    this.pacer = new Pacer(this.now);
    this.transport =
      options.transport ??
      new Transport({
        connectTimeoutMs: this.timeouts.connectMs,
        headersTimeoutMs: this.timeouts.headersMs,
        bodyTimeoutMs: this.timeouts.idleMs,
        maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
        requestTimeoutMs: this.timeouts.requestMs,
        maxSockets: 64,
        ...(options.proxy ? { proxy: options.proxy } : {}),
        ...(options.extraCa ? { extraCa: options.extraCa } : {}),
        ...(options.log ? { log: options.log } : {}),
      });
  }

  /** A fingerprint of this client's credential (credentialFingerprint). */
  credentialFingerprint(): string {
    return credentialFingerprint(this.options.token);
  }

  /**
   * Keeps at most `max` requests in flight, fewer while the service answers 429 (a batch's workers
   * share the client, so its limit is theirs).
   */
  adaptConcurrency(max: number): void {
    this.gate = new AdaptiveConcurrency(max, this.now);
  }

  /** Requests allowed in flight now: the adapted limit, or undefined when not adapting. */
  get concurrencyLimit(): number | undefined {
    return this.gate?.limit;
  }

  /** GET of a resource whose answer must have `shape`. */
  async get<T>(path: string, query: Query | undefined, shape: Shape): Promise<T> {
    return checked<T>(await this.request('GET', path, { query }), shape);
  }

  async request<T = unknown>(method: string, path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
    const relative = withQuery(path.startsWith('/') ? path : `/${path}`, options.query);
    const url = `${this.baseUrl}${relative}`;
    const shown = this.options.name === undefined ? url : `${relative} on ${this.options.name}`;
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
    const deadline = this.now() + this.timeouts.requestMs;
    const where = this.options.name;
    const failure = (attempts: number): Failure => ({ method, path: relative, attempts, ...(where === undefined ? {} : { where }) });
    /** Whether a wait of `ms` before another attempt is worth it: attempts left, and time before the deadline. */
    const mayWait = (attempt: number, ms: number) => retryable && attempt < this.policy.maxAttempts && this.now() + ms < deadline;

    for (let attempt = 1; ; attempt++) {
      const ticket = await this.takeTurn(deadline, failure(attempt - 1));
      const started = this.now();
      this.log(`> ${method} ${shown} attempt=${attempt}${options.idempotencyKey ? ` idempotency-key=${options.idempotencyKey}` : ''}`);
      let response: TransportResponse;
      try {
        response = await this.transport.send(url, { method, headers, body: payload, deadline });
      } catch (error) {
        this.endTurn(ticket, undefined);
        const cause = error as Error;
        this.log(`< network error ${method} ${shown} ${this.now() - started}ms attempt=${attempt}: ${cause.message}`);
        const apiError = networkError(cause, failure(attempt));
        const delay = retryDelay(this.policy, attempt, undefined, this.random);
        if (!apiError.retryable || !mayWait(attempt, delay)) throw apiError;
        await this.wait({ method, path: relative, cause: cause.message, delayMs: delay, attempt: attempt + 1, maxAttempts: this.policy.maxAttempts });
        continue;
      }
      this.endTurn(ticket, response);
      const { statusCode: status, text } = response;
      const replayed = response.header('idempotent-replayed') === 'true';
      const contentType = response.header('content-type');
      this.log(`< ${status} ${method} ${shown} ${this.now() - started}ms attempt=${attempt}${replayed ? ' replayed' : ''}`);

      if (isRetryableStatus(status) && retryable) {
        const retryAfter = parseRetryAfter(response.header('retry-after'), this.now());
        if (retryAfter !== undefined && retryAfter > this.policy.maxRetryAfterMs) {
          throw new ApiError(
            'wait_too_long',
            `${status} answer: the service asks to wait ${describeWait(retryAfter)} before trying again; gave up rather than wait that long`,
            status,
            [],
            failure(attempt),
          );
        }
        const delay = retryDelay(this.policy, attempt, retryAfter, this.random);
        if (mayWait(attempt, delay)) {
          const notice = { method, path: relative, cause: status, delayMs: delay, attempt: attempt + 1, maxAttempts: this.policy.maxAttempts };
          if (status === 429 && retryAfter !== undefined) {
            // Waited out at the top of the loop, by this request and every other one of this client.
            this.pausedUntil = Math.max(this.pausedUntil, this.now() + delay);
            this.options.onRetry?.(notice);
          } else {
            await this.wait(notice);
          }
          continue;
        }
      }
      const answer = { method, path: relative, status, text, contentType, header: (name: string) => response.header(name), attempts: attempt, replayed };
      // Too many values to parse: kept as text, which an error or `api` can still describe or print.
      const parsable = !holdsMoreValues(text, this.maxValues);
      if (options.raw) return { ...answer, body: (parsable ? parseLoosely(text, contentType) : text) as T };
      if (status < 200 || status > 299) {
        const error = httpError(answer, parsable ? parseLoosely(text, contentType) : text, failure(attempt));
        this.options.onErrorAnswer?.(error);
        throw error;
      }
      if (!parsable) {
        throw new ApiError('too_large', `${status} answer holds more than ${this.maxValues} JSON values; not read`, status, [], failure(attempt));
      }
      return { ...answer, body: parseJson(text, contentType, status, failure(attempt)) as T };
    }
  }

  /**
   * Waits for an attempt's turn: room within the adapted concurrency, the end of a pause a 429
   * asked for, then the next slot of the service's rate limit. Returns when the attempt started, for endTurn().
   */
  private async takeTurn(deadline: number, failure: Failure): Promise<number> {
    await this.gate?.acquire();
    const giveUp = (why: string) => {
      this.gate?.release(this.now(), 'other');
      return new ApiError('timeout', why, null, [], failure);
    };
    const paused = this.pausedUntil - this.now();
    if (paused > 0) {
      // Another request's 429 asked every request to wait, maybe past this one's deadline.
      if (this.pausedUntil >= deadline) {
        throw giveUp(`the service asked to wait ${describeWait(paused)} (Retry-After), which passes the request's deadline`);
      }
      await this.sleep(paused);
    }
    for (let slot = this.pacer.take(); slot > 0; slot = this.pacer.take()) {
      if (this.now() + slot >= deadline) throw giveUp(`the service's rate limit leaves no turn before the request's deadline`);
      await this.sleep(slot);
    }
    // When it is sent, after the waits: a request that waited out a 429's pause started after the cut.
    return this.now();
  }

  /** After an attempt: learns the rate limit its answer names, and frees its room (a 429 cuts it). */
  private endTurn(startedAt: number, response: TransportResponse | undefined): void {
    const status = response?.statusCode ?? 0;
    const fields = response && readRateLimit((name) => response.header(name));
    if (fields && this.pacer.observe(fields)) {
      this.log(`rate limit: ${Number(fields.perSecond.toFixed(2))} requests/s; requests start ${Number(this.pacer.spacingMs.toFixed(1))} ms apart`);
    }
    if (fields && this.options.onRateLimitPolicy) this.tellPolicy(response);
    const gate = this.gate;
    if (!gate) return;
    const before = gate.limit;
    const outcome = status === 429 ? 'throttled' : status >= 200 && status < 300 ? 'ok' : 'other';
    if (gate.release(startedAt, outcome)) this.log(`429: requests in flight ${before} -> ${gate.limit}`);
  }

  private tellPolicy(response: TransportResponse): void {
    const found = readRateLimitPolicy((name) => response.header(name));
    if (!found) return;
    const policy = { name: found.name, quota: found.quota, windowSeconds: found.windowSeconds };
    const seen = `${policy.quota}/${policy.windowSeconds}/${policy.name}`;
    if (seen === this.policySeen) return;
    this.policySeen = seen;
    this.options.onRateLimitPolicy!(policy);
  }

  private async wait(notice: RetryNotice): Promise<void> {
    this.options.onRetry?.(notice);
    await this.sleep(notice.delayMs);
  }

  private log(line: string): void {
    this.options.log?.(line);
  }

  async close(): Promise<void> {
    if (this.ownsTransport) this.transport.close();
  }
}

function withQuery(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

function serialize(body: unknown): string | Uint8Array | undefined {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) return body;
  return JSON.stringify(body);
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** A 2xx body: empty, or JSON said and sent; anything else is an answer the client cannot use. */
function parseJson(text: string, contentType: string | undefined, status: number, failure: Failure): unknown {
  if (text === '') return undefined;
  if (!contentType || !JSON_TYPE.test(contentType)) {
    throw new ApiError('bad_answer', `${status} answer is not JSON: ${describeBody(text, contentType)}`, status, [], failure, undefined, text);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError('bad_answer', `${status} answer is not valid JSON (${Buffer.byteLength(text)} bytes)`, status, [], failure, undefined, text);
  }
}

/** An error's or a raw answer's body: JSON when it parses, otherwise the text. */
function parseLoosely(text: string, contentType: string | undefined): unknown {
  if (text === '') return undefined;
  if (contentType && !/json/i.test(contentType)) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
