// Starts a real sandbox on a loopback port for a test file and talks to it over HTTP.
import { afterAll, beforeAll } from 'vitest';
import { request } from 'undici';
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { assertMatchesOpenApi } from './openapi.js';

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: T;
  text: string;
}

export interface CallOptions {
  token?: string | null;
  body?: unknown;
  rawBody?: string;
  idempotencyKey?: string;
  headers?: Record<string, string>;
  /** `false` skips the check against docs/openapi.yaml, for deliberately malformed requests. */
  validate?: false;
}

/**
 * One HTTP call; `path` is relative to the sandbox origin (e.g. `/v1/industries`). Every response is
 * checked against docs/openapi.yaml unless `validate: false`. `T` is `any` by default so that tests
 * can read response bodies without a cast at every step.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function call<T = any>(
  sandbox: RunningSandbox,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
  const token = options.token === undefined ? 'sbx_direct_full' : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const res = await request(`${sandbox.origin}${path}`, { method: method as 'GET', headers, body });
  const text = await res.body.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  const response = { status: res.statusCode, headers: res.headers, body: parsed as T, text };
  if (options.validate !== false) assertMatchesOpenApi(method, path, response);
  return response;
}

/** A sandbox started before the file's tests and stopped after them. */
export function useSandbox(options: SandboxOptions = {}): { readonly current: RunningSandbox } {
  const holder: { current: RunningSandbox } = { current: undefined as unknown as RunningSandbox };
  beforeAll(async () => {
    holder.current = await startSandbox({ port: 0, ...options });
  });
  afterAll(async () => {
    await holder.current?.close();
  });
  return holder;
}

/** A description of exactly `words` words. */
export function words(count: number, word = 'word'): string {
  return Array.from({ length: count }, (_, i) => `${word}${i}`).join(' ');
}

/** A valid create body for the direct account (IT industry: function 101, employer type 501). */
export function validJob(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Platform Engineer',
    description: words(120),
    location: 'Austin, TX, USA',
    jobFunctionId: 101,
    employerTypeId: 501,
    ...overrides,
  };
}
