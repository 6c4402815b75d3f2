// One typed error per outcome of an API call. The real service's error shape is unknown: the
// server's message and field details are taken from the common shapes when present, and the raw
// body is kept otherwise. What an error means for the user (exit code, hint) is decided by the
// CLI (src/core/api-failure.ts), not here.

export type ApiErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'
  | 'server_error'
  | 'http_error'
  /** No answer: the connection failed or was cut. */
  | 'network'
  /** No complete answer within the request's deadline. */
  | 'timeout'
  /** The service's TLS certificate is not trusted: nothing was sent. */
  | 'tls'
  /** The service's TLS certificate is trusted but made out to another host name: nothing was sent. */
  | 'tls_name'
  /** The proxy wants credentials it did not get, or refused the ones it got (407): nothing was sent. */
  | 'proxy_auth'
  /** The proxy refused the connection to the service (403 and other answers): nothing was sent. */
  | 'proxy_refused'
  /** The proxy could not be reached or did not answer: nothing was sent. */
  | 'proxy_unreachable'
  /** A 3xx: redirects are never followed. */
  | 'redirect'
  /** A 2xx whose body is not what the operation returns (not JSON, wrong shape). */
  | 'bad_answer'
  /** The body passed the response-size cap; reading stopped. */
  | 'too_large'
  /** The service asked to wait (Retry-After) longer than the client waits. */
  | 'wait_too_long'
  /** A 2xx whose content contradicts the request (another status than asked, say): what was done is not known. */
  | 'contradicting_answer';

export interface ApiErrorDetail {
  field?: string;
  code?: string;
  message: string;
}

export interface Failure {
  method: string;
  /** The path as asked, relative to the base URL (never a credential or a port). */
  path: string;
  attempts: number;
  /** The service's name when the client was given one (ClientOptions.name). */
  where?: string;
}

/** The service's code for "a request with this Idempotency-Key is still being processed". */
export const KEY_IN_USE_CODE = 'idempotency_key_in_use';

/** The service's code for "this Idempotency-Key was already used with a different request" (a 422). */
export const KEY_REUSED_CODE = 'idempotency_key_reused';

/** Kinds after which a create or update may or may not have been carried out. */
const OUTCOME_UNKNOWN = new Set<ApiErrorKind>(['network', 'timeout', 'redirect', 'bad_answer', 'too_large', 'server_error', 'unavailable', 'contradicting_answer']);
const RETRYABLE = new Set<ApiErrorKind>(['rate_limited', 'unavailable', 'network', 'timeout', 'wait_too_long']);

export class ApiError extends Error {
  /** The service's error code when it gave one, else the kind. */
  readonly code: string;
  /** Whether trying the same request again later may succeed. */
  readonly retryable: boolean;

  constructor(
    readonly kind: ApiErrorKind,
    /** What went wrong, without the method and path: the server's words, or ours. */
    readonly reason: string,
    readonly status: number | null,
    readonly details: ApiErrorDetail[],
    readonly failure: Failure,
    readonly serverCode?: string,
    readonly rawBody?: string,
  ) {
    const gaveUp = failure.attempts > 1 ? ` (gave up after ${failure.attempts} attempts)` : '';
    const what = status !== null && kind !== 'bad_answer' && kind !== 'too_large' && kind !== 'wait_too_long' && kind !== 'contradicting_answer' ? ` with ${status}` : '';
    const where = failure.where === undefined ? '' : ` on ${failure.where}`;
    super(`${failure.method} ${failure.path}${where} failed${what}: ${reason}${gaveUp}`);
    this.code = serverCode ?? kind;
    this.retryable = RETRYABLE.has(kind) || serverCode === KEY_IN_USE_CODE;
  }

  /**
   * Whether a create or update that got this error may have been carried out all the same: no
   * answer, a 5xx, an answer that cannot be read, or the service still processing the same key.
   * Such a request is sent again only with the same Idempotency-Key.
   */
  get outcomeUnknown(): boolean {
    return !this.neverSent && (OUTCOME_UNKNOWN.has(this.kind) || this.serverCode === KEY_IN_USE_CODE);
  }

  /**
   * The client gave up before sending any attempt of the request (its turn under the rate limit, or
   * a pause another answer asked for, came past its deadline): nothing reached the service.
   */
  get neverSent(): boolean {
    return this.failure.attempts === 0;
  }
}

interface ServerError {
  message?: string;
  code?: string;
  details: ApiErrorDetail[];
}

