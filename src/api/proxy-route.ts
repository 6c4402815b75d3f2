// Which proxy, if any, a request goes through: the rules curl, npm and gh share (and the npm package
// proxy-from-env implements for process.env alone). The settings come from the caller (the
// environment's HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY, or the profile), so this stays pure.
import { BlockList, isIP } from 'node:net';
import { redactUserInfo } from './user-info.js';

export interface ProxySettings {
  /** The proxy for https:// targets. */
  https?: string;
  /** The proxy for http:// targets. */
  http?: string;
  /** NO_PROXY: hosts reached directly, separated by commas or spaces. */
  noProxy?: string;
}

/** Emitted on a request once the connection to its proxy stands, before the proxy answers the CONNECT (proxy-agent.ts). */
export const PROXY_REACHED = 'recruit:proxyReached';

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Loopback addresses are never proxied (as Go's and so gh's rule): a proxy elsewhere cannot reach them. */
function isLoopbackHost(hostname: string): boolean {
  return /^(?:localhost|.*\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(hostname);
}

/** A host name or an IP address as NO_PROXY compares it: lower case, no IPv6 brackets, no trailing dot. */
function bare(host: string): string {
  const unbracketed = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return unbracketed.toLowerCase().replace(/\.$/, '');
}

/** `entry` (an address, or one with `/bits`) covers the IP address `ip`. */
function coversAddress(entry: string, ip: string): boolean {
  const [address = '', bits] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || family !== isIP(ip)) return false;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const prefix = bits === undefined ? (family === 4 ? 32 : 128) : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128))) return false;
  const list = new BlockList();
  list.addSubnet(address, prefix, type);
  return list.check(ip, type);
}

/**
 * Whether NO_PROXY names the host, as curl (7.86 and later) reads it, and so npm and gh: `*` alone is
 * every host; an entry is a domain and covers its subdomains (`corp.example` covers
 * `api.corp.example`, a leading `.` or `*.` changes nothing); an IP address or a CIDR range
 * (`192.0.2.0/24`, `fd00::/8`) covers the addresses in it (names are not resolved); a trailing dot
 * and case do not matter. Beyond curl, as Go's rule: an entry with a port covers that port only.
 */
export function bypasses(noProxy: string | undefined, hostname: string, port: number): boolean {
  const list = noProxy ?? '';
  if (list.trim() === '*') return true;
  const host = bare(hostname);
  const hostIsIp = isIP(host) !== 0;
  return list.split(/[,\s]+/).some((raw) => {
    if (!raw) return false;
    // A port after a name, an IPv4 address or a bracketed IPv6 address (a bare IPv6 address has colons of its own).
    const withPort = /^(\[[^\]]*\]|[^:]*):(\d+)$/.exec(raw);
    if (withPort && Number(withPort[2]) !== port) return false;
    const entry = bare(withPort ? withPort[1]! : raw).replace(/^\*?\./, '');
    if (!entry) return false;
    if (hostIsIp) return coversAddress(entry, host);
    return host === entry || host.endsWith(`.${entry}`);
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
  const shown = redactUserInfo(proxy);
  try {
    const url = new URL(shown);
    return `${url.protocol}//${shown === proxy ? '' : '***@'}${url.host}`;
  } catch {
    return shown;
  }
}
