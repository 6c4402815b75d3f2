// Behind a company proxy: the service (the sandbox behind TLS, with a certificate signed by a test
// company CA in test/fixtures/tls/corp) has a name only the proxy resolves, api.corp.test, as on a
// network where only the proxy reaches the outside. Over real sockets, in process, on a skipping clock.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { startConnectProxy, type ConnectProxy } from '../helpers/connect-proxy.js';
import { startTlsFront, type TlsFront } from '../helpers/tls-front.js';
import { useSandbox } from '../helpers/sandbox.js';
import { countTitle, jobs, writeJobs } from '../batch/helpers.js';

const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/tls/corp/${name}`, import.meta.url));
const CA = fixture('ca.pem');
const PASSWORD = 's3cr3t-proxy-pass';

/** Every proxy variable empty, so that none of the machine's reaches a test that does not set it. */
const NO_PROXY_VARS = { HTTPS_PROXY: '', https_proxy: '', HTTP_PROXY: '', http_proxy: '', ALL_PROXY: '', all_proxy: '', NO_PROXY: '', no_proxy: '' };

const sandbox = useSandbox({ activeJobLimit: 1000 });
let front: TlsFront;
let proxy: ConnectProxy;
let authProxy: ConnectProxy;
let baseUrl: string;

beforeAll(async () => {
  front = await startTlsFront(sandbox.current.origin, { cert: readFileSync(fixture('server.pem')), key: readFileSync(fixture('server-key.pem')) });
  const hosts = { 'api.corp.test': '127.0.0.1', 'blocked.corp.test': '127.0.0.1' };
  proxy = await startConnectProxy({ hosts, refuse: ['blocked.corp.test'] });
  authProxy = await startConnectProxy({ hosts, credentials: `alice:${PASSWORD}` });
  baseUrl = `https://api.corp.test:${front.port}/v1`;
});

afterAll(async () => {
  await Promise.all([front?.close(), proxy?.close(), authProxy?.close()]);
});

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { ...NO_PROXY_VARS, RECRUIT_TOKEN: 'sbx_direct_full', ...extra };
}