function asDetails(value: unknown): ApiErrorDetail[] {
  if (Array.isArray(value)) {
    return value.flatMap((d): ApiErrorDetail[] => {
      if (typeof d === 'string') return [{ message: d }];
      if (d && typeof d === 'object') {
        const r = d as Record<string, unknown>;
        const field = r.field ?? r.path ?? r.param ?? r.name;
        const message = r.message ?? r.detail ?? r.msg;
        return [
          {
            ...(typeof field === 'string' ? { field } : {}),
            ...(typeof r.code === 'string' ? { code: r.code } : {}),
            message: typeof message === 'string' ? message : JSON.stringify(d),
          },
        ];
      }
      return [];
    });
  }
  if (value && typeof value === 'object') {
    // { field: "message" } or { field: ["message", ...] }
    return Object.entries(value as Record<string, unknown>).flatMap(([field, m]) =>
      (Array.isArray(m) ? m : [m]).map((one) => ({ field, message: typeof one === 'string' ? one : JSON.stringify(one) })),
    );
  }
  return [];
}

/** Reads `{error: {code, message, details}}` and the other shapes APIs commonly use. */
export function readServerError(body: unknown): ServerError | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const top = body as Record<string, unknown>;
  const inner = top.error && typeof top.error === 'object' ? (top.error as Record<string, unknown>) : top;
  const message = [inner.message, inner.detail, inner.title, typeof top.error === 'string' ? top.error : undefined].find(
    (m): m is string => typeof m === 'string' && m !== '',
  );
  const code = typeof inner.code === 'string' ? inner.code : undefined;
  const details = asDetails(inner.details ?? inner.errors ?? top.errors);
  if (!message && !code && details.length === 0) return undefined;
  return { message, code, details };
}

const KINDS: Record<number, ApiErrorKind> = {
  400: 'validation',
  401: 'unauthenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  422: 'validation',
  429: 'rate_limited',
  503: 'unavailable',
};

/** A body that is not the service's error shape, described rather than printed (an HTML page, say). */
export function describeBody(text: string, contentType: string | undefined): string {
  if (text.trim() === '') return 'an empty body';
  const type = contentType ? contentType.split(';')[0]!.trim() : 'no content type';
  const bytes = Buffer.byteLength(text);
  if (/json|^text\/plain$/i.test(type) && bytes <= 200 && !/[\r\n]/.test(text.trim())) return text.trim();
  return `a ${bytes}-byte ${type} body`;
}

/** The parts of an answer an error is made from. */
export interface Answer {
  status: number;
  text: string;
  contentType: string | undefined;
  header(lowerCaseName: string): string | undefined;
}

/** The error for a non-2xx answer; `body` is the answer's text parsed as JSON where it could be. */
export function httpError(answer: Answer, body: unknown, failure: Failure): ApiError {
  const { status, text: rawBody, contentType } = answer;
  if (status >= 300 && status < 400) {
    const location = answer.header('location');
    const to = location ? ` to ${location.slice(0, 200)}` : '';
    return new ApiError('redirect', `a redirect${to}; redirects are not followed`, status, [], failure, undefined, rawBody);
  }
  const kind = KINDS[status] ?? (status >= 500 ? 'server_error' : 'http_error');
  const server = readServerError(body);
  const reason = server?.message ?? describeBody(rawBody, contentType);
  return new ApiError(kind, reason, status, server?.details ?? [], failure, server?.code, server ? undefined : rawBody);
}

/** Node's codes for a certificate it does not trust (OpenSSL's verify errors, and a name mismatch). */
const CERTIFICATE_ERROR = /^(?:ERR_TLS_CERT_ALTNAME_INVALID|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(?:GET_ISSUER_CERT(?:_LOCALLY)?|VERIFY_LEAF_SIGNATURE)|CERT_[A-Z_]+)$/;

/** The kind of a failure without an answer, from Node's error code (and the transport's own: http.ts). */
function kindOf(cause: Error): ApiErrorKind {
  const { code, proxyStatus } = cause as NodeJS.ErrnoException & { proxyStatus?: number };
  if (code === 'ETIMEDOUT') return 'timeout';
  if (code === 'ERESPONSETOOLARGE') return 'too_large';
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return 'tls_name';
  if (code && CERTIFICATE_ERROR.test(code)) return 'tls';
  if (code === 'EPROXYUNREACHABLE') return 'proxy_unreachable';
  // A proxy that cannot reach the service (502, 503, 504) fails like the connection it was to make: retried.
  if (code === 'EPROXYREFUSED') return proxyStatus === 407 ? 'proxy_auth' : proxyStatus !== undefined && proxyStatus >= 500 ? 'network' : 'proxy_refused';
  return 'network';
}

export function networkError(cause: Error, failure: Failure): ApiError {
  const code = (cause as NodeJS.ErrnoException).code;
  const kind = kindOf(cause);
  const named = code && (kind === 'network' || kind === 'tls' || kind === 'tls_name') && code !== 'EPROXYREFUSED';
  return new ApiError(kind, `${cause.message}${named ? ` [${code}]` : ''}`, null, [], failure);
}
