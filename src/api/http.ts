// ApiClient's HTTP/1.1 transport: Node's own http (and https) with a keep-alive agent per scheme.
// Not undici: in a fresh process, loading undici (~440 KB of JavaScript) and compiling the path of
// its first request took some 40 ms more than node:http, which Node ships precompiled; that was a
// third of `recruit jobs get` (docs/performance.md). A batch sends thousands of requests through
// here, so the per-request path is kept lean: the URL is parsed once, headers go to Node as a flat
// list (which skips its per-header setHeader), and one sweep timer watches every request's deadline
// instead of a timer per request.
import * as http from 'node:http';
import { StringDecoder } from 'node:string_decoder';
import type { SecureContext } from 'node:tls';
import { describeProxy, PROXY_REACHED, proxyFor, type ProxySettings } from './proxy-route.js';

export interface TransportOptions {
  connectTimeoutMs: number;
  /** From the request's start until the response's headers. */
  headersTimeoutMs: number;
  /** The longest pause while the body arrives. */
  bodyTimeoutMs: number;
  /** The most bytes of a response body read before giving up on it. */
  maxResponseBytes: number;
  /** The usual time from a request's start to its `deadline`, when requests have one: deadlines are checked often enough for it. */
  requestTimeoutMs?: number;
  /** Connections per origin. */
  maxSockets: number;
  /** Certificates to trust for https instead of Node's (tests). */
  ca?: string | Buffer;
  /** Certificates (PEM) to trust for https besides Node's own: a company CA (--ca-file). */
  extraCa?: string;
  /** The proxies to send through (proxy-route.ts); without them every request goes directly. */
  proxy?: ProxySettings;
  /** Told of the proxy each new endpoint goes through (--verbose); never its credentials. */
  log?: (line: string) => void;
  /** The OS store's certificates, or undefined where Node cannot read it (trust.ts; a test's own). */
  systemRoots?: () => string[] | undefined;
}

export interface TransportRequest {
  method: string;
  headers: Record<string, string>;
  /** Text, or bytes already encoded as UTF-8. */
  body?: string | Uint8Array;
  /** When (Date.now() time) the whole exchange must be over, whatever its phase. */
  deadline?: number;
}

export interface TransportResponse {
  statusCode: number;
  /** The first value of header `lowerCaseName`. */
  header(lowerCaseName: string): string | undefined;
  text: string;
}

/** The error of a body larger than the cap. */
export const TOO_LARGE = 'ERESPONSETOOLARGE';
/** The proxy could not be reached, or did not answer in time: nothing reached the service. */
export const PROXY_UNREACHABLE = 'EPROXYUNREACHABLE';
/** The proxy answered the tunnel request with another status than 200 (407, 403...): nothing reached the service. */
export const PROXY_REFUSED = 'EPROXYREFUSED';

type HttpModule = Pick<typeof http, 'request' | 'Agent'>;

interface Endpoint {
  scheme: HttpModule;
  options: { agent: http.Agent; protocol: string; hostname: string; port: string; path: string };
  /** The Host header: host and port as in the URL (Node adds it only for headers given as an object). */
  host: string;
  /** The proxy the request goes through, if any. */
  proxy?: string;
}

/** A request's current wait: what it waits for, its limit, and when that runs out. */
interface Watch {
  req: http.ClientRequest;
  phase: string;
  ms: number;
  deadline: number;
  /** The whole exchange's deadline (Infinity: none). */
  until: number;
  /** Ends the request with an error. */
  fail: (error: Error) => void;
  /** Its place in Transport's list of watches. */
  slot: number;
}

function timeoutError(message: string): Error {
  return Object.assign(new Error(message), { code: 'ETIMEDOUT' });
}

/** OpenSSL's verdicts on a chain no trusted root vouches for (not a name mismatch, an expiry or a revocation). */
const UNKNOWN_ISSUER = /^(?:UNABLE_TO_GET_ISSUER_CERT_LOCALLY|UNABLE_TO_GET_ISSUER_CERT|UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|DEPTH_ZERO_SELF_SIGNED_CERT)$/;

/** A failure of the proxy, named without its credentials: `http://***@proxy.example:3128`. */
function proxyError(code: string, proxy: string, what: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`the proxy ${describeProxy(proxy)} ${what}`), { code, ...extra });
}

function tooLarge(maxBytes: number): Error {
  return Object.assign(new Error(`the service sent more than ${formatBytes(maxBytes)}; stopped reading`), { code: TOO_LARGE });
}

