// One typed error per outcome of an API call, each with its exit code (design 2). The real
// service's error shape is unknown: the server's message and field details are taken from the
// common shapes when present, and the raw body is kept otherwise.
import { CliError, type ErrorDetail } from '../cli/errors.js';
import { EXIT, type ExitCode } from '../cli/exit-codes.js';

export type ApiErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'unavailable'
  | 'server_error'
  | 'network'
  | 'http_error';

export interface Failure {
  method: string;
  url: string;
  attempts: number;
}

export class ApiError extends CliError {
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    exitCode: ExitCode,
    status: number | null,
    details: ErrorDetail[],
    readonly failure: Failure,
    readonly serverCode?: string,
    readonly rawBody?: string,
    hint?: string,
  ) {
    super(message, exitCode, serverCode ?? kind, details, hint);
    this.status = status;
    this.retryable = kind === 'rate_limited' || kind === 'unavailable' || kind === 'network';
  }
}

interface ServerError {
  message?: string;
  code?: string;
  details: ErrorDetail[];
}

function asDetails(value: unknown): ErrorDetail[] {
  if (Array.isArray(value)) {
    return value.flatMap((d): ErrorDetail[] => {
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

const KINDS: Record<number, [ApiErrorKind, ExitCode]> = {
  400: ['validation', EXIT.API_FAILED],
  401: ['unauthenticated', EXIT.AUTH],
  403: ['forbidden', EXIT.AUTH],
  404: ['not_found', EXIT.API_FAILED],
  409: ['conflict', EXIT.CONFLICT],
  422: ['validation', EXIT.API_FAILED],
  429: ['rate_limited', EXIT.GAVE_UP],
  503: ['unavailable', EXIT.GAVE_UP],
};

const HINTS: Partial<Record<ApiErrorKind, string>> = {
  unauthenticated: 'check the token: `recruit auth status`, or log in again with `recruit auth login`',
  forbidden: 'the token lacks the permission this operation needs; ask an admin for a token that has it',
  rate_limited: 'the service is rate limiting; wait a minute and run the command again',
  unavailable: 'the service is unavailable; run the command again later (it is safe to retry)',
};

export function httpError(status: number, body: unknown, rawBody: string, failure: Failure): ApiError {
  const [kind, exit] = KINDS[status] ?? (status >= 500 ? ['server_error', EXIT.API_FAILED] : ['http_error', EXIT.API_FAILED]);
  const server = readServerError(body);
  const text = server?.message ?? (rawBody.trim() ? rawBody.trim().slice(0, 500) : `HTTP ${status}`);
  const gaveUp = failure.attempts > 1 ? ` (gave up after ${failure.attempts} attempts)` : '';
  return new ApiError(
    kind,
    `${failure.method} ${failure.url} failed with ${status}: ${text}${gaveUp}`,
    exit,
    status,
    server?.details ?? [],
    failure,
    server?.code,
    server ? undefined : rawBody,
    HINTS[kind],
  );
}

export function networkError(cause: Error, failure: Failure): ApiError {
  const code = (cause as NodeJS.ErrnoException).code;
  const gaveUp = failure.attempts > 1 ? ` (gave up after ${failure.attempts} attempts)` : '';
  return new ApiError(
    'network',
    `${failure.method} ${failure.url} failed: ${cause.message}${code ? ` [${code}]` : ''}${gaveUp}`,
    EXIT.GAVE_UP,
    null,
    [],
    failure,
    undefined,
    undefined,
    'check the base URL and your connection; a create or update that carried an Idempotency-Key is safe to retry',
  );
}
