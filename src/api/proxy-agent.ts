// The agents that talk to a proxy: CONNECT tunnels for https targets (https-proxy-agent), requests
// in absolute form for http targets (http-proxy-agent). Loaded only when a request has a proxy
// (http.ts), so that a command without one never loads these packages (docs/performance.md).
import type { Agent } from 'node:http';
import type { SecureContext } from 'node:tls';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';

export interface ProxyAgentOptions {
  keepAlive: boolean;
  maxSockets: number;
  /** For an https:// proxy: the certificates its own TLS is checked against. */
  ca?: string | Buffer;
  secureContext?: SecureContext;
}

/** An agent that sends requests to `target` ('https:' or 'http:') through `proxy`; its credentials go in Proxy-Authorization. */
export function proxyAgent(proxy: string, target: string, options: ProxyAgentOptions): Agent {
  return target === 'https:' ? new HttpsProxyAgent(proxy, options) : new HttpProxyAgent(proxy, options);
}
