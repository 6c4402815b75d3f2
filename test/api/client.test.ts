// The API client against a real sandbox over loopback, with a fake clock: sleeps are recorded,
// not waited, so the timing of every retry is asserted exactly.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/api/client.js';
import { ApiError } from '../../src/api/errors.js';
import { exitCodeOf, hintOf } from '../../src/core/api-failure.js';
import { failure } from '../helpers/api-failure.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const TOKEN = 'sbx_direct_full';

function fakeClock() {
  let now = Date.parse('2026-11-22T10:00:00Z');
  const sleeps: number[] = [];
  return {
    sleeps,
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
  };
}

describe('ApiClient', () => {
  const sandbox = useSandbox();

  function client(extra: Partial<ConstructorParameters<typeof ApiClient>[0]> = {}) {
    const clock = fakeClock();
    const lines: string[] = [];
    const api = new ApiClient({
      baseUrl: sandbox.current.baseUrl,
      token: TOKEN,
      userAgent: 'recruit-test',
      random: () => 0,
      sleep: clock.sleep,
      now: clock.now,
      log: (line) => lines.push(line),
      retry: { baseDelayMs: 100, maxDelayMs: 1000 },
      ...extra,
    });
    return { api, clock, lines };
  }

  async function queueFaults(queue: string[], spec = '') {
    expect((await call(sandbox.current, 'PUT', '/_sandbox/faults', { body: { spec, queue } })).status).toBe(200);
  }

  it('retries a GET on 503 with capped exponential backoff, then succeeds', async () => {
    const { api, clock } = client();
    await queueFaults(['503', '503', '503']);
    const res = await api.request('GET', '/industries');
    expect(res.status).toBe(200);
    expect(res.attempts).toBe(4);
    expect(clock.sleeps).toEqual([50, 100, 200]);
    await api.close();
  });

  it('honours Retry-After on 429', async () => {
    const { api, clock } = client();
    await queueFaults(['429']);
    await api.request('GET', '/industries');
    expect(clock.sleeps).toEqual([1000]);
    await api.close();
  });

  it("pauses the client's other requests until a 429's Retry-After has passed", async () => {
    // A clock that stands still: the pause set by the 429 is still ahead when the next request starts.
    const sleeps: number[] = [];
    const now = Date.parse('2026-11-22T10:00:00Z');
    const api = new ApiClient({
      baseUrl: sandbox.current.baseUrl,
      token: TOKEN,
      userAgent: 't',
      now: () => now,
      sleep: async (ms) => void sleeps.push(ms),
    });
    await queueFaults(['429']);
    await api.request('GET', '/industries');
    await api.request('GET', '/departments');
    expect(sleeps).toEqual([1000, 1000]);
    await api.close();
  });

  it('gives up after maxAttempts with a retryable error (exit 5)', async () => {
    const { api, clock } = client({ retry: { maxAttempts: 3, baseDelayMs: 100, maxDelayMs: 1000 } });
    await queueFaults([], '503=1');
    const error = await api.request('GET', '/industries').catch((e: unknown) => e);
    await queueFaults([]);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'unavailable', status: 503, retryable: true });
    expect(exitCodeOf(error as ApiError)).toBe(5);
    expect((error as ApiError).message).toContain('gave up after 3 attempts');
    expect(clock.sleeps).toEqual([50, 100]);
    await api.close();
  });

  it('names the service by the name it was given, in errors and log lines, in place of its address', async () => {
    const { api, lines } = client({ name: 'the test service' });
    await queueFaults(['drop']);
    const error = await failure(api.request('GET', '/jobs/99999'));
    expect(error.message).toBe('GET /jobs/99999 on the test service failed with 404: No job with id 99999 (gave up after 2 attempts)');
    expect(error.failure).toEqual({ method: 'GET', path: '/jobs/99999', attempts: 2, where: 'the test service' });
    expect(lines).toEqual([
      '> GET /jobs/99999 on the test service attempt=1',
      expect.stringMatching(/^< network error GET \/jobs\/99999 on the test service \d+ms attempt=1: /),
      '> GET /jobs/99999 on the test service attempt=2',
      expect.stringMatching(/^< 404 GET \/jobs\/99999 on the test service \d+ms attempt=2$/),
    ]);
    for (const line of [error.message, ...lines]) expect(line).not.toContain(sandbox.current.baseUrl);
    await api.close();
  });

  it('shows the address in log lines, and no name in errors, when it has no name', async () => {
    const { api, lines } = client();
    const error = await failure(api.request('GET', '/jobs/99999'));
    expect(error.message).toBe('GET /jobs/99999 failed with 404: No job with id 99999');
    expect(error.failure).toEqual({ method: 'GET', path: '/jobs/99999', attempts: 1 });
    expect(lines[0]).toBe(`> GET ${sandbox.current.baseUrl}/jobs/99999 attempt=1`);
    await api.close();
  });

  it('never retries a POST without an Idempotency-Key', async () => {
    const { api, clock } = client();
    await queueFaults(['503']);
    const error = await api.request('POST', '/jobs', { body: validJob() }).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', status: 503 });
    expect(clock.sleeps).toEqual([]);
    await api.close();
  });

  it('retries a POST with a key after the connection dropped post-commit; the replay creates one job', async () => {
    const { api, lines } = client();
    const before = (await call(sandbox.current, 'GET', '/v1/jobs?pageSize=1')).body.meta.pagination.totalItems as number;
    await queueFaults(['reset']);
    const res = await api.request<{ id: number }>('POST', '/jobs', { body: validJob(), idempotencyKey: 'client-reset-1' });
    expect(res.status).toBe(201);
    expect(res.attempts).toBe(2);
    expect(res.replayed).toBe(true);
    const after = (await call(sandbox.current, 'GET', '/v1/jobs?pageSize=1')).body.meta.pagination.totalItems as number;
    expect(after).toBe(before + 1);
    expect(lines.filter((l) => l.startsWith('>')).every((l) => l.includes('idempotency-key=client-reset-1'))).toBe(true);
    await api.close();
  });

  it('maps each refusal to a typed error with the server message and field details', async () => {
    const { api } = client();
    const invalid = await api.request('POST', '/jobs', { body: { title: 'x' } }).catch((e: unknown) => e);
    expect(invalid).toMatchObject({ kind: 'validation', status: 400, serverCode: 'validation_failed' });
    expect(exitCodeOf(invalid as ApiError)).toBe(1);
    expect((invalid as ApiError).details.map((d) => d.field)).toEqual(
      expect.arrayContaining(['description', 'location', 'jobFunctionId', 'employerTypeId']),
    );
    const missing = await api.request('GET', '/jobs/99999').catch((e: unknown) => e);
    expect(missing).toMatchObject({ kind: 'not_found', status: 404 });
    expect(exitCodeOf(missing as ApiError)).toBe(1);
    const forbidden = await new ApiClient({ baseUrl: sandbox.current.baseUrl, token: 'sbx_direct_lookups', userAgent: 't' })
      .request('GET', '/jobs/1')
      .catch((e: unknown) => e);
    expect(forbidden).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(exitCodeOf(forbidden as ApiError)).toBe(3);
    const unauthenticated = await new ApiClient({ baseUrl: sandbox.current.baseUrl, token: 'nope', userAgent: 't' })
      .request('GET', '/industries')
      .catch((e: unknown) => e);
    expect(unauthenticated).toMatchObject({ kind: 'unauthenticated', status: 401 });
    expect(exitCodeOf(unauthenticated as ApiError)).toBe(3);
    expect(hintOf(unauthenticated as ApiError)).toContain('recruit auth login');
    await api.close();
  });

  it('reports a connection failure as a network error after retrying a GET', async () => {
    const clock = fakeClock();
    const api = new ApiClient({
      baseUrl: 'http://127.0.0.1:9/v1',
      token: TOKEN,
      userAgent: 't',
      sleep: clock.sleep,
      now: clock.now,
      random: () => 0,
      retry: { maxAttempts: 2 },
    });
    const error = await api.request('GET', '/industries').catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'network', status: null, retryable: true });
    expect(exitCodeOf(error as ApiError)).toBe(5);
    expect(clock.sleeps).toHaveLength(1);
    await api.close();
  });

  it('logs one line per request and response without the token', async () => {
    const { api, lines } = client();
    await api.request('GET', '/industries', { query: { pageSize: 1 } });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^> GET http:\/\/127\.0\.0\.1:\d+\/v1\/industries\?pageSize=1 attempt=1$/);
    expect(lines[1]).toMatch(/^< 200 GET .* \d+ms attempt=1$/);
    expect(lines.join('\n')).not.toContain(TOKEN);
    await api.close();
  });
});
