// ApiClient's HTTP/1.1 transport: Node's own http (and https) with a keep-alive agent per scheme.
// Not undici: in a fresh process, loading undici (~440 KB of JavaScript) and compiling the path of
// its first request took some 40 ms more than node:http, which Node ships precompiled; that was a
// third of `recruit jobs get` (docs/performance.md). A batch sends thousands of requests through
// here, so the per-request path keeps its allocations few: the parsed URL is reused, and one timer
// is re-armed through the phases of a request.
import * as http from 'node:http';

export interface TransportOptions {
  connectTimeoutMs: number;
  /** From the request's start until the response's headers. */
  headersTimeoutMs: number;
  /** The longest pause while the body arrives. */
  bodyTimeoutMs: number;
  /** Connections per origin. */
  maxSockets: number;
}

export interface TransportRequest {
  method: string;
  headers: Record<string, string>;
  /** Text, or bytes already encoded as UTF-8. */
  body?: string | Uint8Array;
}

export interface TransportResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

type HttpModule = Pick<typeof http, 'request' | 'Agent'>;

interface Endpoint {
  scheme: HttpModule;
  agent: http.Agent;
  protocol: string;
  hostname: string;
  port: string;
  path: string;
  auth?: string;
}

function timeoutError(what: string, ms: number): Error {
  return Object.assign(new Error(`${what} timed out after ${ms} ms`), { code: 'ETIMEDOUT' });
}

/** Whether `headers` has `lowerCaseName`, in any case. */
export function hasHeader(headers: Record<string, string>, lowerCaseName: string): boolean {
  for (const name in headers) if (name.toLowerCase() === lowerCaseName) return true;
  return false;
}

export class Transport {
  private readonly agents = new Map<string, http.Agent>();
  /** The last URL's parts: a batch posts to one URL thousands of times. */
  private last: { url: string; endpoint: Endpoint } | undefined;

  constructor(private readonly options: TransportOptions) {}

  async send(url: string, { method, headers, body }: TransportRequest): Promise<TransportResponse> {
    const endpoint = this.last?.url === url ? this.last.endpoint : await this.endpoint(url);
    // A known length lets Node send the headers and the body in one write, not chunked.
    if (body !== undefined && !hasHeader(headers, 'content-length')) {
      headers = { ...headers, 'content-length': String(typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength) };
    }
    const { connectTimeoutMs, headersTimeoutMs, bodyTimeoutMs } = this.options;
    return new Promise((resolve, reject) => {
      const { scheme, ...where } = endpoint;
      const req = scheme.request({ ...where, method, headers });
      let phase = 'connecting';
      let phaseMs = connectTimeoutMs;
      const expire = () => req.destroy(timeoutError(phase, phaseMs));
      let timer = setTimeout(expire, phaseMs).unref();
      const arm = (what: string, ms: number) => {
        phase = what;
        if (ms === phaseMs) {
          timer.refresh();
        } else {
          clearTimeout(timer);
          phaseMs = ms;
          timer = setTimeout(expire, ms).unref();
        }
      };
      req.on('socket', (socket) => {
        if (socket.connecting) socket.once('connect', () => arm('waiting for the response', headersTimeoutMs));
        else arm('waiting for the response', headersTimeoutMs);
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        arm('reading the response', bodyTimeoutMs);
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          timer.refresh();
        });
        res.on('error', (error) => {
          clearTimeout(timer);
          reject(error);
        });
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') });
        });
        res.on('close', () => {
          if (res.complete) return;
          clearTimeout(timer);
          reject(Object.assign(new Error('the connection closed during the response'), { code: 'ECONNRESET' }));
        });
      });
      req.end(body);
    });
  }

  /** Ends every connection; requests still in flight fail. */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
    this.last = undefined;
  }

  private async endpoint(url: string): Promise<Endpoint> {
    const parsed = new URL(url);
    // https loads node:tls, which a plain-http command (the sandbox) does not need.
    const scheme: HttpModule = parsed.protocol === 'https:' ? await import('node:https') : http;
    const endpoint: Endpoint = {
      scheme,
      agent: this.agent(parsed.protocol, scheme),
      protocol: parsed.protocol,
      // [::1] is given to the socket without its brackets.
      hostname: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: parsed.port,
      path: `${parsed.pathname}${parsed.search}`,
      ...(parsed.username || parsed.password ? { auth: `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}` } : {}),
    };
    this.last = { url, endpoint };
    return endpoint;
  }

  private agent(protocol: string, scheme: HttpModule): http.Agent {
    let agent = this.agents.get(protocol);
    if (!agent) {
      agent = new scheme.Agent({ keepAlive: true, maxSockets: this.options.maxSockets });
      this.agents.set(protocol, agent);
    }
    return agent;
  }
}