describe('through a CONNECT proxy, trusting the company CA with --ca-file', () => {
  it('lookup industries: one tunnel to the service, the answer as without a proxy', async () => {
    proxy.seen.length = 0;
    const res = await runCli(['--base-url', baseUrl, '--ca-file', CA, 'lookup', 'industries'], { env: env({ HTTPS_PROXY: proxy.url }) });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('1\tInformation Technology');
    expect(proxy.seen).toEqual([{ method: 'CONNECT', target: `api.corp.test:${front.port}`, proxyAuthorization: undefined, status: 200 }]);
  });

  it('jobs create --file: every job once, through the lowercase https_proxy', async () => {
    proxy.seen.length = 0;
    const file = writeJobs('proxy-batch.ndjson', jobs('Proxied Job', 5));
    const res = await runCli(['--base-url', baseUrl, '--ca-file', CA, 'jobs', 'create', '--file', file], { env: env({ https_proxy: proxy.url }) });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('5 jobs: 5 created');
    for (let i = 0; i < 5; i++) expect(countTitle(sandbox.current, `Proxied Job ${i}`)).toBe(1);
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.every((s) => s.method === 'CONNECT' && s.status === 200)).toBe(true);
  });

  it('one request after another goes through one kept-alive tunnel', async () => {
    proxy.seen.length = 0;
    const file = writeJobs('proxy-serial.ndjson', jobs('Serial Proxied Job', 4));
    const res = await runCli(['--verbose', '--base-url', baseUrl, '--ca-file', CA, 'jobs', 'create', '--file', file, '--concurrency', '1'], { env: env({ HTTPS_PROXY: proxy.url }) });
    expect(res.code, res.stderr).toBe(0);
    expect(proxy.seen).toEqual([expect.objectContaining({ method: 'CONNECT', status: 200 })]);
    expect(res.stderr.match(/^proxy: /gm)).toHaveLength(1);
  });

  it('jobs list --all: every page through the proxy, one after another through one kept-alive tunnel', async () => {
    // Jobs of its own, made directly (the sandbox on loopback), so that the test stands alone.
    const made = await runCli(['--base-url', sandbox.current.baseUrl, 'jobs', 'create', '--file', writeJobs('listed.ndjson', jobs('Listed Job', 5))], { env: env() });
    expect(made.code, made.stderr).toBe(0);
    proxy.seen.length = 0;
    const res = await runCli(['--base-url', baseUrl, '--ca-file', CA, 'jobs', 'list', '--all', '--json'], { env: env({ HTTPS_PROXY: proxy.url }) });
    expect(res.code, res.stderr).toBe(0);
    const listed = JSON.parse(res.stdout) as { title: string }[];
    expect(listed.length).toBeGreaterThan(10); // more than the first page
    expect(listed.map((j) => j.title)).toEqual(expect.arrayContaining(['Listed Job 0', 'Listed Job 4']));
    expect(proxy.seen).toEqual([expect.objectContaining({ method: 'CONNECT', status: 200 })]);
  });

  it('the proxy and the CA file from the profile (config set proxy, config set ca-file)', async () => {
    const profileEnv = env({ RECRUIT_CONFIG_DIR: mkdtempSync(join(tmpdir(), 'proxy-profile-')) });
    expect((await runCli(['config', 'set', 'proxy', proxy.url], { env: profileEnv })).code).toBe(0);
    expect((await runCli(['config', 'set', 'ca-file', CA], { env: profileEnv })).code).toBe(0);
    proxy.seen.length = 0;
    const res = await runCli(['--base-url', baseUrl, 'lookup', 'industries'], { env: profileEnv });
    expect(res.code, res.stderr).toBe(0);
    expect(proxy.seen).toHaveLength(1);
    const list = await runCli(['config', 'list'], { env: profileEnv });
    expect(list.stdout).toContain(`proxy\t${proxy.url}\tprofile "default"`);
    expect(list.stdout).toContain(`ca-file\t${CA}\tprofile "default"`);
    // The environment's variable wins over the profile: NO_PROXY then sends it directly.
    proxy.seen.length = 0;
    const direct = await runCli(['--base-url', baseUrl, 'lookup', 'industries'], { env: { ...profileEnv, NO_PROXY: 'api.corp.test' } });
    expect(direct.code).not.toBe(0);
    expect(proxy.seen).toEqual([]);
  });
});