export function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MiB` : `${bytes} bytes`;
}

/** Whether `headers` has `lowerCaseName`, in any case. */
export function hasHeader(headers: Record<string, string>, lowerCaseName: string): boolean {
  for (const name in headers) if (name.toLowerCase() === lowerCaseName) return true;
  return false;
}

function rawHeader(raw: string[], lowerCaseName: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() === lowerCaseName) return raw[i + 1];
  }
  return undefined;
}

class HttpResponse implements TransportResponse {
  readonly statusCode: number;
  constructor(
    private readonly res: http.IncomingMessage,
    readonly text: string,
  ) {
    this.statusCode = res.statusCode ?? 0;
  }

  header(lowerCaseName: string): string | undefined {
    return rawHeader(this.res.rawHeaders, lowerCaseName);
  }
}

/** Methods whose request without a body still says `Content-Length: 0`, as Node does for header objects. */
const SAYS_EMPTY_BODY = new Set(['POST', 'PUT', 'PATCH']);

export class Transport {
  /** By scheme, or by scheme and proxy. */
  private readonly agents = new Map<string, http.Agent>();
  private secureContext: Promise<SecureContext> | undefined;
  /** The OS store's certificates once asked for (null: this Node cannot read it); undefined before. */
  private systemStore: string[] | null | undefined;
  private systemStoreLoad: Promise<boolean> | undefined;
  /** The last URL's parts: a batch posts to one URL thousands of times. */
  private last: { url: string; endpoint: Endpoint } | undefined;
  /**
   * The requests in flight, in slots reused as requests end. Not a Set: under a batch's add/delete
   * churn V8 rehashes a Set's table every few dozen requests and links the old table to the new
   * one, so once a table was in the old generation each request's objects outlived two young-
   * generation GCs. Measured on a 5,000-job batch: GC pauses of a cold run 85-104 ms -> 61-72 ms
   * (docs/performance.md).
   */
  private readonly watches: (Watch | undefined)[] = [];
  private readonly freeSlots: number[] = [];
  private sweeper: NodeJS.Timeout | undefined;
  /** How often deadlines are checked: a tenth of the shortest limit, so a timeout fires at most 10% late. */
  private readonly sweepMs: number;

  constructor(private readonly options: TransportOptions) {
    const shortest = Math.min(options.connectTimeoutMs, options.headersTimeoutMs, options.bodyTimeoutMs, options.requestTimeoutMs ?? Infinity);
    this.sweepMs = Math.min(1000, Math.max(5, Math.floor(shortest / 10)));
  }

  send(url: string, request: TransportRequest): Promise<TransportResponse> {
    const sent = this.last?.url === url ? this.sendTo(this.last.endpoint, request) : this.endpoint(url).then((endpoint) => this.sendTo(endpoint, request));
    return this.systemStore !== undefined || this.options.ca || !url.startsWith('https:') ? sent : sent.catch((error: Error) => this.withSystemStore(error, url, request));
  }

  /**
   * A certificate that Node's roots (and the CA file) do not vouch for may be vouched for by the
   * operating system's store, where a company's IT installs its CA: where the running Node can read
   * that store (tls.getCACertificates, Node >= 22.15 and >= 23.10), the request is sent once more
   * trusting it too, and so is every later one. Loaded only then: reading the store costs some
   * 100 ms. A failed handshake sent nothing, so sending again is safe.
   */
  private async withSystemStore(error: Error, url: string, request: TransportRequest): Promise<TransportResponse> {
    if (!UNKNOWN_ISSUER.test((error as NodeJS.ErrnoException).code ?? '')) throw error;
    // Once, however many requests failed alike at the same time.
    this.systemStoreLoad ??= this.loadSystemStore();
    if (!(await this.systemStoreLoad)) throw error;
    return this.send(url, request);
  }

  /** Reads the OS store and starts every https connection anew with it; false where Node cannot read it. */
  private async loadSystemStore(): Promise<boolean> {
    const { systemRoots } = await import('./trust.js');
    this.systemStore = (this.options.systemRoots ?? systemRoots)() ?? null;
    if (!this.systemStore) return false;
    this.options.log?.("tls: the certificate is not one Node's CAs vouch for; trying again trusting the operating system's store too");
    // Every https agent and endpoint was made with the old roots.
    for (const [key, agent] of this.agents) {
      if (!key.startsWith('https:')) continue;
      agent.destroy();
      this.agents.delete(key);
    }
    this.last = undefined;
    this.secureContext = undefined;
    return true;
  }

  /** Ends every connection; requests still in flight fail. */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
    this.last = undefined;
    this.stopSweeping();
  }

  private sendTo(endpoint: Endpoint, { method, headers, body, deadline = Infinity }: TransportRequest): Promise<TransportResponse> {
    const raw: string[] = [];
    let hasLength = false;
    let hasHost = false;
    for (const name in headers) {
      const lower = name.toLowerCase();
      if (lower === 'content-length') hasLength = true;
      else if (lower === 'host') hasHost = true;
      raw.push(name, headers[name]!);
    }
    if (!hasHost) raw.push('host', endpoint.host);
    // A known length lets Node send the headers and the body in one write, not chunked.
    if (!hasLength && body !== undefined) raw.push('content-length', String(Buffer.byteLength(body)));
    else if (!hasLength && SAYS_EMPTY_BODY.has(method.toUpperCase())) raw.push('content-length', '0');
    const { maxResponseBytes, connectTimeoutMs, headersTimeoutMs, bodyTimeoutMs } = this.options;

    return new Promise((resolve, reject) => {
      // http-proxy-agent rewrites the request line and adds its headers, which a flat list would lose.
      const headerList = endpoint.proxy && endpoint.options.protocol === 'http:' ? Object.fromEntries(pairs(raw)) : raw;
      const req = endpoint.scheme.request({ ...endpoint.options, method, headers: headerList });
      let fail = (error: Error) => {
        this.unwatch(watch);
        reject(error); // a second call, for the same failure seen twice, changes nothing
        req.destroy();
      };
      if (endpoint.proxy) fail = throughProxy(req, endpoint.proxy, endpoint.host, fail);
      const watch = this.watch(req, 'connecting', connectTimeoutMs, deadline, fail);
      req.on('socket', (socket) => {
        if (socket.connecting) socket.once('connect', () => this.rewatch(watch, 'waiting for the response', headersTimeoutMs));
        else this.rewatch(watch, 'waiting for the response', headersTimeoutMs);
      });
      req.on('error', fail);
      req.on('response', (res) => {
        // Only a proxy asks for its own credentials: in absolute form (http) its answer comes as the request's.
        if (res.statusCode === 407 && endpoint.proxy) return fail(proxyError(PROXY_REFUSED, endpoint.proxy, 'refused the request: 407 Proxy Authentication Required', { proxyStatus: 407 }));
        const declared = Number(res.headers['content-length']);
        if (declared > maxResponseBytes) return fail(tooLarge(maxResponseBytes));
        // Decoded as it comes, so that a large body is held once, as text, and not also as its chunks
        // and their join; the decoder keeps a character split between chunks whole.
        const decoder = new StringDecoder('utf8');
        let text = '';
        let received = 0;
        this.rewatch(watch, 'reading the response', bodyTimeoutMs);
        res.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > maxResponseBytes) return fail(tooLarge(maxResponseBytes));
          text += decoder.write(chunk);
          watch.deadline = Date.now() + bodyTimeoutMs;
        });
        // A connection cut mid-body comes as Node's bare "aborted" error, then 'close': named for what it is.
        const cutOff = () => Object.assign(new Error('the connection closed during the response'), { code: 'ECONNRESET' });
        res.on('error', (error) => fail(res.complete ? error : cutOff()));
        res.on('end', () => {
          this.unwatch(watch);
          resolve(new HttpResponse(res, text + decoder.end()));
        });
        res.on('close', () => {
          if (!res.complete) fail(cutOff());
        });
      });
      req.end(body);
    });
  }

  private watch(req: http.ClientRequest, phase: string, ms: number, until: number, fail: (error: Error) => void): Watch {
    const watch: Watch = { req, phase, ms, deadline: Date.now() + ms, until, fail, slot: this.freeSlots.pop() ?? this.watches.length };
    this.watches[watch.slot] = watch;
    this.sweeper ??= setInterval(() => this.sweep(), this.sweepMs).unref();
    return watch;
  }

  private rewatch(watch: Watch, phase: string, ms: number): void {
    watch.phase = phase;
    watch.ms = ms;
    watch.deadline = Date.now() + ms;
  }

  private unwatch(watch: Watch): void {
    if (this.watches[watch.slot] !== watch) return; // already ended
    this.watches[watch.slot] = undefined;
    this.freeSlots.push(watch.slot);
    if (this.freeSlots.length === this.watches.length) this.stopSweeping(); // none in flight
  }

  private stopSweeping(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = undefined;
  }

  private sweep(): void {
    const now = Date.now();
    for (const watch of this.watches) {
      if (!watch) continue;
      if (now >= watch.until) watch.fail(timeoutError(`no complete answer by the request's deadline (${watch.phase})`));
      else if (now >= watch.deadline) watch.fail(timeoutError(`${watch.phase} timed out after ${watch.ms} ms`));
    }
  }

  private async endpoint(url: string): Promise<Endpoint> {
    const parsed = new URL(url);
    const https = parsed.protocol === 'https:';
    // https loads node:tls, which a plain-http command (the sandbox) does not need.
    const scheme: HttpModule = https ? await import('node:https') : http;
    const proxy = proxyFor(parsed, this.options.proxy);
    // An https:// proxy is spoken to over TLS too, trusting the same certificates.
    const trust = https || proxy?.startsWith('https:') ? await this.trust() : {};
    const endpoint: Endpoint = {
      scheme,
      options: {
        // The proxy agents do not hand their own TLS options to the tunnelled connection: the request carries them.
        ...(proxy ? trust : {}),
        agent: proxy ? await this.proxyAgent(parsed, proxy, trust) : this.agent(parsed.protocol, scheme, trust),
        protocol: parsed.protocol,
        // [::1] is given to the socket without its brackets.
        hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: parsed.port,
        path: `${parsed.pathname}${parsed.search}`,
      },
      host: parsed.host,
      ...(proxy ? { proxy } : {}),
    };
    this.last = { url, endpoint };
    return endpoint;
  }

  /** The TLS options of https requests: the test's roots, Node's roots with the company CA, or Node's defaults. */
  private async trust(): Promise<{ ca?: string | Buffer; secureContext?: SecureContext }> {
    const { ca, extraCa } = this.options;
    if (ca) return { ca };
    const added = [...(this.systemStore ?? []), ...(extraCa ? [extraCa] : [])];
    if (added.length === 0) return {};
    // One context for every connection: a `ca` list would also be part of each request's pool name.
    this.secureContext ??= import('./trust.js').then((m) => m.trustedContext(added));
    return { secureContext: await this.secureContext };
  }

  private agent(protocol: string, scheme: HttpModule, trust: object): http.Agent {
    let agent = this.agents.get(protocol);
    if (!agent) {
      agent = new scheme.Agent({ keepAlive: true, maxSockets: this.options.maxSockets, ...trust });
      this.agents.set(protocol, agent);
    }
    return agent;
  }

  /** The agent that sends requests of `target`'s scheme through `proxy` (loaded only when a request has a proxy). */
  private async proxyAgent(target: URL, proxy: string, trust: object): Promise<http.Agent> {
    const key = `${target.protocol} ${proxy}`;
    let agent = this.agents.get(key);
    if (!agent) {
      const { proxyAgent } = await import('./proxy-agent.js');
      agent = this.agents.get(key) ?? proxyAgent(proxy, target.protocol, { keepAlive: true, maxSockets: this.options.maxSockets, ...trust });
      this.agents.set(key, agent);
      this.options.log?.(`proxy: ${target.protocol}//${target.host} through ${describeProxy(proxy)}${target.protocol === 'https:' ? ' (CONNECT)' : ''}`);
    }
    return agent;
  }
}

