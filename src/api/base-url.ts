// One account, however its base URL is written (docs/decisions.md, "One base URL, however it is
// written"): the one canonical spelling of a base URL, which the settings, the client, and through
// them the journals, locks, caches, drafts and submissions use and show. Here, below every layer that
// needs it: the client (an island) calls it too.

/** RFC 3986's unreserved characters (tested on one character): a percent-escape of one of them means the character itself. */
const UNRESERVED = /[A-Za-z0-9\-._~]/;

/**
 * The canonical form of a base URL: the WHATWG URL's (scheme and host lower-case, the host's IDN in
 * ASCII, an IP address in its shortest form, no default port, dot segments resolved), its
 * percent-escapes with upper-case digits (those of unreserved characters decoded), and no slash at
 * the end of its path: `HTTP://LocalHost:80/x/../v1/` -> `http://localhost/v1`.
 *
 * Text that is not an http(s) URL, or that has a user name, a password, a query or a fragment, is
 * returned as given (trimmed): `checkBaseUrl` (src/context/base-url-check.ts) refuses it before anything is
 * sent, and says why.
 */
export function canonicalBaseUrl(raw: string): string {
  const text = raw.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return text;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username !== '' || url.password !== '' || /[?#]/.test(text)) return text;
  const path = url.pathname.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : `%${hex.toUpperCase()}`;
  });
  return `${url.protocol}//${url.host}${path.replace(/\/+$/, '')}`;
}