describe('NO_PROXY', () => {
  it('sends the listed host directly: the proxy sees nothing, and only the proxy knew the name', async () => {
    proxy.seen.length = 0;
    const res = await runCli(['--base-url', baseUrl, '--ca-file', CA, 'lookup', 'industries'], {
      env: env({ HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost,.corp.test' }),
    });
    expect(res.code).toBe(5);
    expect(res.stderr).toMatch(/ENOTFOUND|EAI_AGAIN/);
    expect(res.stderr).not.toContain('proxy');
    expect(proxy.seen).toEqual([]);
  });

  it('a loopback service is never proxied (the embedded sandbox works with a proxy set)', async () => {
    proxy.seen.length = 0;
    const res = await runCli(['--base-url', sandbox.current.baseUrl, 'lookup', 'industries'], { env: env({ HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url }) });
    expect(res.code, res.stderr).toBe(0);
    expect(proxy.seen).toEqual([]);
  });
});

describe('a proxy that asks for credentials', () => {
  it('gets them from the proxy URL as Basic authentication, and --verbose names the proxy without them', async () => {
    authProxy.seen.length = 0;
    const res = await runCli(['--verbose', '--base-url', baseUrl, '--ca-file', CA, 'lookup', 'industries'], {
      env: env({ HTTPS_PROXY: `http://alice:${PASSWORD}@127.0.0.1:${authProxy.port}` }),
    });
    expect(res.code, res.stderr).toBe(0);
    expect(authProxy.seen[0]).toMatchObject({ method: 'CONNECT', status: 200, proxyAuthorization: `Basic ${Buffer.from(`alice:${PASSWORD}`).toString('base64')}` });
    expect(res.stderr).toContain(`proxy: https://api.corp.test:${front.port} through http://***@127.0.0.1:${authProxy.port} (CONNECT)`);
    expect(`${res.stdout}${res.stderr}`).not.toContain(PASSWORD);
    expect(`${res.stdout}${res.stderr}`).not.toContain('alice');
  });

  it('a 407 is one error naming the proxy (never its password), exit 7, asked once, not retried', async () => {
    for (const url of [authProxy.url, `http://alice:wrong-${PASSWORD}@127.0.0.1:${authProxy.port}`]) {
      authProxy.seen.length = 0;
      const res = await runCli(['--verbose', '--base-url', baseUrl, '--ca-file', CA, 'lookup', 'industries'], { env: env({ HTTPS_PROXY: url }) });
      expect(res.code).toBe(7);
      expect(res.stderr).toContain(`the proxy http://${url.includes('@') ? '***@' : ''}127.0.0.1:${authProxy.port} refused the tunnel to api.corp.test:${front.port}: 407 Proxy Authentication Required`);
      expect(res.stderr).toContain('put them in the proxy URL');
      expect(res.stderr.match(/^error:/gm)).toHaveLength(1);
      expect(res.stderr).not.toContain('retrying');
      expect(`${res.stdout}${res.stderr}`).not.toContain(PASSWORD);
      expect(authProxy.seen).toHaveLength(1);
    }
  });

  it('a batch stops at the first 407: nothing reached the service, exit 7', async () => {
    authProxy.seen.length = 0;
    const file = writeJobs('proxy-407.ndjson', jobs('Never Through Proxy', 20));
    const res = await runCli(['--base-url', baseUrl, '--ca-file', CA, 'jobs', 'create', '--file', file, '--concurrency', '2'], {
      env: env({ HTTPS_PROXY: `http://alice:wrong@127.0.0.1:${authProxy.port}` }),
    });
    expect(res.code).toBe(7);
    expect(res.stderr).toContain('the run stopped when the proxy refused the connection or could not be reached');
    expect(countTitle(sandbox.current, 'Never Through Proxy 0')).toBe(0);
    expect(authProxy.seen.length).toBeLessThanOrEqual(2);
  });
});

describe('a proxy that refuses or is not there', () => {
  it('403 from the proxy: its own error and hint, exit 7, not a token problem', async () => {
    proxy.seen.length = 0;
    const res = await runCli(['--base-url', `https://blocked.corp.test:${front.port}/v1`, '--ca-file', CA, 'lookup', 'industries'], { env: env({ HTTPS_PROXY: proxy.url }) });
    expect(res.code).toBe(7);
    expect(res.stderr).toContain(`the proxy ${proxy.url} refused the tunnel to blocked.corp.test:${front.port}: 403 Forbidden`);
    expect(res.stderr).toContain('the proxy does not allow this connection');
    expect(res.stderr).not.toContain('token');
    expect(proxy.seen).toHaveLength(1);
  });

  it('a proxy that cannot be reached: one error naming it, exit 7, one attempt', async () => {
    const gone = await startConnectProxy();
    await gone.close();
    const res = await runCli(['--base-url', baseUrl, 'lookup', 'industries'], { env: env({ HTTPS_PROXY: `http://bob:${PASSWORD}@127.0.0.1:${gone.port}` }) });
    expect(res.code).toBe(7);
    expect(res.stderr).toContain(`the proxy http://***@127.0.0.1:${gone.port} could not be reached: connect ECONNREFUSED 127.0.0.1:${gone.port} [ECONNREFUSED]`);
    expect(res.stderr).toContain("check the proxy's address");
    expect(res.stderr).not.toMatch(/gave up after|retrying/);
    expect(res.stderr).not.toContain(PASSWORD);
  });

  // Passwords as people paste them into a proxy URL: unencoded `/`, `#`, `?`, `@` and `:`.
  const PASTED = ['pa/ss-w0rd', 'pa#ss-w0rd', 'pa?ss-w0rd', 'p@ss-w0rd', 'p:a/s#s?w@rd'];

  it('a password pasted unencoded is the password: the tunnel is authorised, and nothing prints any part of it', async () => {
    for (const password of PASTED) {
      const pasted = await startConnectProxy({ hosts: { 'api.corp.test': '127.0.0.1' }, credentials: `alice:${password}` });
      try {
        const res = await runCli(['--verbose', '--base-url', baseUrl, '--ca-file', CA, 'lookup', 'industries'], {
          env: env({ HTTPS_PROXY: `http://alice:${password}@127.0.0.1:${pasted.port}` }),
        });
        expect(res.code, `${password}: ${res.stderr}`).toBe(0);
        expect(pasted.seen[0]).toMatchObject({ method: 'CONNECT', status: 200, proxyAuthorization: `Basic ${Buffer.from(`alice:${password}`).toString('base64')}` });
        expect(res.stderr).toContain(`through http://***@127.0.0.1:${pasted.port} (CONNECT)`);
        expect(`${res.stdout}${res.stderr}`).not.toMatch(/alice|w0rd|w@rd/);
      } finally {
        await pasted.close();
      }
    }
  });

  it('a password pasted unencoded appears in no error, --json error or `config set` answer', async () => {
    const gone = await startConnectProxy();
    await gone.close();
    for (const password of PASTED) {
      const proxyUrl = `http://alice:${password}@127.0.0.1:${gone.port}`;
      for (const json of [[], ['--json']]) {
        const res = await runCli(['--base-url', baseUrl, 'lookup', 'industries', ...json], { env: env({ HTTPS_PROXY: proxyUrl }) });
        expect(res.code, res.stderr).toBe(7);
        expect(`${res.stdout}${res.stderr}`).toContain(`the proxy http://***@127.0.0.1:${gone.port} could not be reached`);
        expect(`${res.stdout}${res.stderr}`).not.toMatch(/alice|w0rd|w@rd/);
      }
      const set = await runCli(['config', 'set', 'proxy', proxyUrl], { env: env() });
      expect(set.code, set.stderr).toBe(0);
      expect(set.stdout).toBe(`Set proxy to http://***@127.0.0.1:${gone.port} in profile default\n`);
      const list = await runCli(['config', 'list'], { env: env() });
      expect(`${list.stdout}${list.stderr}`).not.toMatch(/alice|w0rd|w@rd/);
      const broken = await runCli(['--base-url', baseUrl, 'lookup', 'industries', '--json'], { env: env({ HTTPS_PROXY: `http://alice:${password}@[bad` }) });
      expect(broken.code).toBe(2);
      expect(`${broken.stdout}${broken.stderr}`).toContain('"HTTPS_PROXY \\"http://***@[bad\\" is not a valid proxy URL');
      expect(`${broken.stdout}${broken.stderr}`).not.toMatch(/alice|w0rd|w@rd/);
    }
  });

  it('a proxy variable that is not an http(s) URL is a usage error (exit 2) that hides its password', async () => {
    const res = await runCli(['--base-url', baseUrl, 'lookup', 'industries'], { env: env({ HTTPS_PROXY: `socks5://carol:${PASSWORD}@127.0.0.1:1080` }) });
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('HTTPS_PROXY uses socks5://, which recruit does not support');
    expect(res.stderr).not.toContain(PASSWORD);
  });
});

describe('certificates', () => {
  it("without the company CA: the unknown-CA error, whose hint names --ca-file", async () => {
    const res = await runCli(['--base-url', baseUrl, 'lookup', 'industries'], { env: env({ HTTPS_PROXY: proxy.url, NODE_EXTRA_CA_CERTS: '' }) });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/unable to (get local issuer|verify the first) certificate|self-signed certificate in certificate chain/);
    expect(res.stderr).toContain('--ca-file');
  });

  it('a certificate made out to another host name: its own hint, which says a CA cannot fix it', async () => {
    // The certificate names api.corp.test and 127.0.0.1, not localhost.
    const res = await runCli(['--base-url', `https://localhost:${front.port}/v1`, '--ca-file', CA, 'lookup', 'industries'], { env: env() });
    expect(res.code).toBe(1);
    expect(res.stderr).toContain('ERR_TLS_CERT_ALTNAME_INVALID');
    expect(res.stderr).toContain('made out to another host name');
    expect(res.stderr).not.toContain('--ca-file');
  });

  it('the company CA is added to Node\'s roots: with it, 127.0.0.1 is trusted directly too', async () => {
    const res = await runCli(['--base-url', `https://127.0.0.1:${front.port}/v1`, '--ca-file', CA, 'lookup', 'industries'], { env: env() });
    expect(res.code, res.stderr).toBe(0);
  });

  it('a --ca-file that is missing or holds no certificate: exit 2, nothing sent', async () => {
    proxy.seen.length = 0;
    const missing = await runCli(['--base-url', baseUrl, '--ca-file', '/nonexistent/ca.pem', 'lookup', 'industries'], { env: env({ HTTPS_PROXY: proxy.url }) });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--ca-file /nonexistent/ca.pem cannot be read (ENOENT)');
    const notPem = await runCli(['--base-url', baseUrl, '--ca-file', fixture('../README.md'), 'lookup', 'industries'], { env: env({ HTTPS_PROXY: proxy.url }) });
    expect(notPem.code).toBe(2);
    expect(notPem.stderr).toContain('holds no PEM certificate');
    expect(proxy.seen).toEqual([]);
  });
});

describe('http targets through HTTP_PROXY', () => {
  it("through an https:// proxy, whose own certificate the company CA (--ca-file) vouches for", async () => {
    // The proxy spoken to over TLS: a TLS front passing each request, in absolute form, to the plain proxy.
    const tlsProxy = await startTlsFront(proxy.url, { cert: readFileSync(fixture('server.pem')), key: readFileSync(fixture('server-key.pem')) });
    try {
      proxy.seen.length = 0;
      const port = new URL(sandbox.current.origin).port;
      const res = await runCli(['--insecure-http', '--base-url', `http://api.corp.test:${port}/v1`, '--ca-file', CA, 'lookup', 'industries'], {
        env: env({ HTTP_PROXY: `https://127.0.0.1:${tlsProxy.port}` }),
      });
      expect(res.code, res.stderr).toBe(0);
      expect(res.stdout).toContain('1\tInformation Technology');
      expect(proxy.seen[0]).toMatchObject({ method: 'GET', target: `http://api.corp.test:${port}/v1/industries`, status: 200 });
    } finally {
      await tlsProxy.close();
    }
  });

  it('go in absolute form (GET http://host:port/v1/...), with the token passed on', async () => {
    proxy.seen.length = 0;
    const port = new URL(sandbox.current.origin).port;
    const res = await runCli(['--insecure-http', '--base-url', `http://api.corp.test:${port}/v1`, 'lookup', 'industries'], { env: env({ HTTP_PROXY: proxy.url }) });
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain('1\tInformation Technology');
    expect(proxy.seen[0]).toMatchObject({ method: 'GET', target: `http://api.corp.test:${port}/v1/industries`, status: 200 });
  });

  it("a 407 in answer to the request itself is the proxy's, not the service's: exit 7, asked once, and --verbose names the proxy (no CONNECT)", async () => {
    authProxy.seen.length = 0;
    const port = new URL(sandbox.current.origin).port;
    const res = await runCli(['--verbose', '--insecure-http', '--base-url', `http://api.corp.test:${port}/v1`, 'lookup', 'industries'], {
      env: env({ HTTP_PROXY: authProxy.url }),
    });
    expect(res.code).toBe(7);
    expect(res.stderr).toContain(`the proxy ${authProxy.url} refused the request: 407 Proxy Authentication Required`);
    expect(res.stderr).toContain('put them in the proxy URL');
    expect(res.stderr.match(/^error:/gm)).toHaveLength(1);
    expect(res.stderr).toMatch(new RegExp(`^proxy: http://api\\.corp\\.test:${port} through ${authProxy.url.replace(/\./g, '\\.')}$`, 'm'));
    expect(authProxy.seen).toEqual([expect.objectContaining({ method: 'GET', status: 407 })]);
  });
});
