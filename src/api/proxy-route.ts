// Which proxy, if any, a request goes through: the rules curl, npm and gh share (and the npm package
// proxy-from-env implements for process.env alone). The settings come from the caller (the
// environment's HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY, or the profile), so this stays pure.

export interface ProxySettings {
  /** The proxy for https:// targets. */
  https?: string;
  /** The proxy for http:// targets. */
  http?: string;
  /** NO_PROXY: hosts reached directly, separated by commas or spaces. */
  noProxy?: string;
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Loopback addresses are never proxied (as Go's and so gh's rule): a proxy elsewhere cannot reach them. */
function isLoopbackHost(hostname: string): boolean {
  return /^(?:localhost|.*\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(hostname);
}

/** Whether NO_PROXY names the host: `*`, a host (with or without a port), or a domain's suffix (`.corp.example`, `*.corp.example`). */
export function bypasses(noProxy: string | undefined, hostname: string, port: number): boolean {
  const list = (noProxy ?? '').toLowerCase();
  if (list.trim() === '*') return true;
  const host = hostname.toLowerCase();
  return list.split(/[,\s]+/).some((entry) => {
    if (!entry) return false;
    const withPort = /^(.+):(\d+)$/.exec(entry);
    const name = withPort && !/^[^[]*:.*:/.test(entry) ? withPort[1]! : entry;
    if (withPort && name !== entry && Number(withPort[2]) !== port) return false;
    if (name.startsWith('*.') || name.startsWith('.')) {
      const suffix = name.startsWith('*') ? name.slice(1) : name;
      return host.endsWith(suffix) || host === suffix.slice(1);
    }
    return host === name || host === `[${name}]`;
  });
}

/** The proxy URL for `url`, or undefined to connect directly. */
export function proxyFor(url: URL, settings: ProxySettings | undefined): string | undefined {
  if (!settings) return undefined;
  const proxy = url.protocol === 'https:' ? settings.https : url.protocol === 'http:' ? settings.http : undefined;
  if (!proxy) return undefined;
  const port = Number(url.port) || DEFAULT_PORTS[url.protocol]!;
  if (isLoopbackHost(url.hostname) || bypasses(settings.noProxy, url.hostname, port)) return undefined;
  return proxy;
}

/** The proxy as it may be printed: its scheme, host and port; a user name or password shown as `***@`. */
export function describeProxy(proxy: string): string {
  try {
    const url = new URL(proxy);
    return `${url.protocol}//${url.username || url.password ? '***@' : ''}${url.host}`;
  } catch {
    return proxy.replace(/^([a-z][a-z\d+.-]*:\/\/)?[^/?#]*@/i, '$1***@');
  }
}
