// ApiClient's HTTP/1.1 transport: Node's own http (and https) with a keep-alive agent per scheme.
// Not undici: in a fresh process, loading undici (~440 KB of JavaScript) and compiling the path of
// its first request took some 40 ms more than node:http, which Node ships precompiled; that was a
// third of `recruit jobs get` (docs/performance.md).
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
  body?: string;
}

export interface TransportResponse {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

type HttpModule = Pick<typeof http, 'request' | 'Agent'>;

function timeoutError(what: string, ms: number): Error {
  return Object.assign(new Error(`${what} timed out after ${ms} ms`), { code: 'ETIMEDOUT' });
}

export class Transport {
  private readonly agents = new Map<string, http.Agent>();

  constructor(private readonly options: TransportOptions) {}

  async send(url: string, { method, headers, body }: TransportRequest): Promise<TransportResponse> {
    const target = new URL(url);
    // https loads node:tls, which a plain-http command (the sandbox) does not need.
    const scheme: HttpModule = target.protocol === 'https:' ? await import('node:https') : http;
    const { connectTimeoutMs, headersTimeoutMs, bodyTimeoutMs } = this.options;
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const req = scheme.request(target, { method, headers, agent: this.agent(target.protocol, scheme) });
      const arm = (what: string, ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(() => req.destroy(timeoutError(what, ms)), ms).unref();
      };
      const settle = (done: () => void) => {
        clearTimeout(timer);
        done();
      };
      arm('connecting', connectTimeoutMs);
      req.on('socket', (socket) => {
        if (socket.connecting) socket.once('connect', () => arm('waiting for the response', headersTimeoutMs));
        else arm('waiting for the response', headersTimeoutMs);
      });
      req.on('error', (error) => settle(() => reject(error)));
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        arm('reading the response', bodyTimeoutMs);
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          arm('reading the response', bodyTimeoutMs);
        });
        res.on('error', (error) => settle(() => reject(error)));
        res.on('close', () => {
          if (!res.complete) settle(() => reject(Object.assign(new Error('the connection closed during the response'), { code: 'ECONNRESET' })));
        });
        res.on('end', () =>
          settle(() => resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') })),
        );
      });
      req.end(body);
    });
  }

  /** Ends every connection; requests still in flight fail. */
  close(): void {
    for (const agent of this.agents.values()) agent.destroy();
    this.agents.clear();
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
