// A forward proxy on a loopback port, as a company's: CONNECT tunnels for https targets, requests in
// absolute form for http targets. It alone knows where some hosts are (`hosts`: api.corp.test ->
// 127.0.0.1), may ask for credentials (407) or refuse hosts (403), and logs what it saw, including
// the Proxy-Authorization it got, so a test can check what the client sent.
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

export interface ProxySeen {
  method: string;
  /** CONNECT: host:port; otherwise the request line's target (absolute form: http://host:port/path). */
  target: string;
  proxyAuthorization: string | undefined;
  /** What the proxy answered itself (407, 403, 502), or 200 for a tunnel / the upstream's status. */
  status: number;
}

export interface ConnectProxyOptions {
  /** Host names only the proxy can resolve. */
  hosts?: Record<string, string>;
  /** `user:password`: anything else gets a 407. */
  credentials?: string;
  /** Host names refused with a 403. */
  refuse?: string[];
}

export interface ConnectProxy {
  url: string;
  port: number;
  seen: ProxySeen[];
  /** Ends the server, its connections and its tunnels. */
  close(): Promise<void>;
}

const CRLF = '\r\n';

function answer(socket: Socket, status: number, text: string, headers: string[] = []): void {
  socket.end([`HTTP/1.1 ${status} ${text}`, ...headers, 'Content-Length: 0', 'Connection: close', '', ''].join(CRLF));
}

export async function startConnectProxy(options: ConnectProxyOptions = {}): Promise<ConnectProxy> {
  const seen: ProxySeen[] = [];
  const sockets = new Set<Socket>();
  const expected = options.credentials ? `Basic ${Buffer.from(options.credentials).toString('base64')}` : undefined;
  const where = (host: string) => options.hosts?.[host] ?? host;

  /** The status the proxy answers itself, or undefined to pass the request on. */
  function verdict(req: IncomingMessage, host: string): [number, string, string[]] | undefined {
    if (expected && req.headers['proxy-authorization'] !== expected) {
      return [407, 'Proxy Authentication Required', ['Proxy-Authenticate: Basic realm="test proxy"']];
    }
    if (options.refuse?.includes(host)) return [403, 'Forbidden', []];
    return undefined;
  }

  const server: Server = createServer((req, res) => {
    // Absolute form: GET http://host:port/path HTTP/1.1
    const target = new URL(req.url ?? '');
    const entry: ProxySeen = { method: req.method ?? '', target: req.url ?? '', proxyAuthorization: req.headers['proxy-authorization'], status: 0 };
    seen.push(entry);
    const refused = verdict(req, target.hostname);
    if (refused) {
      entry.status = refused[0];
      res.writeHead(refused[0], refused[1], Object.fromEntries(refused[2].map((h) => h.split(': ') as [string, string])));
      res.end();
      return;
    }
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = request(
      { host: where(target.hostname), port: target.port || 80, method: req.method, path: `${target.pathname}${target.search}`, headers },
      (answerRes) => {
        entry.status = answerRes.statusCode ?? 0;
        res.writeHead(answerRes.statusCode ?? 502, answerRes.headers);
        answerRes.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });

  server.on('connect', (req: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => client.destroy());
    const target = req.url ?? '';
    const entry: ProxySeen = { method: 'CONNECT', target, proxyAuthorization: req.headers['proxy-authorization'], status: 0 };
    seen.push(entry);
    const [host, port] = [target.slice(0, target.lastIndexOf(':')), Number(target.slice(target.lastIndexOf(':') + 1))];
    const refused = verdict(req, host);
    if (refused) {
      entry.status = refused[0];
      return answer(client, ...refused);
    }
    const upstream = connect(port, where(host));
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('connect', () => {
      entry.status = 200;
      client.write(`HTTP/1.1 200 Connection Established${CRLF}${CRLF}`);
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => {
      if (entry.status === 0) {
        entry.status = 502;
        answer(client, 502, 'Bad Gateway');
      } else client.destroy();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    seen,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
