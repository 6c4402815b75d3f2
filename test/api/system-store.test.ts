// A company CA in the operating system's store: where the running Node can read that store
// (tls.getCACertificates, Node >= 22.15 and >= 23.10), a certificate Node's own roots do not vouch
// for is tried once more trusting the store too. The store is a test's own list in process, and
// the real store of a child Node (SSL_CERT_FILE points OpenSSL's, and so Node's, at the test CA).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as tls from 'node:tls';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { Transport } from '../../src/api/http.js';
import { runBin } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { useSandbox } from '../helpers/sandbox.js';
import { startTlsFront, type TlsFront } from '../helpers/tls-front.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/tls/corp/${name}`, import.meta.url));
const CA = readFileSync(fixture('ca.pem'), 'utf8');

const sandbox = useSandbox();
let front: TlsFront;
let baseUrl: string;

beforeAll(async () => {
  front = await startTlsFront(sandbox.current.origin, { cert: readFileSync(fixture('server.pem')), key: readFileSync(fixture('server-key.pem')) });
  baseUrl = `https://127.0.0.1:${front.port}/v1`;
});

afterAll(() => front?.close());

function client(systemRoots: () => string[] | undefined, log?: string[], options: { url?: string; extraCa?: string } = {}): ApiClient {
  const transport = new Transport({
    connectTimeoutMs: 5000,
    headersTimeoutMs: 5000,
    bodyTimeoutMs: 5000,
    maxResponseBytes: 1 << 20,
    maxSockets: 4,
    systemRoots,
    ...(log ? { log: (l: string) => void log.push(l) } : {}),
    ...(options.extraCa ? { extraCa: options.extraCa } : {}),
  });
  return new ApiClient({ baseUrl: options.url ?? baseUrl, token: 'sbx_direct_full', userAgent: 'recruit-test', transport, sleep: async () => undefined });
}

/** An https server with the test company's certificate that counts the connections made to it. */
async function countingServer(): Promise<{ url: string; connections: () => number; close: () => Promise<void> }> {
  let connections = 0;
  const server = createServer({ cert: readFileSync(fixture('server.pem')), key: readFileSync(fixture('server-key.pem')) }, (_req, res) => res.end('[]'));
  server.on('connection', () => connections++);
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `https://localhost:${port}/v1`,
    connections: () => connections,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe('the operating system store', () => {
  it('trusts a CA that only the OS store holds, asking the store once, for every request after', async () => {
    const log: string[] = [];
    let asked = 0;
    const api = client(() => (asked++, [CA]), log);
    try {
      const answers = await Promise.all([1, 2, 3].map(() => api.request('GET', '/industries')));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      expect((await api.request('GET', '/industries')).status).toBe(200);
      expect(asked).toBe(1);
      expect(log.filter((l) => l.startsWith('tls:'))).toHaveLength(1);
    } finally {
      await api.close();
    }
  });

  it('without a log to tell (no --verbose), the store is used all the same', async () => {
    const api = client(() => [CA]);
    try {
      expect((await api.request('GET', '/industries')).status).toBe(200);
    } finally {
      await api.close();
    }
  });

  it('where Node cannot read the store (Node 20), the certificate error stands: one connection, nothing said of the store', async () => {
    const server = await countingServer();
    const log: string[] = [];
    const api = client(() => undefined, log, { url: server.url.replace('localhost', '127.0.0.1') });
    try {
      await expect(api.request('GET', '/industries')).rejects.toMatchObject({ kind: 'tls' });
      expect(server.connections()).toBe(1);
      expect(log.filter((l) => l.startsWith('tls:'))).toEqual([]);
    } finally {
      await api.close();
      await server.close();
    }
  });

  it('a certificate made out to another name is not the store\'s to fix: the store is not asked, one connection', async () => {
    const server = await countingServer();
    let asked = 0;
    const api = client(() => (asked++, [CA]), [], { url: server.url, extraCa: CA });
    try {
      await expect(api.request('GET', '/industries')).rejects.toMatchObject({ kind: 'tls_name' });
      expect(asked).toBe(0);
      expect(server.connections()).toBe(1);
    } finally {
      await api.close();
      await server.close();
    }
  });

  it('reading the store starts only the https connections anew: a kept-alive plain-http connection stays', async () => {
    let connections = 0;
    const plain = createHttpServer((_req, res) => res.end('ok'));
    plain.on('connection', () => connections++);
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;
    const transport = new Transport({ connectTimeoutMs: 5000, headersTimeoutMs: 5000, bodyTimeoutMs: 5000, maxResponseBytes: 1 << 20, maxSockets: 4, systemRoots: () => [CA] });
    try {
      expect((await transport.send(plainUrl, { method: 'GET', headers: {} })).text).toBe('ok');
      expect((await transport.send(`${baseUrl}/industries`, { method: 'GET', headers: { authorization: 'Bearer sbx_direct_full' } })).statusCode).toBe(200);
      expect((await transport.send(plainUrl, { method: 'GET', headers: {} })).text).toBe('ok');
      expect(connections).toBe(1);
    } finally {
      transport.close();
      plain.closeAllConnections();
      await new Promise((resolve) => plain.close(resolve));
    }
  });

  it('a store without the CA: the certificate error stands', async () => {
    const api = client(() => [], []);
    try {
      await expect(api.request('GET', '/industries')).rejects.toMatchObject({ kind: 'tls' });
    } finally {
      await api.close();
    }
  });

  const readsStore = typeof (tls as { getCACertificates?: unknown }).getCACertificates === 'function';
  it.skipIf(!readsStore)(`the built CLI on this Node (${process.version}) reads the real store`, async () => {
    await ensureFreshBuild();
    const env = { RECRUIT_TOKEN: 'sbx_direct_full', NODE_EXTRA_CA_CERTS: '', SSL_CERT_FILE: fixture('ca.pem'), SSL_CERT_DIR: mkdtempSync(join(tmpdir(), 'no-certs-')) };
    const res = await runBin(['--base-url', baseUrl, 'lookup', 'industries'], { env });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('Information Technology');
  });
});
