// A 429's Retry-After pauses every request of the client; a request whose deadline the pause
// would pass ends at once instead of sleeping past it.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';

let held: ServerResponse | undefined;
let releaseHeld: () => void = () => undefined;
const server = createServer((req, res) => {
  if (req.url === '/v1/slow') {
    held = res; // answered when the test says so, after the other request's 429
    releaseHeld();
    return;
  }
  res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '50' }).end('{"error":{"code":"rate_limited","message":"slow down"}}');
});
let base = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it("ends a request whose deadline another request's Retry-After pause would pass, without sleeping", async () => {
  let now = 1_000_000;
  const sleeps: number[] = [];
  const api = new ApiClient({
    baseUrl: base,
    token: 't',
    userAgent: 'pause-test',
    random: () => 0,
    now: () => now,
    // Short waits pass at once; a long one (the pause) is still under way when the test ends.
    sleep: (ms) => {
      sleeps.push(ms);
      if (ms >= 1000) return new Promise<void>(() => undefined);
      now += ms;
      return Promise.resolve();
    },
    timeouts: { requestMs: 60_000 },
  });
  try {
    // The slow request starts first: its deadline is 60 s from now.
    const arrived = new Promise<void>((resolve) => (releaseHeld = resolve));
    const slow = api.request('GET', '/slow').catch((e: unknown) => e);
    await arrived;
    // 30 s later another request gets a 429 asking for 50 s: every request pauses until 80 s.
    now += 30_000;
    const limited = api.request('GET', '/limited').catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The slow request now gets a 503: its retry would wait for the pause, past its 60 s deadline.
    held!.writeHead(503, { 'content-type': 'application/json' }).end('{"error":{"code":"unavailable","message":"busy"}}');
    const error = await slow;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout' });
    expect((error as ApiError).message).toMatch(/^GET \/slow failed: the service asked to wait \d+(\.\d)? s \(Retry-After\), which passes the request's deadline/);
    // It slept its own backoff (150 ms at random 0) and not the pause, which only the other request waits.
    expect(sleeps).toEqual([50_000, 150]);
    void limited;
  } finally {
    await api.close();
  }
});
