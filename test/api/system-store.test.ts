// A company CA in the operating system's store: where the running Node can read that store
// (tls.getCACertificates, Node >= 22.15 and >= 23.10), a certificate Node's own roots do not vouch
// for is tried once more trusting the store too. The store is a test's own list in process, and
// the real store of a child Node (SSL_CERT_FILE points OpenSSL's, and so Node's, at the test CA).
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

function client(systemRoots: () => string[] | undefined, log: string[]): ApiClient {
  const transport = new Transport({ connectTimeoutMs: 5000, headersTimeoutMs: 5000, bodyTimeoutMs: 5000, maxResponseBytes: 1 << 20, maxSockets: 4, systemRoots, log: (l) => log.push(l) });
  return new ApiClient({ baseUrl, token: 'sbx_direct_full', userAgent: 'recruit-test', transport, sleep: async () => undefined });
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

  it('where Node cannot read the store (Node 20), the certificate error stands', async () => {
    const api = client(() => undefined, []);
    try {
      await expect(api.request('GET', '/industries')).rejects.toMatchObject({ kind: 'tls' });
    } finally {
      await api.close();
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
