// Matches a method and path against route templates such as `/jobs/{jobId}/status`. Only the path
// as the template writes it matches: `/jobs/` with a trailing slash is no route (docs/decisions.md,
// "Canonical paths").
export interface Match<R> {
  route: R;
  params: Record<string, string>;
}

interface Compiled<R> {
  route: R;
  method: string;
  pattern: RegExp;
  names: string[];
}

export class Router<R extends { method: string; path: string }> {
  private readonly compiled: Compiled<R>[];

  constructor(routes: readonly R[]) {
    this.compiled = routes.map((route) => {
      const names: string[] = [];
      const source = route.path.replace(/\{(\w+)\}/g, (_, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { route, method: route.method, pattern: new RegExp(`^${source}$`), names };
    });
  }

  /**
   * The matching route, or the methods the path allows when only the method is wrong. A GET route
   * also takes HEAD (the server then sends the headers alone), and lists it in the allowed methods.
   */
  match(method: string, path: string): Match<R> | { allowed: string[] } | undefined {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const allowed: string[] = [];
    for (const c of this.compiled) {
      const m = c.pattern.exec(path);
      if (!m) continue;
      if (c.method !== wanted) {
        allowed.push(c.method);
        if (c.method === 'GET') allowed.push('HEAD');
        continue;
      }
      const params: Record<string, string> = {};
      c.names.forEach((name, i) => (params[name] = decode(m[i + 1]!)));
      return { route: c.route, params };
    }
    return allowed.length > 0 ? { allowed } : undefined;
  }
}

/** A parameter with a malformed escape (`%ZZ`) is kept as sent: no route takes it, so it ends in a 404. */
function decode(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
