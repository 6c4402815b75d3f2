// What every fake HTTP server of the tests shares: listening on a loopback port chosen by the
// system, reading a request's body, passing a request on to the sandbox (the proxies), and closing
// with every connection ended, a stuck one included. Each fake (hostile-server.ts,
// scripted-proxy.ts, the recording proxy of test/batch/helpers.ts, a test's own small server) keeps
// its own behaviour and records what it needs; this module only starts, forwards and stops.
import type { IncomingHttpHeaders, IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { request } from 'undici';

export interface Listening {
  /** http://127.0.0.1:<port> (brackets around an IPv6 host). */
  origin: string;
  port: number;
  /** Stops listening and ends every connection, those in the middle of an answer too. */
  close(): Promise<void>;
}

/** Starts `server` on `host` (127.0.0.1 by default), on a port the system picks. */
export async function listenLocal(server: Server, host = '127.0.0.1'): Promise<Listening> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** `server` listening for the test file's tests: started before them, closed after them. */
export function useListening(server: Server, host?: string): { readonly current: Listening } {
  const holder = { current: undefined as unknown as Listening };
  beforeAll(async () => {
    holder.current = await listenLocal(server, host);
  });
  afterAll(() => holder.current.close());
  return holder;
}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export interface Forwarded {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** Passes `req` (its body already read) on to `origin` with the same method, path and headers. */
export async function forward(origin: string, req: IncomingMessage, body: Buffer): Promise<Forwarded> {
  const headers = { ...req.headers };
  delete headers.host;
  delete headers.connection;
  const upstream = await request(`${origin}${req.url}`, {
    method: req.method as 'GET',
    headers: headers as Record<string, string>,
    body: body.length ? body : undefined,
  });
  return { status: upstream.statusCode, headers: upstream.headers as IncomingHttpHeaders, text: await upstream.body.text() };
}

/** `headers` as strings, without those named in `drop` (the hop-by-hop ones a proxy sets itself). */
export function passHeaders(headers: IncomingHttpHeaders, drop: ReadonlySet<string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !drop.has(name)) out[name] = String(value);
  return out;
}
