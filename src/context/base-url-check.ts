// The check of a base URL a user gives (a flag, the environment, a profile, `auth login`) before
// a token is sent to it; its one canonical spelling is src/api/base-url.ts's.
import { redactUserInfo } from '../api/user-info.js';
import { canonicalBaseUrl } from '../api/base-url.js';
import { UsageError } from '../core/errors.js';

/** The hosts plain http may carry a token to: the loopback names, as the URL parser spells them. */
const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1)$/i;

/**
 * Checks a base URL and returns its canonical form (src/api/base-url.ts): http(s), no credentials,
 * query or fragment in it, no plain http to another host without --insecure-http. The token goes in
 * the Authorization header only: a user name or password in the URL would be printed wherever the
 * URL is (--verbose, errors), so it is refused; a query would be lost (paths are added after it).
 */
export function checkBaseUrl(raw: string, insecureHttp: boolean, warn: (m: string) => void): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`the base URL "${redactUserInfo(raw)}" is not a valid URL`, [], 'it looks like https://api.example.com/v1');
  }
  if (url.username || url.password) {
    throw new UsageError(
      `the base URL must not contain a user name or password (${redactUserInfo(raw)})`,
      [],
      'give the URL without them; the token goes in RECRUIT_TOKEN or `recruit auth login`',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UsageError(`the base URL must use https:// (or http:// to a loopback address), got "${url.protocol}"`);
  }
  // What follows `?` or `#` is never printed: a query may hold a key of some kind.
  const cut = raw.search(/[?#]/);
  if (cut >= 0) {
    throw new UsageError(
      `the base URL must not have a query or a fragment (${redactUserInfo(raw.slice(0, cut))}${raw[cut]}...)`,
      [],
      'give it up to its path, as https://api.example.com/v1: API paths are added to it',
    );
  }
  if (url.protocol === 'http:' && !LOOPBACK.test(url.hostname) && !insecureHttp) {
    throw new UsageError(
      `refusing to send the token over plain http:// to ${url.host}`,
      [],
      'use https://, or pass --insecure-http if you really mean it',
    );
  }
  const canonical = canonicalBaseUrl(raw);
  if (!canonical.slice(url.origin.length).endsWith('/v1')) warn(`the base URL ${canonical} does not end with the version segment /v1; API paths are relative to it`);
  return canonical;
}
