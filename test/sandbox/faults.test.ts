// Injected faults of the sandbox (--faults and PUT /_sandbox/faults), over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultSpecError, startSandbox, type RunningSandbox } from '../../src/sandbox/index.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const SEEDED_JOBS = 21;

async function setFaults(sandbox: RunningSandbox, spec: string, queue: string[] = []): Promise<void> {
  const res = await call(sandbox, 'PUT', '/_sandbox/faults', { token: null, body: { spec, queue } });
  expect(res.status, res.text).toBe(200);
}

async function countJobs(sandbox: RunningSandbox, title: string, token = 'sbx_direct_full'): Promise<number> {
  const res = await call(sandbox, 'GET', `/v1/jobs?search=${encodeURIComponent(title)}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.meta.pagination.totalItems as number;
}

/** The status of each of `count` consecutive GET requests (0 when the connection was destroyed). */
async function statusSequence(sandbox: RunningSandbox, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    try {
      statuses.push((await call(sandbox, 'GET', '/v1/job-options')).status);
    } catch {
      statuses.push(0);
    }
  }
  return statuses;
}

describe('sandbox faults: 503=1', () => {
  const sandbox = useSandbox({ faults: '503=1' });

  it('answers every /v1 request with 503', async () => {
    const requests: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', '/v1/industries'],
      ['GET', '/v1/job-options'],
      ['GET', '/v1/job-functions?industry_id=1'],
      ['GET', '/v1/jobs'],
      ['GET', '/v1/jobs/1'],
      ['POST', '/v1/jobs', validJob({ title: 'Faulted Create 503' })],
      ['PATCH', '/v1/jobs/1', { title: 'Faulted Update 503' }],
      ['PATCH', '/v1/jobs/1/status', { status: 1 }],
    ];
    for (const [method, path, body] of requests) {
      const res = await call(sandbox.current, method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(503);
      expect(res.body).toMatchObject({ error: { code: 'service_unavailable' } });
      expect(res.headers['retry-after']).toBeUndefined();
    }
  });

  it('answers 503 before authentication', async () => {
    expect((await call(sandbox.current, 'GET', '/v1/industries', { token: null })).status).toBe(503);
  });

  it('never faults the /_sandbox/ routes', async () => {
    for (let i = 0; i < 5; i++) {
      expect((await call(sandbox.current, 'GET', '/_sandbox/health', { token: null })).status).toBe(200);
      expect((await call(sandbox.current, 'GET', '/_sandbox/tokens', { token: null })).status).toBe(200);
      expect((await call(sandbox.current, 'GET', '/_sandbox/faults', { token: null })).status).toBe(200);
    }
  });

  it('changed nothing while faulting', async () => {
    await setFaults(sandbox.current, '');
    expect(await countJobs(sandbox.current, 'Faulted Create 503')).toBe(0);
    const job = await call(sandbox.current, 'GET', '/v1/jobs/1');
    expect(job.status).toBe(200);
    expect(job.body.title).not.toBe('Faulted Update 503');
    expect(job.body.status).toBe(5);
  });
});

describe('sandbox faults: 429=1', () => {
  const sandbox = useSandbox({ faults: '429=1' });

  it('answers 429 with retry-after: 1', async () => {
    for (const path of ['/v1/industries', '/v1/jobs/1']) {
      const res = await call(sandbox.current, 'GET', path);
      expect(res.status).toBe(429);
      expect(res.body).toMatchObject({ error: { code: 'rate_limited' } });
      expect(res.headers['retry-after']).toBe('1');
    }
  });

  it('sends the Retry-After value the fault spec names', async () => {
    await setFaults(sandbox.current, '429=1,retry-after=7');
    const res = await call(sandbox.current, 'GET', '/v1/industries');
    expect(res.status).toBe(429);
    expect(res.headers['retry-after']).toBe('7');
  });
});

describe('sandbox faults: reset and drop', () => {
  const sandbox = useSandbox();

  it('reset=1 carries out POST /jobs, then destroys the connection', async () => {
    const title = 'Reset Fault Committed Job';
    const body = validJob({ title });
    await setFaults(sandbox.current, 'reset=1');
    await expect(call(sandbox.current, 'POST', '/v1/jobs', { body, idempotencyKey: 'faults-reset-1' })).rejects.toThrow();
    await setFaults(sandbox.current, '');
    expect(await countJobs(sandbox.current, title)).toBe(1);

    // The retry with the same key is answered from the replay record: still one job.
    const retry = await call(sandbox.current, 'POST', '/v1/jobs', { body, idempotencyKey: 'faults-reset-1' });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.body.title).toBe(title);
    expect(await countJobs(sandbox.current, title)).toBe(1);
  });

  it('reset gives the client a socket error, not an HTTP response', async () => {
    await setFaults(sandbox.current, '', ['reset']);
    const error: unknown = await call(sandbox.current, 'GET', '/v1/job-options').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as { code?: string }).code).toMatch(/^(UND_ERR_SOCKET|ECONNRESET|EPIPE)$/);
  });

  it('drop=1 destroys the connection and creates nothing', async () => {
    const title = 'Drop Fault Lost Job';
    const body = validJob({ title });
    await setFaults(sandbox.current, 'drop=1');
    await expect(call(sandbox.current, 'POST', '/v1/jobs', { body, idempotencyKey: 'faults-drop-1' })).rejects.toThrow();
    await expect(call(sandbox.current, 'PATCH', '/v1/jobs/2', { body: { title: 'Dropped Update' } })).rejects.toThrow();
    await setFaults(sandbox.current, '');
    expect(await countJobs(sandbox.current, title)).toBe(0);
    expect((await call(sandbox.current, 'GET', '/v1/jobs/2')).body.title).not.toBe('Dropped Update');

    // Nothing was recorded for the key: the retry creates the job for the first time.
    const retry = await call(sandbox.current, 'POST', '/v1/jobs', { body, idempotencyKey: 'faults-drop-1' });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await countJobs(sandbox.current, title)).toBe(1);
  });
});

describe('sandbox faults: queue', () => {
  const sandbox = useSandbox();

  it('applies queued faults to exactly the next requests, in order', async () => {
    await setFaults(sandbox.current, '', ['503', '429']);
    const described = await call(sandbox.current, 'GET', '/_sandbox/faults', { token: null });
    expect(described.body.queue).toEqual(['503', '429']);
    // Admin routes do not consume the queue.
    expect((await call(sandbox.current, 'GET', '/_sandbox/health', { token: null })).status).toBe(200);

    expect((await call(sandbox.current, 'GET', '/v1/industries')).status).toBe(503);
    const second = await call(sandbox.current, 'GET', '/v1/industries');
    expect(second.status).toBe(429);
    expect(second.headers['retry-after']).toBe('1');
    expect((await call(sandbox.current, 'GET', '/v1/industries')).status).toBe(200);
    expect((await call(sandbox.current, 'GET', '/v1/industries')).status).toBe(200);
    expect((await call(sandbox.current, 'GET', '/_sandbox/faults', { token: null })).body.queue).toEqual([]);
  });

  it('queues a drop before the probabilistic spec', async () => {
    await setFaults(sandbox.current, '503=1', ['drop']);
    await expect(call(sandbox.current, 'GET', '/v1/industries')).rejects.toThrow();
    expect((await call(sandbox.current, 'GET', '/v1/industries')).status).toBe(503);
    await setFaults(sandbox.current, '');
    expect((await call(sandbox.current, 'GET', '/v1/industries')).status).toBe(200);
  });
});

describe('sandbox faults: seed', () => {
  const SPEC = '503=0.3,429=0.3,seed=42';
  let first: RunningSandbox;
  let second: RunningSandbox;
  beforeAll(async () => {
    first = await startSandbox({ port: 0, faults: SPEC });
    second = await startSandbox({ port: 0, faults: SPEC });
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
  });

  it('repeats the same sequence of statuses in two sandboxes', async () => {
    const a = await statusSequence(first, 40);
    const b = await statusSequence(second, 40);
    expect(b).toEqual(a);
    expect(a).toContain(200);
    expect(a).toContain(503);
    expect(a).toContain(429);
  });

  it('restarts the sequence when the same spec is configured again', async () => {
    await setFaults(first, SPEC);
    const again = await statusSequence(first, 40);
    await setFaults(second, SPEC);
    expect(await statusSequence(second, 40)).toEqual(again);
    await setFaults(first, '503=0.3,429=0.3,seed=7');
    expect(await statusSequence(first, 40)).not.toEqual(again);
  });
});

describe('sandbox faults: latency', () => {
  const sandbox = useSandbox({ faults: 'latency=50-50' });

  it('delays a request by the configured latency', async () => {
    for (const path of ['/v1/job-options', '/v1/jobs/1']) {
      const started = performance.now();
      const res = await call(sandbox.current, 'GET', path);
      const elapsed = performance.now() - started;
      expect(res.status).toBe(200);
      expect(elapsed).toBeGreaterThanOrEqual(45);
    }
  });
});

describe('sandbox faults: invalid specs', () => {
  const sandbox = useSandbox();

  it.each(['503=2', '429=-0.1', '503=abc', '503', 'boom=1', 'latency=30-10', 'latency=fast', 'seed=x', 'retry-after=1.5'])(
    'startSandbox refuses %j with FaultSpecError',
    async (spec) => {
      await expect(startSandbox({ port: 0, faults: spec })).rejects.toBeInstanceOf(FaultSpecError);
    },
  );

  it('PUT /_sandbox/faults refuses an invalid spec or queue with 400 and keeps the faults', async () => {
    await setFaults(sandbox.current, 'latency=0-1', ['429']);
    const before = await call(sandbox.current, 'GET', '/_sandbox/faults', { token: null });
    for (const body of [{ spec: '503=2' }, { spec: 'boom=1' }, { spec: 5 }, { spec: '', queue: ['boom'] }, { queue: '503' }]) {
      const res = await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'invalid_faults' } });
    }
    const after = await call(sandbox.current, 'GET', '/_sandbox/faults', { token: null });
    expect(after.body).toEqual(before.body);
    expect((await call(sandbox.current, 'GET', '/v1/industries')).status).toBe(429);
  });
});

describe('sandbox reset (POST /_sandbox/reset)', () => {
  const sandbox = useSandbox();

  it('restores the seeded jobs and clears faults and idempotency keys', async () => {
    const seeded = await call(sandbox.current, 'GET', '/v1/jobs/1');
    const created = await call(sandbox.current, 'POST', '/v1/jobs', {
      body: validJob({ title: 'Job Before Reset' }),
      idempotencyKey: 'faults-reset-key',
    });
    expect(created.status).toBe(201);
    const createdId = created.body.id as number;
    expect(createdId).toBe(SEEDED_JOBS + 1);
    const edited = await call(sandbox.current, 'PATCH', '/v1/jobs/1', { body: { title: 'Edited Before Reset' } });
    expect(edited.status).toBe(200);
    await setFaults(sandbox.current, '503=1', ['429']);

    const reset = await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ reset: true, jobs: SEEDED_JOBS });

    // Faults are gone: these requests succeed.
    const faults = await call(sandbox.current, 'GET', '/_sandbox/faults', { token: null });
    expect(faults.body.queue).toEqual([]);
    expect(Object.values(faults.body.spec.probabilities as Record<string, number>).every((p) => p === 0)).toBe(true);
    const job1 = await call(sandbox.current, 'GET', '/v1/jobs/1');
    expect(job1.status).toBe(200);
    expect(job1.body).toEqual(seeded.body);
    expect((await call(sandbox.current, 'GET', `/v1/jobs/${createdId}`)).status).toBe(404);
    expect(await countJobs(sandbox.current, 'Job Before Reset')).toBe(0);

    // The key is forgotten: another body with it is a new creation, not a 422 or a replay.
    const again = await call(sandbox.current, 'POST', '/v1/jobs', {
      body: validJob({ title: 'Job After Reset' }),
      idempotencyKey: 'faults-reset-key',
    });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.body.id).toBe(SEEDED_JOBS + 1);
    expect(again.body.title).toBe('Job After Reset');
  });
});
