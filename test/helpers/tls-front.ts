// An https server that passes every request on to a plain-http origin (the sandbox), as a service
// behind TLS: what the client sends over TLS reaches the origin unchanged.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';

export interface TlsFront {
  port: number;
  close(): Promise<void>;
}

/** `onRequest` sees each request before it is passed on (a test that records what arrived). */
export async function startTlsFront(origin: string, tls: { cert: Buffer; key: Buffer }, onRequest?: (req: IncomingMessage) => void): Promise<TlsFront> {
  const upstream = new URL(origin);
  const server = createServer(tls, (req, res) => {
    onRequest?.(req);
    const forward = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.on('tlsClientError', () => undefined); // a client that refuses the certificate
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
