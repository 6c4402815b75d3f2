// The real service is https: the client over TLS, through a local https server (a certificate kept in
// test/fixtures/tls) in front of a real sandbox. In-process through the Transport's `ca`, and the
// built CLI with NODE_EXTRA_CA_CERTS, as a user with an organisation's CA would run it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { Transport } from '../../src/api/http.js';
import { createJob } from '../../src/api/jobs.js';
import { exitCodeOf, hintOf } from '../../src/core/api-failure.js';
import { runBin } from '../helpers/cli.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { useSandbox, validJob } from '../helpers/sandbox.js';
import { startTlsFront, type TlsFront } from '../helpers/tls-front.js';
import { countTitle, jobs, writeJobs } from '../batch/helpers.js';

const CERT = fileURLToPath(new URL('../fixtures/tls/cert.pem', import.meta.url));
const KEY = fileURLToPath(new URL('../fixtures/tls/key.pem', import.meta.url));

interface Seen {
  method: string;
  path: string;
  contentType: string | undefined;
}

const sandbox = useSandbox({ activeJobLimit: 1000 });
const seen: Seen[] = [];
let front: TlsFront;
let baseUrl: string;

beforeAll(async () => {
  await ensureFreshBuild();
  // A TLS-terminating proxy: what the CLI sends over https reaches the sandbox unchanged.
  front = await startTlsFront(sandbox.current.origin, { cert: readFileSync(CERT), key: readFileSync(KEY) }, (req) =>
    seen.push({ method: req.method ?? '', path: req.url ?? '', contentType: req.headers['content-type'] }),
  );
  baseUrl = `https://127.0.0.1:${front.port}/v1`;
}, 60_000);

afterAll(() => front.close());

function client(ca?: Buffer): ApiClient {
  const transport = new Transport({ connectTimeoutMs: 5000, headersTimeoutMs: 5000, bodyTimeoutMs: 5000, maxResponseBytes: 1 << 20, maxSockets: 4, ...(ca ? { ca } : {}) });
  return new ApiClient({ baseUrl, token: 'sbx_direct_full', userAgent: 'recruit-test', transport, sleep: async () => undefined });
}

describe('the client over https', () => {
  it('reads and creates through a TLS connection, sending JSON bodies as application/json', async () => {
    const api = client(readFileSync(CERT));
    try {
      seen.length = 0;
      const page = await api.request('GET', '/industries', { query: { pageSize: 1 } });
      expect(page.status).toBe(200);
      const created = await createJob(api, validJob({ title: 'Over TLS' }), 'https-key-1');
      expect(created.job.id).toBeGreaterThan(0);
      expect(countTitle(sandbox.current, 'Over TLS')).toBe(1);
      expect(seen).toEqual([
        { method: 'GET', path: '/v1/industries?pageSize=1', contentType: undefined },
        { method: 'POST', path: '/v1/jobs', contentType: 'application/json' },
      ]);
    } finally {
      await api.close();
    }
  });

  it('refuses a certificate it does not trust at once, without retrying, and says how to trust one', async () => {
    const api = client();
    try {
      seen.length = 0;
      const error = await api.request('GET', '/industries').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ kind: 'tls', retryable: false, outcomeUnknown: false, failure: { attempts: 1 } });
      expect((error as ApiError).message).toMatch(/^GET \/industries failed: .*self-signed certificate.* \[DEPTH_ZERO_SELF_SIGNED_CERT\]$/);
      expect(exitCodeOf(error as ApiError)).toBe(1);
      expect(hintOf(error as ApiError)).toContain('NODE_EXTRA_CA_CERTS');
      expect(seen).toEqual([]); // nothing reached the service
    } finally {
      await api.close();
    }
  });
});

describe('the built CLI over https', () => {
  it('creates a batch over TLS with the CA from NODE_EXTRA_CA_CERTS, each job once, each body as application/json', async () => {
    const file = writeJobs('https.ndjson', jobs('Https Batch Job', 20));
    seen.length = 0;
    const env = { RECRUIT_TOKEN: 'sbx_direct_full', NODE_EXTRA_CA_CERTS: CERT };
    const res = await runBin(['--base-url', baseUrl, 'jobs', 'create', '--file', file, '--concurrency', '4'], { env, timeoutMs: 30_000 });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('20 jobs: 20 created');
    for (let i = 0; i < 20; i++) expect(countTitle(sandbox.current, `Https Batch Job ${i}`)).toBe(1);
    const posts = seen.filter((s) => s.method === 'POST');
    expect(posts).toHaveLength(20);
    expect(posts.every((p) => p.contentType === 'application/json')).toBe(true);
  });

  it('without the CA, fails with the certificate named and nothing created (exit 1)', async () => {
    const file = writeJobs('https-untrusted.ndjson', jobs('Https Untrusted Job', 2));
    const res = await runBin(['--base-url', baseUrl, 'jobs', 'get', '1'], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NODE_EXTRA_CA_CERTS: '' } });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/self-signed certificate/);
    expect(res.stderr).toContain('NODE_EXTRA_CA_CERTS');
    const batch = await runBin(['--base-url', baseUrl, 'jobs', 'create', '--file', file], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NODE_EXTRA_CA_CERTS: '' } });
    expect(batch.code).not.toBe(0);
    expect(countTitle(sandbox.current, 'Https Untrusted Job 0')).toBe(0);
  });
});
