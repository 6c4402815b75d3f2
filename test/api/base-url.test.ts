// The one canonical form of a base URL (src/api/base-url.ts), and what it names: spellings of one
// address give one journal and one lock name, other addresses others. A table of spellings, then a
// property over random ones.
import { basename } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalBaseUrl } from '../../src/api/base-url.js';
import { ApiClient } from '../../src/api/client.js';
import { checkBaseUrl } from '../../src/context/base-url-check.js';
import { UsageError } from '../../src/core/errors.js';
import { accountLockFile } from '../../src/exactly-once/account-lock.js';
import { accountOf, journalFile } from '../../src/exactly-once/journal-files.js';

const CANONICAL: Array<[string, string]> = [
  // scheme and host case, default ports, a port with leading zeros
  ['HTTP://LocalHost:80/v1/', 'http://localhost/v1'],
  ['http://localhost:80/v1', 'http://localhost/v1'],
  ['http://localhost:0080/v1', 'http://localhost/v1'],
  ['http://localhost:08080/v1', 'http://localhost:8080/v1'],
  ['https://API.Example.COM:443/v1', 'https://api.example.com/v1'],
  ['https://api.example.com:80/v1', 'https://api.example.com:80/v1'],
  ['http://localhost:443/v1', 'http://localhost:443/v1'],
  // trailing slashes and dot segments; the path's own case is kept
  ['https://h.example/v1//', 'https://h.example/v1'],
  ['https://h.example/x/../v1', 'https://h.example/v1'],
  ['https://h.example/./v1/.', 'https://h.example/v1'],
  ['https://h.example/a/%2E%2e/v1', 'https://h.example/v1'],
  ['https://h.example/api//v1/', 'https://h.example/api//v1'],
  ['https://h.example/V1', 'https://h.example/V1'],
  ['https://h.example', 'https://h.example'],
  ['https://h.example///', 'https://h.example'],
  // IDN to ASCII, IP addresses in their shortest form
  ['https://bücher.example/v1', 'https://xn--bcher-kva.example/v1'],
  ['https://BÜCHER.example/v1', 'https://xn--bcher-kva.example/v1'],
  ['http://[::1]:8080/v1', 'http://[::1]:8080/v1'],
  ['http://[0:0:0:0:0:0:0:1]/v1', 'http://[::1]/v1'],
  ['http://[::FFFF:7F00:1]:80/v1', 'http://[::ffff:7f00:1]/v1'],
  ['http://127.1:8080/v1', 'http://127.0.0.1:8080/v1'],
  // percent-escapes: upper-case digits, those of unreserved characters decoded
  ['https://h.example/a%2fb/v1', 'https://h.example/a%2Fb/v1'],
  ['https://h.example/%7euser/v%31', 'https://h.example/~user/v1'],
  ['https://h.example/a b/v1', 'https://h.example/a%20b/v1'],
  ['https://h.example/caf%c3%a9/v1', 'https://h.example/caf%C3%A9/v1'],
  ['https://h.example/café/v1', 'https://h.example/caf%C3%A9/v1'],
  // white space around it, a scheme without slashes (the WHATWG parser's leniency)
  ['  https://h.example/v1 \n', 'https://h.example/v1'],
  ['http:localhost:3000/v1', 'http://localhost:3000/v1'],
];

/**
 * Left as given (trimmed): checkBaseUrl refuses these, or they are no URL (the embedded sandbox's
 * names). Each has what canonicalising would change (case, a default port, a trailing slash).
 */
const AS_GIVEN = [
  'not a url',
  'embedded-sandbox/approval',
  'FTP://H.example:21/v1/',
  'HTTPS://user@H.example:443/v1/',
  'HTTPS://:pw@H.example:443/v1/',
  'HTTPS://H.example:443/v1/?key=1',
  'HTTPS://H.example:443/v1/?',
  'HTTPS://H.example:443/v1/#top',
  'HTTPS://H.example:443/v1/#',
];

describe('canonicalBaseUrl', () => {
  it.each(CANONICAL)('%s -> %s', (raw, canonical) => {
    expect(canonicalBaseUrl(raw)).toBe(canonical);
    expect(canonicalBaseUrl(canonical)).toBe(canonical);
  });

  it.each(AS_GIVEN)('leaves %s as given', (raw) => {
    expect(canonicalBaseUrl(` ${raw} `)).toBe(raw);
  });

  it('is what the client keeps, and so what targets, journals and caches are named after', async () => {
    const api = new ApiClient({ baseUrl: 'HTTP://LocalHost:80/x/../v1//', token: 't', userAgent: 'test' });
    try {
      expect(api.baseUrl).toBe('http://localhost/v1');
    } finally {
      await api.close();
    }
  });
});

describe('checkBaseUrl', () => {
  const check = (raw: string) => {
    const warnings: string[] = [];
    return { url: checkBaseUrl(raw, false, (w) => warnings.push(w)), warnings };
  };

  it('returns the canonical form, and warns of a missing /v1 after canonicalising', () => {
    expect(check('HTTP://LOCALHOST:80/v1//')).toEqual({ url: 'http://localhost/v1', warnings: [] });
    expect(check('http://localhost/x/../v1/.')).toEqual({ url: 'http://localhost/v1', warnings: [] });
    expect(check('https://v1.example/')).toEqual({
      url: 'https://v1.example',
      warnings: ['the base URL https://v1.example does not end with the version segment /v1; API paths are relative to it'],
    });
  });

  it.each([
    ['https://h.example/v1?api_key=s3cret', 'https://h.example/v1?...'],
    ['https://h.example/v1#s3cret', 'https://h.example/v1#...'],
    ['https://h.example/v1#a?s3cret', 'https://h.example/v1#...'],
    ['https://h.example/v1?', 'https://h.example/v1?...'],
  ])('refuses %s (exit 2) without printing what follows ? or #', (raw, shown) => {
    let error: unknown;
    try {
      check(raw);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).exitCode).toBe(2);
    expect((error as UsageError).message).toBe(`the base URL must not have a query or a fragment (${shown})`);
    expect((error as UsageError).hint).toContain('https://api.example.com/v1');
  });
});

