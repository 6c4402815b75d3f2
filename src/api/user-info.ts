// The user name and password in a URL (a proxy's, or a base URL typed with them), found as people
// paste them: a password with `/`, `?`, `#` or `@` in it, unencoded, is still the user info. The
// host never holds an `@`, so the user info ends at the last `@` after the scheme, wherever the
// WHATWG parser would end the authority. Every message, JSON error, log line and `config` output
// that shows such a URL goes through redactUserInfo, valid URL or not.

const SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;

interface Parts {
  scheme: string;
  /** Everything between the scheme and the last `@`, or undefined without an `@`. */
  userInfo: string | undefined;
  /** The host and what follows it. */
  rest: string;
}

function split(raw: string): Parts {
  const scheme = SCHEME.exec(raw)?.[0] ?? '';
  const after = raw.slice(scheme.length);
  const at = after.lastIndexOf('@');
  return at === -1 ? { scheme, userInfo: undefined, rest: after } : { scheme, userInfo: after.slice(0, at), rest: after.slice(at + 1) };
}

/** `raw` with `***@` in place of any user name and password. */
export function redactUserInfo(raw: string): string {
  const { scheme, userInfo, rest } = split(raw);
  return userInfo === undefined ? raw : `${scheme}***@${rest}`;
}

/**
 * `raw` with its user info percent-encoded where a URL could not hold it as typed (`/ ? # @ [ ]`,
 * spaces, a `%` that starts no escape), so `new URL()` reads the user and password the user meant;
 * the first `:` parts them. Escapes already there are kept.
 */
export function encodeUserInfo(raw: string): string {
  const { scheme, userInfo, rest } = split(raw);
  if (userInfo === undefined) return raw;
  const colon = userInfo.indexOf(':');
  const encode = (part: string) => part.replace(/%(?![\da-f]{2})|[^\w.~!$&'()*+,;=%-]/giu, (c) => encodeURIComponent(c));
  const user = colon === -1 ? userInfo : userInfo.slice(0, colon);
  const password = colon === -1 ? undefined : userInfo.slice(colon + 1);
  return `${scheme}${encode(user)}${password === undefined ? '' : `:${encode(password)}`}@${rest}`;
}
