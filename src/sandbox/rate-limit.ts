// The sandbox's rate limit (`--rate-limit 50/s` or `120/min`): a token bucket per bearer token that
// refills at the rate and holds a small burst (a fifth of a second's worth, at least two requests;
// `5/s,burst=1` sets it, down to a bucket of one request: no burst at all).
// Every /v1 answer to a known token carries the IETF fields (docs/decisions.md, "Rate limit"):
//   RateLimit-Policy: "sandbox";q=50;w=1     RateLimit: "sandbox";r=<left>;t=<seconds until full>
// and a request with no request left in its bucket is answered 429 with Retry-After in seconds.

export class RateLimitSpecError extends Error {}

export interface RateLimitSpec {
  /** As given, tidied: "50/s", "120/min", "5/s,burst=1". */
  text: string;
  /** Requests per window (the policy's q) and the window in seconds (its w). */
  quota: number;
  windowSeconds: number;
  perSecond: number;
  burst: number;
}

const MAX_QUOTA = 1_000_000;

/**
 * The burst when none is given: a fifth of a second's worth, and at least two requests, so that what
 * a client leaves unused of the rate builds up for another client of the same token (a bucket of one
 * is always empty when a paced client comes by, so whoever else asks is refused).
 */
function defaultBurst(perSecond: number): number {
  return Math.max(2, Math.ceil(perSecond / 5));
}

/** "50/s", "120/min" (also "50/sec", "2/m"), with ",burst=<n>" to set the bucket; "off" or "" is no limit. */
export function parseRateLimit(text: string): RateLimitSpec | undefined {
  const trimmed = text.trim();
  if (trimmed === '' || trimmed === 'off') return undefined;
  const m = /^(\d+)\s*\/\s*(s|sec|second|m|min|minute)(?:\s*,\s*burst\s*=\s*(\d+))?$/i.exec(trimmed);
  const quota = m ? Number(m[1]) : NaN;
  const burst = m?.[3] === undefined ? undefined : Number(m[3]);
  if (!m || quota < 1 || quota > MAX_QUOTA || (burst !== undefined && (burst < 1 || burst > MAX_QUOTA))) {
    throw new RateLimitSpecError(
      `a rate limit is <requests>/s or <requests>/min with 1 to ${MAX_QUOTA} requests, optionally ",burst=<requests>", or "off"; got "${text}"`,
    );
  }
  const windowSeconds = m[2]!.toLowerCase().startsWith('m') ? 60 : 1;
  const perSecond = quota / windowSeconds;
  const rate = `${quota}/${windowSeconds === 1 ? 's' : 'min'}`;
  return { text: burst === undefined ? rate : `${rate},burst=${burst}`, quota, windowSeconds, perSecond, burst: burst ?? defaultBurst(perSecond) };
}

interface Bucket {
  tokens: number;
  at: number;
}

export interface RateDecision {
  allowed: boolean;
  /** The fields for the answer (none when no limit is set). */
  headers: Record<string, string>;
  /** Seconds to wait, when refused. */
  retryAfter?: number;
}

export class RateLimiter {
  private spec: RateLimitSpec | undefined;
  private readonly buckets = new Map<string, Bucket>();
  /** Requests answered 429 by the limit since it was set. */
  refused = 0;

  private readonly initial: RateLimitSpec | undefined;

  constructor(
    text = '',
    private readonly now: () => number = () => performance.now(),
  ) {
    this.initial = this.spec = parseRateLimit(text);
  }

  configure(text: string): void {
    this.restart(parseRateLimit(text));
  }

  /** The limit given at start, with full buckets and no count. */
  reset(): void {
    this.restart(this.initial);
  }

  private restart(spec: RateLimitSpec | undefined): void {
    this.spec = spec;
    this.buckets.clear();
    this.refused = 0;
  }

  describe(): { limit: string; quota: number; windowSeconds: number; burst: number; refused: number } | { limit: 'off'; refused: number } {
    const s = this.spec;
    return s ? { limit: s.text, quota: s.quota, windowSeconds: s.windowSeconds, burst: s.burst, refused: this.refused } : { limit: 'off', refused: this.refused };
  }

  /** Takes one request from `token`'s bucket. */
  take(token: string): RateDecision {
    const s = this.spec;
    if (!s) return { allowed: true, headers: {} };
    const now = this.now();
    const bucket = this.buckets.get(token) ?? { tokens: s.burst, at: now };
    bucket.tokens = Math.min(s.burst, bucket.tokens + ((now - bucket.at) / 1000) * s.perSecond);
    bucket.at = now;
    this.buckets.set(token, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    const headers = {
      'ratelimit-policy': `"sandbox";q=${s.quota};w=${s.windowSeconds}`,
      ratelimit: `"sandbox";r=${Math.floor(bucket.tokens)};t=${Math.ceil((s.burst - bucket.tokens) / s.perSecond)}`,
    };
    if (allowed) return { allowed, headers };
    this.refused++;
    return { allowed, headers, retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / s.perSecond)) };
  }
}
