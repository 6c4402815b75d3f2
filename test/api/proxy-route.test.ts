// Which requests go through a proxy: the rules of curl and proxy-from-env for NO_PROXY, loopback
// never proxied, and the proxy named without its credentials.
import { describe, expect, it } from 'vitest';
import { bypasses, describeProxy, proxyFor } from '../../src/api/proxy-route.js';

const PROXY = 'http://proxy.example.com:3128';
const both = { https: PROXY, http: 'http://other.example.com:8080' };

describe('proxyFor', () => {
  it('takes the proxy of the scheme, or none', () => {
    expect(proxyFor(new URL('https://api.example.com/v1'), both)).toBe(PROXY);
    expect(proxyFor(new URL('http://api.example.com/v1'), both)).toBe('http://other.example.com:8080');
    expect(proxyFor(new URL('http://api.example.com/v1'), { https: PROXY })).toBeUndefined();
    expect(proxyFor(new URL('https://api.example.com/v1'), undefined)).toBeUndefined();
  });

  it('never proxies loopback: localhost, *.localhost, 127.0.0.0/8, [::1]', () => {
    for (const host of ['localhost', 'app.localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
      expect(proxyFor(new URL(`https://${host}:4010/v1`), both), host).toBeUndefined();
    }
    expect(proxyFor(new URL('https://127.10.200.30:4010/v1'), both)).toBeUndefined();
    expect(proxyFor(new URL('https://localhost.example.com/v1'), both)).toBe(PROXY);
    expect(proxyFor(new URL('https://notlocalhost/v1'), both)).toBe(PROXY);
    expect(proxyFor(new URL('https://128.0.0.1/v1'), both)).toBe(PROXY);
  });

  it('goes directly to what NO_PROXY lists', () => {
    expect(proxyFor(new URL('https://api.corp.test/v1'), { ...both, noProxy: 'api.corp.test' })).toBeUndefined();
    expect(proxyFor(new URL('https://api.example.com/v1'), { ...both, noProxy: 'api.corp.test' })).toBe(PROXY);
  });

  it("matches a NO_PROXY entry's port against the URL's, the scheme's default when it has none", () => {
    const settings = { ...both, noProxy: 'api.corp.test:443, legacy.corp.test:80' };
    expect(proxyFor(new URL('https://api.corp.test/v1'), settings)).toBeUndefined();
    expect(proxyFor(new URL('https://api.corp.test:8443/v1'), settings)).toBe(PROXY);
    expect(proxyFor(new URL('http://legacy.corp.test/v1'), settings)).toBeUndefined();
    expect(proxyFor(new URL('https://legacy.corp.test/v1'), settings)).toBe(PROXY);
  });
});

// As curl reads NO_PROXY (7.86 and later: its manual, and curl 7.88 run on these cases with a proxy
// that refuses, to see which way it went), and so npm and gh; `*.` and ports as Go reads them
// (curl ignores both), where that is the only sensible reading.
describe('NO_PROXY', () => {
  const cases: [string, string, number, boolean][] = [
    ['*', 'anything.example', 443, true],
    [' * ', 'anything.example', 443, true],
    ['', 'api.example.com', 443, false],
    ['api.example.com', 'api.example.com', 443, true],
    ['API.Example.com', 'api.example.com', 443, true],
    ['api.example.com', 'example.com', 443, false],
    ['api.example.com', 'other.api.example.com', 443, true],
    ['example.com', 'api.example.com', 443, true],
    ['corp.test', 'api.corp.test', 443, true],
    ['corp.test', 'xcorp.test', 443, false],
    ['corp.test', 'corp.test.evil.example', 443, false],
    ['corp.test.', 'api.corp.test', 443, true],
    ['corp.test', 'api.corp.test.', 443, true],
    ['CORP.TEST', 'Api.Corp.Test', 443, true],
    ['.corp.test', 'corp.test', 443, true],
    ['.', 'api.corp.test', 443, false],
    ['*.', 'api.corp.test', 443, false],
    ['192.0.2.0/24', '192.0.2.55', 443, true],
    ['192.0.2.0/24', '192.0.3.1', 443, false],
    ['10.0.0.0/8', '10.200.1.1', 443, true],
    ['0.0.0.0/0', '203.0.113.9', 443, true],
    ['192.0.2.0/33', '192.0.2.1', 443, false],
    ['192.0.2.0/x', '192.0.2.1', 443, false],
    ['192.0.2.0/24', 'api.corp.test', 443, false],
    ['192.0.2.0/24:443', '192.0.2.9', 443, true],
    ['fd00::/8', '[fd12::1]', 443, true],
    ['fd00::/8', '[fe80::1]', 443, false],
    ['fd00::/8', '10.1.2.3', 443, false],
    ['10.1.2.3', '10.1.2.4', 443, false],
    ['10.1.2.3', 'x10.1.2.3', 443, false],
    ['.example.com', 'api.example.com', 443, true],
    ['.example.com', 'example.com', 443, true],
    ['.example.com', 'badexample.com', 443, false],
    ['*.example.com', 'api.example.com', 443, true],
    ['*.example.com', 'badexample.com', 443, false],
    ['api.example.com:8443', 'api.example.com', 8443, true],
    ['api.example.com:8443', 'api.example.com', 443, false],
    ['a.example, b.example  c.example', 'c.example', 443, true],
    ['a.example,,b.example', 'b.example', 443, true],
    ['10.1.2.3', '10.1.2.3', 443, true],
    ['::1', '[::1]', 443, true],
    ['fd00::1', '[fd00::1]', 443, true],
    ['[fd00::1]:8443', '[fd00::1]', 8443, true],
    ['[fd00::1]:8443', '[fd00::1]', 443, false],
    ['corp.test:8443', 'api.corp.test', 8443, true],
    ['corp.test:8443', 'api.corp.test', 443, false],
  ];
  for (const [list, host, port, expected] of cases) {
    it(`"${list}" ${expected ? 'bypasses' : 'does not bypass'} ${host}:${port}`, () => {
      expect(bypasses(list, host, port)).toBe(expected);
    });
  }
});

describe('describeProxy', () => {
  it('hides the user name and password, keeps scheme, host and port', () => {
    expect(describeProxy('http://alice:s3cret@proxy.example.com:3128')).toBe('http://***@proxy.example.com:3128');
    expect(describeProxy('http://token@proxy.example.com:3128/')).toBe('http://***@proxy.example.com:3128');
    expect(describeProxy('https://proxy.example.com')).toBe('https://proxy.example.com');
    expect(describeProxy('http://alice:s3cret@[bad')).toBe('http://***@[bad');
    // Not a URL at all: the credentials are hidden all the same, whatever the scheme.
    expect(describeProxy('socks5://alice:s3cret@[bad')).toBe('socks5://***@[bad');
    expect(describeProxy('8alice:s3cret@[bad')).toBe('***@[bad');
  });
});