const fingerprint = { credentialFingerprint: () => 'f'.repeat(32) };
/** The journal's and the lock's names for a base URL as typed: canonical once, as the settings and the client do. */
const names = (raw: string) => {
  const account = accountOf(canonicalBaseUrl(raw), fingerprint);
  return [basename(journalFile('/j', 'input', account)), basename(accountLockFile('/j', account))];
};

describe('journal and lock names', () => {
  it('are one for http://localhost:80/v1 and http://localhost/v1, others for another port, scheme, host or path', () => {
    expect(names('http://localhost:80/v1')).toEqual(names('http://localhost/v1'));
    expect(names('HTTP://LOCALHOST/v1/')).toEqual(names('http://localhost/v1'));
    const others = ['http://localhost:8080/v1', 'https://localhost/v1', 'http://127.0.0.1/v1', 'http://localhost/v2', 'http://localhost/V1'].map((u) => names(u).join());
    expect(new Set([names('http://localhost/v1').join(), ...others]).size).toBe(6);
  });

  it('of a URL an earlier version wrote in canonical form are the names it wrote', () => {
    // Before canonical URLs, the name's hash was of [the base URL without trailing slashes, the credential].
    const { createHash } = process.getBuiltinModule('node:crypto');
    const part = createHash('sha256').update(JSON.stringify(['http://localhost:8080/v1', 'f'.repeat(32)])).digest('hex').slice(0, 16);
    const [journal, lock] = names('http://localhost:8080/v1/');
    expect(journal).toMatch(new RegExp(`^[0-9a-f]{16}-${part}\\.ndjson$`));
    expect(lock).toBe(`account-${part}.lock`);
  });
});

/** An address, as meant: what a spelling of it must canonicalise to. */
interface Meaning {
  scheme: 'http' | 'https';
  host: string;
  port: number | undefined;
  segments: string[];
}

const HOSTS: Array<[string, string]> = [
  ['localhost', 'localhost'],
  ['api.example.com', 'api.example.com'],
  ['127.0.0.1', '127.0.0.1'],
  ['[::1]', '[::1]'],
  ['bücher.example', 'xn--bcher-kva.example'],
];
const DEFAULT_PORT = { http: 80, https: 443 } as const;

const meaning: fc.Arbitrary<Meaning> = fc.record({
  scheme: fc.constantFrom('http' as const, 'https' as const),
  host: fc.constantFrom(...HOSTS.map(([typed]) => typed)),
  port: fc.constantFrom(undefined, 8080, 80, 443),
  segments: fc.array(fc.constantFrom('v1', 'V1', 'api', 'x'), { maxLength: 3 }),
});

function canonicalOf(m: Meaning): string {
  const port = m.port === undefined || m.port === DEFAULT_PORT[m.scheme] ? '' : `:${m.port}`;
  return `${m.scheme}://${HOSTS.find(([typed]) => typed === m.host)![1]}${port}${m.segments.map((s) => `/${s}`).join('')}`;
}

/** One spelling of `m`: letters' case in scheme and host, a default port written or not, leading zeros, dot segments, trailing slashes. */
const spelling = (m: Meaning): fc.Arbitrary<string> =>
  fc
    .record({
      upper: fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
      writeDefault: fc.boolean(),
      zeros: fc.nat({ max: 2 }),
      dots: fc.array(fc.constantFrom('', '/.', '/zz/..', '/./zz/../.'), { minLength: 4, maxLength: 4 }),
      slashes: fc.nat({ max: 3 }),
    })
    .map(({ upper, writeDefault, zeros, dots, slashes }) => {
      const cased = (text: string, from: number) => [...text].map((c, i) => (upper[(from + i) % upper.length] ? c.toUpperCase() : c)).join('');
      const port = m.port ?? (writeDefault ? DEFAULT_PORT[m.scheme] : undefined);
      const path = m.segments.map((s, i) => `${dots[i]}/${s}`).join('') + dots[3] + '/'.repeat(slashes);
      return `${cased(m.scheme, 0)}://${cased(m.host, 7)}${port === undefined ? '' : `:${'0'.repeat(zeros)}${port}`}${path}`;
    });

describe('canonical form (property)', () => {
  it('every spelling of an address canonicalises to it; two spellings give one journal and lock name exactly when their addresses are the same', () => {
    fc.assert(
      fc.property(
        meaning.chain((a) => fc.tuple(fc.constant(a), spelling(a))),
        meaning.chain((b) => fc.tuple(fc.constant(b), spelling(b))),
        ([a, spelledA], [b, spelledB]) => {
          expect(canonicalBaseUrl(spelledA)).toBe(canonicalOf(a));
          expect(canonicalBaseUrl(spelledB)).toBe(canonicalOf(b));
          const same = canonicalOf(a) === canonicalOf(b);
          expect(canonicalBaseUrl(spelledA) === canonicalBaseUrl(spelledB)).toBe(same);
          const [journalA, lockA] = names(spelledA);
          const [journalB, lockB] = names(spelledB);
          expect(journalA === journalB).toBe(same);
          expect(lockA === lockB).toBe(same);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('two spellings of one address give one journal and lock name', () => {
    fc.assert(
      fc.property(
        meaning.chain((m) => fc.tuple(spelling(m), spelling(m))),
        ([one, two]) => {
          expect(names(one)).toEqual(names(two));
        },
      ),
      { numRuns: 300 },
    );
  });
});
