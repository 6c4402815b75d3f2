// What an API failure means for the person at the terminal: its exit code (docs/reference/exit-codes.md) and a hint.
import type { ApiError, ApiErrorKind } from '../api/errors.js';
import { CliError } from './errors.js';
import { EXIT, type ExitCode } from './exit-codes.js';

const EXITS: Record<ApiErrorKind, ExitCode> = {
  validation: EXIT.API_FAILED,
  unauthenticated: EXIT.AUTH,
  forbidden: EXIT.AUTH,
  not_found: EXIT.API_FAILED,
  conflict: EXIT.CONFLICT,
  rate_limited: EXIT.GAVE_UP,
  unavailable: EXIT.GAVE_UP,
  server_error: EXIT.API_FAILED,
  http_error: EXIT.API_FAILED,
  network: EXIT.GAVE_UP,
  timeout: EXIT.GAVE_UP,
  tls: EXIT.API_FAILED,
  tls_name: EXIT.API_FAILED,
  proxy_auth: EXIT.PROXY,
  proxy_refused: EXIT.PROXY,
  proxy_unreachable: EXIT.PROXY,
  redirect: EXIT.API_FAILED,
  bad_answer: EXIT.API_FAILED,
  too_large: EXIT.API_FAILED,
  wait_too_long: EXIT.GAVE_UP,
  contradicting_answer: EXIT.API_FAILED,
};

const HINTS: Partial<Record<ApiErrorKind, string>> = {
  unauthenticated: 'check the token: `recruit auth status`, or log in again with `recruit auth login`',
  forbidden: 'the token lacks the permission this operation needs; ask an admin for a token that has it',
  rate_limited: 'the service is rate limiting; wait a minute and run the command again',
  unavailable: 'the service is unavailable; run the command again later (it is safe to retry)',
  network: 'check the base URL and your connection; a create or update that carried an Idempotency-Key is safe to retry',
  timeout: 'the service is slow or unreachable; run the command again later, or allow more time with --timeout <seconds>',
  tls: "the service's certificate is not trusted; if your organisation signs its own (a TLS-inspecting proxy, say), pass its CA certificate (a PEM file) with --ca-file, the ca-file setting or NODE_EXTRA_CA_CERTS",
  tls_name:
    'the certificate is made out to another host name: use a host name it names in the base URL (adding a CA cannot fix this); behind a TLS-inspecting proxy, ask its administrators to re-sign this host',
  proxy_auth:
    'the proxy wants credentials: put them in the proxy URL (https_proxy=http://user:password@proxy:port); recruit sends them as Basic authentication',
  proxy_refused: "the proxy does not allow this connection: ask its administrators to allow the API's host, or list the host in NO_PROXY if it is reachable directly",
  proxy_unreachable:
    "check the proxy's address in HTTPS_PROXY / HTTP_PROXY (or the profile's proxy setting), or list the API's host in NO_PROXY to connect directly",
  redirect: 'check the base URL: it should be the API address itself (https://.../v1), which answers without redirecting',
  bad_answer: 'check the base URL: it should be the API address (https://.../v1), not a web page or a proxy in front of it',
  too_large: 'check the base URL, or allow larger answers with --max-response-size',
  wait_too_long: 'nothing was lost: run the command again once that time has passed (it is safe to retry)',
  contradicting_answer: "read the job (`recruit jobs get <id>`) to see what the service did; the answer does not say it",
};

export function exitCodeOf(error: ApiError): ExitCode {
  if (error.status === 409 && error.outcomeUnknown) return EXIT.GAVE_UP; // the same key still in flight
  return EXITS[error.kind];
}

export function hintOf(error: ApiError): string | undefined {
  return HINTS[error.kind];
}

/** The error as the CLI reports it; `hint: null` drops the usual hint. */
export function toCliError(error: ApiError, hint: string | null | undefined = hintOf(error)): CliError {
  const cli = new CliError(error.message, exitCodeOf(error), error.code, error.details, hint ?? undefined);
  cli.status = error.status;
  cli.retryable = error.retryable;
  return cli;
}
