// The user info of a URL as people paste it: a password with `/`, `?`, `#`, `@`, `:` or `%` in it,
// unencoded, is hidden whole and, encoded, reads back as the password typed.
import { describe, expect, it } from 'vitest';
import { encodeUserInfo, redactUserInfo } from '../../src/api/user-info.js';

const PASTED: [string, string, string][] = [
  // [the URL as pasted, its password, what may be shown]
  ['http://alice:pa/ss@proxy.example:3128', 'pa/ss', 'http://***@proxy.example:3128'],
  ['http://alice:pa#ss@proxy.example:3128', 'pa#ss', 'http://***@proxy.example:3128'],
  ['http://alice:pa?ss@proxy.example:3128', 'pa?ss', 'http://***@proxy.example:3128'],
  ['http://alice:p@ss@proxy.example:3128', 'p@ss', 'http://***@proxy.example:3128'],
  ['http://alice:a:b@proxy.example:3128', 'a:b', 'http://***@proxy.example:3128'],
  ['http://alice:100%@proxy.example:3128', '100%', 'http://***@proxy.example:3128'],
  ['http://alice:sp ace[]@proxy.example:3128', 'sp ace[]', 'http://***@proxy.example:3128'],
  ['http://alice:grüße@proxy.example', 'grüße', 'http://***@proxy.example'],
  ['HTTPS://alice:x/y?z#w@proxy.example:8443/', 'x/y?z#w', 'HTTPS://***@proxy.example:8443/'],
  ['alice:pa/ss@proxy.example:3128', 'pa/ss', '***@proxy.example:3128'],
];

describe('redactUserInfo', () => {
  for (const [raw, password, shown] of PASTED) {
    it(`hides every part of ${JSON.stringify(password)}`, () => {
      expect(redactUserInfo(raw)).toBe(shown);
      expect(redactUserInfo(raw)).not.toContain('alice');
      expect(redactUserInfo(raw)).not.toBe(raw);
    });
  }

  it('leaves a URL without user info as it is, and hides a user name alone', () => {
    expect(redactUserInfo('http://proxy.example:3128/')).toBe('http://proxy.example:3128/');
    expect(redactUserInfo('http://token@proxy.example')).toBe('http://***@proxy.example');
    expect(redactUserInfo('http://al:12/x@127.0.0.1:9')).toBe('http://***@127.0.0.1:9');
    expect(redactUserInfo('')).toBe('');
  });
});

describe('encodeUserInfo', () => {
  for (const [raw, password] of PASTED) {
    it(`makes ${JSON.stringify(password)} a URL's password`, () => {
      const url = new URL(encodeUserInfo(/^[a-z]+:\/\//i.test(raw) ? raw : `http://${raw}`));
      expect(decodeURIComponent(url.username)).toBe('alice');
      expect(decodeURIComponent(url.password)).toBe(password);
      expect(url.hostname).toBe('proxy.example');
    });
  }

  it('keeps escapes already there, and a URL without user info as it is', () => {
    expect(encodeUserInfo('http://alice:pa%2Fss@proxy.example')).toBe('http://alice:pa%2Fss@proxy.example');
    expect(encodeUserInfo('http://proxy.example:3128')).toBe('http://proxy.example:3128');
    expect(encodeUserInfo('http://bob@proxy.example')).toBe('http://bob@proxy.example');
  });
});
