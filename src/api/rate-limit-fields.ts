// The rate-limit fields of an answer, in the IETF convention (draft-ietf-httpapi-ratelimit-headers):
//   RateLimit-Policy: "default";q=50;w=1     a quota of q requests per window of w seconds
//   RateLimit: "default";r=7;t=1             r requests remain, the quota is restored in t seconds
// Several policies may be listed; the strictest (fewest requests per second) is the one that binds.

export interface RateLimitFields {
  /** Requests allowed per second by the strictest policy. */
  perSecond: number;
  /** Requests that remain in that policy's quota, when the answer says. */
  remaining?: number;
}

interface Item {
  name: string;
  params: Map<string, number>;
}

/** Items of a structured-field list: `"name";key=number;key=number, ...` (other forms are skipped). */
function items(value: string): Item[] {
  const out: Item[] = [];
  for (const part of value.split(',')) {
    const [head = '', ...rest] = part.split(';').map((s) => s.trim());
    const name = /^"([^"]*)"$/.exec(head)?.[1] ?? head;
    const params = new Map<string, number>();
    for (const param of rest) {
      const m = /^([a-z][a-z0-9_.*-]*)=(\d+(?:\.\d+)?)$/.exec(param);
      if (m) params.set(m[1]!, Number(m[2]));
    }
    out.push({ name, params });
  }
  return out;
}

/** The policy that binds (the strictest a service names): its name, quota (q) and window in seconds (w). */
export interface RateLimitPolicy {
  name: string;
  quota: number;
  windowSeconds: number;
}

/** The binding policy of an answer's RateLimit-Policy field, or undefined when there is none that can be read. */
export function readRateLimitPolicy(header: (lowerCaseName: string) => string | undefined): (RateLimitPolicy & { perSecond: number }) | undefined {
  const policy = header('ratelimit-policy');
  if (!policy) return undefined;
  let strictest: (RateLimitPolicy & { perSecond: number }) | undefined;
  for (const { name, params } of items(policy)) {
    const q = params.get('q');
    const w = params.get('w') ?? 1;
    if (q === undefined || q <= 0 || w <= 0) continue;
    const perSecond = q / w;
    if (!strictest || perSecond < strictest.perSecond) strictest = { name, quota: q, windowSeconds: w, perSecond };
  }
  return strictest;
}

/** The binding policy of an answer's fields, or undefined when there is none that can be read. */
export function readRateLimit(header: (lowerCaseName: string) => string | undefined): RateLimitFields | undefined {
  const strictest = readRateLimitPolicy(header);
  if (!strictest) return undefined;
  const state = items(header('ratelimit') ?? '').find((i) => i.name === strictest.name);
  const remaining = state?.params.get('r');
  return remaining === undefined ? { perSecond: strictest.perSecond } : { perSecond: strictest.perSecond, remaining };
}