/** [name, value, name, value...] as pairs. */
function pairs(raw: string[]): [string, string][] {
  const out: [string, string][] = [];
  for (let i = 0; i < raw.length; i += 2) out.push([raw[i]!, raw[i + 1]!]);
  return out;
}

/**
 * A request through a proxy fails as the proxy's failure until the proxy has handed it a connection
 * to the service: the proxy unreachable or silent, or its tunnel refused (407, 403, 502...). The
 * proxy agents hand the request its socket only once the tunnel stands.
 */
function throughProxy(req: http.ClientRequest, proxy: string, target: string, fail: (error: Error) => void): (error: Error) => void {
  let through = false;
  let reached = false;
  req.once('socket', () => {
    through = true;
  });
  req.once(PROXY_REACHED, () => {
    reached = true;
  });
  req.on('proxyConnect', (connect: { statusCode?: number; statusText?: string }) => {
    const status = connect.statusCode;
    if (status !== undefined && status !== 200) {
      fail(proxyError(PROXY_REFUSED, proxy, `refused the tunnel to ${target}: ${status}${connect.statusText ? ` ${connect.statusText}` : ''}`, { proxyStatus: status }));
    }
  });
  return (error) => {
    const code = (error as NodeJS.ErrnoException).code;
    if (through || code === PROXY_REFUSED || code === PROXY_UNREACHABLE) return fail(error);
    if (reached && code === 'ETIMEDOUT') {
      const silence = error.message.replace(/^connecting timed out/, 'no answer');
      return fail(proxyError(PROXY_UNREACHABLE, proxy, `took the connection but did not answer the tunnel request to ${target} (${silence}): is it a proxy, and of the scheme given (http:// or https://)?`));
    }
    fail(proxyError(PROXY_UNREACHABLE, proxy, `could not be reached: ${error.message}${code && code !== 'ETIMEDOUT' ? ` [${code}]` : ''}`));
  };
}
