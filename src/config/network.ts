// The network settings: the proxies (the environment's HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and
// NO_PROXY, lowercase first as curl reads them, else the profile's `proxy` and `no-proxy`) and a
// company CA file (--ca-file, RECRUIT_CA_FILE, the profile's `ca-file`).
import type { ProxySettings } from '../api/proxy-route.js';
import { UsageError } from '../core/errors.js';
import { encodeUserInfo, redactUserInfo } from '../api/user-info.js';
import type { Profile } from './config-file.js';
import { setting } from './registry.js';
import type { Source } from './settings.js';

export interface NetworkSettings {
  /** Undefined when no proxy is set anywhere. */
  proxy: ProxySettings | undefined;
  /** Where the proxy of https requests comes from (else that of http requests). */
  proxySource: Source;
  caFile: string | undefined;
  caFileSource: Source;
}

/**
 * A proxy as the CLI uses it: an http:// or https:// URL (a bare host:port means http://, as curl
 * reads it), its user and password percent-encoded where they were pasted unencoded.
 */
export function parseProxy(raw: string, where: string): string {
  const value = raw.trim();
  const withScheme = encodeUserInfo(/^[a-z][a-z\d+.-]*:\/\//i.test(value) ? value : `http://${value}`);
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new UsageError(`${where} "${redactUserInfo(value)}" is not a valid proxy URL`, [], 'it looks like http://proxy.example.com:3128 (with user:password@ before the host if the proxy asks for them)');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(
      `${where} uses ${url.protocol.slice(0, -1)}://, which recruit does not support`,
      [],
      'give an http:// or https:// proxy, or list the API host in NO_PROXY to connect directly',
    );
  }
  return withScheme;
}

function fromEnv(env: NodeJS.ProcessEnv, name: string): [string, string] | undefined {
  for (const key of [name, name.toUpperCase()]) {
    const value = env[key];
    if (value !== undefined && value.trim() !== '') return [value, key];
  }
  return undefined;
}

export function resolveNetwork(flags: { caFile?: string }, env: NodeJS.ProcessEnv, stored: Profile, profile: string): NetworkSettings {
  const all = fromEnv(env, 'all_proxy');
  const https = fromEnv(env, 'https_proxy') ?? all;
  const http = fromEnv(env, 'http_proxy') ?? all;
  const saved = stored.proxy !== undefined && stored.proxy !== '' ? stored.proxy : undefined;
  const where = `proxy in profile "${profile}"`;
  const proxy: ProxySettings = {};
  if (https) proxy.https = parseProxy(https[0], https[1]);
  else if (saved) proxy.https = parseProxy(saved, where);
  if (http) proxy.http = parseProxy(http[0], http[1]);
  else if (saved) proxy.http = parseProxy(saved, where);
  const noProxy = fromEnv(env, 'no_proxy')?.[0] ?? stored.noProxy;
  if (noProxy) proxy.noProxy = noProxy;
  const any = proxy.https !== undefined || proxy.http !== undefined;
  const caFileEnv = env[setting('ca-file').env];
  const [caFile, caFileSource]: [string | undefined, Source] = flags.caFile
    ? [flags.caFile, 'flag']
    : caFileEnv
      ? [caFileEnv, 'env']
      : stored.caFile
        ? [stored.caFile, 'profile']
        : [undefined, 'default'];
  return {
    proxy: any ? proxy : undefined,
    proxySource: https || http ? 'env' : saved ? 'profile' : 'default',
    caFile,
    caFileSource,
  };
}
