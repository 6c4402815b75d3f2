// The transport's side of a proxy that fails: what the error says and is, before any byte reached
// the service. Real sockets, short limits (a silent proxy is given 50 ms, not the 10 s default).
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { Transport } from '../../src/api/http.js';
import { exitCodeOf } from '../../src/core/api-failure.js';

let silent: Server;
let silentPort: number;
const held: Socket[] = [];

beforeAll(async () => {
  // Accepts the connection, reads the CONNECT, never answers: a proxy that hangs.
  silent = createServer((socket) => {
    held.push(socket);
    socket.resume();
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

function client(proxy: string): ApiClient {
  const transport = new Transport({ connectTimeoutMs: 50, headersTimeoutMs: 1000, bodyTimeoutMs: 1000, maxResponseBytes: 1 << 20, maxSockets: 4, proxy: { https: proxy } });
  return new ApiClient({ baseUrl: 'https://api.corp.test/v1', token: 'tok', userAgent: 'recruit-test', transport, sleep: async () => undefined });
}

describe('a proxy that does not answer', () => {
  it('took the connection but did not answer: said so (not "could not be reached"), its own kind, exit 7, one attempt, named without its password', async () => {
    const api = client(`http://erin:hidden-pass@127.0.0.1:${silentPort}`);
    try {
      const error = (await api.request('POST', '/jobs', { body: {}, idempotencyKey: 'k1' }).catch((e: unknown) => e)) as ApiError;
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'proxy_unreachable', retryable: false, outcomeUnknown: false, failure: { attempts: 1 } });
      expect(error.message).toBe(
        `POST /jobs failed: the proxy http://***@127.0.0.1:${silentPort} took the connection but did not answer the tunnel request to api.corp.test (no answer after 50 ms): is it a proxy, and of the scheme given (http:// or https://)?`,
      );
      expect(exitCodeOf(error)).toBe(7);
    } finally {
      await api.close();
    }
  });
});

describe('a proxy that refuses the tunnel without a reason phrase', () => {
  it('is refused with the status alone: its own kind, exit 7, one attempt', async () => {
    // Answers every CONNECT with a bare status line, as some appliances do ("HTTP/1.1 403").
    const bare = createServer((socket) => {
      socket.once('data', () => socket.end('HTTP/1.1 403\r\nContent-Length: 0\r\n\r\n'));
      socket.on('error', () => socket.destroy());
    });
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
    const port = (bare.address() as AddressInfo).port;
    const api = client(`http://127.0.0.1:${port}`);
    try {
      const error = (await api.request('POST', '/jobs', { body: {}, idempotencyKey: 'k2' }).catch((e: unknown) => e)) as ApiError;
      expect(error).toMatchObject({ kind: 'proxy_refused', retryable: false, failure: { attempts: 1 } });
      expect(error.message).toBe(`POST /jobs failed: the proxy http://127.0.0.1:${port} refused the tunnel to api.corp.test: 403`);
      expect(exitCodeOf(error)).toBe(7);
    } finally {
      await api.close();
      await new Promise((resolve) => bare.close(resolve));
    }
  });
});
