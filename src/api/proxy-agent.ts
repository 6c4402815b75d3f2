// The agents that talk to a proxy: CONNECT tunnels for https targets (https-proxy-agent), requests
// in absolute form for http targets (http-proxy-agent). Loaded only when a request has a proxy
// (http.ts), so that a command without one never loads these packages (docs/performance.md).
import { channel } from 'node:diagnostics_channel';
import type { Agent, ClientRequest } from 'node:http';
import type { Socket } from 'node:net';
import type { SecureContext } from 'node:tls';
import type { AgentConnectOpts } from 'agent-base';
import { HttpProxyAgent } from 'http-proxy-agent';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { PROXY_REACHED } from './proxy-route.js';

const socketCreated = channel('net.client.socket');

/**
 * Tells the request when its connection to the proxy stands (PROXY_REACHED), so that a proxy that
 * takes the connection and never answers the CONNECT is told apart from one that cannot be reached.
 * The agent keeps its socket to itself; Node announces each one net.connect() makes, and the agent
 * makes it before its first await. (An https:// proxy's socket comes from tls.connect(), which
 * announces none: there the two stay one "could not be reached".)
 */
class WatchedHttpsProxyAgent extends HttpsProxyAgent<string> {
  override connect(req: ClientRequest, opts: AgentConnectOpts): Promise<Socket> {
    let socket: Socket | undefined;
    const take = (message: unknown) => {
      socket ??= (message as { socket: Socket }).socket;
    };
    socketCreated.subscribe(take);
    let tunnel: Promise<Socket>;
    try {
      tunnel = super.connect(req, opts);
    } finally {
      socketCreated.unsubscribe(take);
    }
    (socket as Socket | undefined)?.once('connect', () => req.emit(PROXY_REACHED));
    return tunnel;
  }
}

export interface ProxyAgentOptions {
  keepAlive: boolean;
  maxSockets: number;
  /** For an https:// proxy: the certificates its own TLS is checked against. */
  ca?: string | Buffer;
  secureContext?: SecureContext;
}

/** An agent that sends requests to `target` ('https:' or 'http:') through `proxy`; its credentials go in Proxy-Authorization. */
export function proxyAgent(proxy: string, target: string, options: ProxyAgentOptions): Agent {
  return target === 'https:' ? new WatchedHttpsProxyAgent(proxy, options) : new HttpProxyAgent(proxy, options);
}
