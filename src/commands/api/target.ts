// The path of `recruit api`: relative to the base URL (`/industries` or `industries`), with an
// optional query string. An absolute URL is accepted only under the base URL itself, so the token
// never goes to another host.
import { UsageError } from '../../core/errors.js';

export interface Target {
  /** Path relative to the base URL, starting with `/`, without query. */
  path: string;
  params: URLSearchParams;
}

export function resolveTarget(input: string, baseUrl: string): Target {
  const raw = input.trim();
  if (raw === '') throw new UsageError('the API path is empty', [], 'e.g. recruit api /industries');
  if (/^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) {
    let url: URL;
    try {
      url = new URL(raw, baseUrl);
    } catch {
      throw new UsageError(`"${raw}" is not a valid URL`);
    }
    const base = new URL(baseUrl);
    const basePath = base.pathname.replace(/\/+$/, '');
    if (url.origin !== base.origin) {
      throw new UsageError(
        `refusing to send the request to ${url.origin}: it is not the API's host (${base.origin})`,
        [],
        'give a path relative to the base URL, e.g. /jobs/3',
      );
    }
    if (url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) {
      throw new UsageError(`${raw} is not under the base URL ${baseUrl}`, [], 'give a path relative to the base URL, e.g. /jobs/3');
    }
    return { path: url.pathname.slice(basePath.length) || '/', params: url.searchParams };
  }
  const withoutHash = raw.split('#', 1)[0]!;
  const q = withoutHash.indexOf('?');
  const path = q < 0 ? withoutHash : withoutHash.slice(0, q);
  const params = new URLSearchParams(q < 0 ? '' : withoutHash.slice(q + 1));
  return { path: path.startsWith('/') ? path : `/${path}`, params };
}

export function withQuery(path: string, params: URLSearchParams): string {
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}
