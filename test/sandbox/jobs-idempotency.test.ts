// Idempotency-Key on the job writes over real HTTP (docs/api-rules.md: "Create-job rules" 4, "Publication rules" 5;
// docs/reference/sandbox.md): replay, 422 on reuse with another request, 409 while in flight, expiry after 24 hours.
// Documented decision: only 2xx results are recorded, so a refused request leaves the key free.
import { describe, expect, it } from 'vitest';
import type { FieldProblem } from '../../src/sandbox/http-error.js';
import type { JobResource } from '../../src/sandbox/job.js';
import type { Page } from '../../src/sandbox/pagination.js';
import { call, useSandbox, validJob, type ApiResponse } from '../helpers/sandbox.js';

const DIRECT = 'sbx_direct_full';
const APPROVAL = 'sbx_approval_full';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

interface ErrorBody {
  error: { code: string; message: string; details?: FieldProblem[] };
}

/** A clock the tests move by hand. */
const clock = { now: Date.parse('2026-04-01T12:00:00.000Z') };
const sandbox = useSandbox({ now: () => clock.now, activeJobLimit: 1000 });

let keyCounter = 0;
/** A key unique to this file run, so tests never see each other's replays. */
function newKey(label: string): string {
  return `test-${label}-${++keyCounter}`;
}

function post<T = JobResource>(body: unknown, idempotencyKey?: string, token = DIRECT, on = sandbox.current) {
  return call<T>(on, 'POST', '/v1/jobs', { token, body, ...(idempotencyKey ? { idempotencyKey } : {}) });
}

function patch<T = JobResource>(path: string, body: unknown, idempotencyKey: string, token = DIRECT) {
  return call<T>(sandbox.current, 'PATCH', path, { token, body, idempotencyKey });
}

async function countJobs(token = DIRECT, on = sandbox.current): Promise<number> {
  const res = await call<Page<JobResource>>(on, 'GET', '/v1/jobs?pageSize=1', { token });
  expect(res.status).toBe(200);
  return res.body.meta.pagination.totalItems;
}

async function getJob(id: number): Promise<JobResource> {
  const res = await call<JobResource>(sandbox.current, 'GET', `/v1/jobs/${id}`);
  expect(res.status).toBe(200);
  return res.body;
}

function replayed(res: ApiResponse): boolean {
  return res.headers['idempotent-replayed'] === 'true';
}

describe('POST /jobs with an Idempotency-Key', () => {
  it('replays the original status and body for the same key and body, and creates no second job', async () => {
    const key = newKey('replay');
    const before = await countJobs();
    const first = await post(validJob({ title: 'Replayed Engineer' }), key);
    expect(first.status).toBe(201);
    expect(replayed(first)).toBe(false);

    const again = await post(validJob({ title: 'Replayed Engineer' }), key);
    expect(again.status).toBe(201);
    expect(replayed(again)).toBe(true);
    expect(again.text).toBe(first.text);
    expect(again.headers.location).toBe(first.headers.location);
    expect(await countJobs()).toBe(before + 1);
  });

  it('replays as often as asked', async () => {
    const key = newKey('thrice');
    const first = await post(validJob(), key);
    const before = await countJobs();
    for (let i = 0; i < 3; i++) {
      const res = await post(validJob(), key);
      expect(replayed(res)).toBe(true);
      expect(res.body.id).toBe(first.body.id);
    }
    expect(await countJobs()).toBe(before);
  });

  it('treats the same body with its keys in another order as the same request', async () => {
    const key = newKey('order');
    const body = validJob({ skills: ['Go', 'SQL'] });
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(body));

    const first = await post(body, key);
    const before = await countJobs();
    const again = await post(reversed, key);
    expect(again.status).toBe(201);
    expect(replayed(again)).toBe(true);
    expect(again.body.id).toBe(first.body.id);
    expect(await countJobs()).toBe(before);
  });

  it('refuses /jobs/ with a trailing slash (404), creating nothing and leaving the key free', async () => {
    const key = newKey('slash');
    const body = validJob();
    const before = await countJobs();
    const slash = await call<ErrorBody>(sandbox.current, 'POST', '/v1/jobs/', { token: DIRECT, body, idempotencyKey: key });
    expect([slash.status, slash.body.error.code]).toEqual([404, 'not_found']);
    expect(await countJobs()).toBe(before);
    const first = await post(body, key);
    expect([first.status, replayed(first)]).toEqual([201, false]);
  });

  it('does not treat a reordered list as the same body', async () => {
    const key = newKey('list-order');
    await post(validJob({ skills: ['Go', 'SQL'] }), key);
    const res = await post<ErrorBody>(validJob({ skills: ['SQL', 'Go'] }), key);
    expect(res.status).toBe(422);
  });

  it('answers 422 idempotency_key_reused for the same key with another body, and creates nothing', async () => {
    const key = newKey('reuse');
    const first = await post(validJob({ title: 'First' }), key);
    expect(first.status).toBe(201);
    const before = await countJobs();

    const res = await post<ErrorBody>(validJob({ title: 'Second' }), key);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('idempotency_key_reused');
    expect(replayed(res)).toBe(false);
    expect(await countJobs()).toBe(before);
    expect((await getJob(first.body.id)).title).toBe('First');
  });

  it('answers 422 when a key of a POST /jobs is reused on another path', async () => {
    const key = newKey('other-path');
    const created = await post(validJob(), key);
    const res = await patch<ErrorBody>(`/v1/jobs/${created.body.id}`, validJob(), key);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('idempotency_key_reused');
  });

  it('keeps the keys of each account apart: the same key on another account is a new request', async () => {
    const key = newKey('accounts');
    const direct = await post(validJob(), key, DIRECT);
    expect(direct.status).toBe(201);
    const before = await countJobs(APPROVAL);

    const approval = await post(validJob(), key, APPROVAL);
    expect(approval.status).toBe(201);
    expect(replayed(approval)).toBe(false);
    expect(approval.body.id).not.toBe(direct.body.id);
    expect(approval.body).toMatchObject({ status: 3, approvalStatus: 0 });
    expect(await countJobs(APPROVAL)).toBe(before + 1);
  });

  it('creates a job per call without a key: POST without Idempotency-Key is not idempotent', async () => {
    const before = await countJobs();
    const first = await post(validJob());
    const second = await post(validJob());
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(replayed(second)).toBe(false);
    expect(second.body.id).not.toBe(first.body.id);
    expect(await countJobs()).toBe(before + 2);
  });

  it('does not record a 400: the same key then works with a corrected body', async () => {
    const key = newKey('after-400');
    const before = await countJobs();
    const refused = await post<ErrorBody>(validJob({ location: 'Remote' }), key);
    expect(refused.status).toBe(400);

    const corrected = await post(validJob({ location: 'Berlin, Germany' }), key);
    expect(corrected.status).toBe(201);
    expect(replayed(corrected)).toBe(false);
    expect(await countJobs()).toBe(before + 1);
    // From now on the key belongs to the corrected request.
    const replay = await post(validJob({ location: 'Berlin, Germany' }), key);
    expect(replayed(replay)).toBe(true);
    expect(replay.body.id).toBe(corrected.body.id);
  });

  it('does not record a 409: the same key then works with a corrected body', async () => {
    const key = newKey('after-409');
    const refused = await post<ErrorBody>(validJob({ publishToCareerPage: true }), key, APPROVAL);
    expect(refused.status).toBe(409);
    const again = await post<ErrorBody>(validJob({ publishToCareerPage: true }), key, APPROVAL);
    expect(again.status).toBe(409);
    expect(replayed(again)).toBe(false);

    const corrected = await post(validJob(), key, APPROVAL);
    expect(corrected.status).toBe(201);
    expect(replayed(corrected)).toBe(false);
  });

  it('refuses a key longer than 255 characters with 400, and creates nothing', async () => {
    const before = await countJobs();
    const res = await post<ErrorBody>(validJob(), 'k'.repeat(256));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_idempotency_key');
    expect(await countJobs()).toBe(before);
  });

  it('accepts a key of exactly 255 characters', async () => {
    const res = await post(validJob(), `${newKey('long')}-`.padEnd(255, 'x'));
    expect(res.status).toBe(201);
  });

  it('refuses a key with characters other than visible ASCII', async () => {
    const res = await post<ErrorBody>(validJob(), 'two words');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid_idempotency_key');
  });

  describe('concurrent requests with one key', () => {
    it('create exactly one job without latency', async () => {
      const key = newKey('race');
      const before = await countJobs();
      const answers = await Promise.all([post(validJob(), key), post(validJob(), key), post(validJob(), key)]);
      for (const res of answers) expect([201, 409]).toContain(res.status);
      const ids = new Set(answers.filter((r) => r.status === 201).map((r) => r.body.id));
      expect(ids.size).toBe(1);
      expect(await countJobs()).toBe(before + 1);
    });
  });
});

describe('POST /jobs with one key while the first request is in flight', () => {
  const slow = useSandbox({ faults: 'latency=150-150' });

  it('answers the second 409 idempotency_key_in_use and creates exactly one job', async () => {
    const key = 'in-flight-1';
    const before = await countJobs(DIRECT, slow.current);
    const answers = await Promise.all([
      post<JobResource | ErrorBody>(validJob(), key, DIRECT, slow.current),
      post<JobResource | ErrorBody>(validJob(), key, DIRECT, slow.current),
    ]);
    const byStatus = answers.map((r) => r.status).sort();
    expect(byStatus).toEqual([201, 409]);
    const busy = answers.find((r) => r.status === 409)!.body as ErrorBody;
    expect(busy.error.code).toBe('idempotency_key_in_use');
    expect(await countJobs(DIRECT, slow.current)).toBe(before + 1);

    // Once the first has finished, the key replays its result.
    const created = answers.find((r) => r.status === 201)!.body as JobResource;
    const retry = await post(validJob(), key, DIRECT, slow.current);
    expect(retry.status).toBe(201);
    expect(replayed(retry)).toBe(true);
    expect(retry.body.id).toBe(created.id);
  });

  it('does not hold up a concurrent request with another key', async () => {
    const answers = await Promise.all([
      post(validJob(), 'in-flight-a', DIRECT, slow.current),
      post(validJob(), 'in-flight-b', DIRECT, slow.current),
    ]);
    expect(answers.map((r) => r.status)).toEqual([201, 201]);
    expect(answers[0]!.body.id).not.toBe(answers[1]!.body.id);
  });
});

describe('PATCH /jobs/{jobId} with an Idempotency-Key', () => {
  it('replays the change and applies it once: a later change is not undone and updatedAt stays', async () => {
    const job = (await post(validJob({ title: 'Original' }))).body;
    const keyA = newKey('patch-a');

    clock.now += MINUTE;
    const toA = await patch(`/v1/jobs/${job.id}`, { title: 'Title A' }, keyA);
    expect(toA.status).toBe(200);
    expect(toA.body.title).toBe('Title A');

    clock.now += MINUTE;
    const toB = await patch(`/v1/jobs/${job.id}`, { title: 'Title B' }, newKey('patch-b'));
    expect(toB.body.title).toBe('Title B');

    clock.now += MINUTE;
    const replay = await patch(`/v1/jobs/${job.id}`, { title: 'Title A' }, keyA);
    expect(replay.status).toBe(200);
    expect(replayed(replay)).toBe(true);
    expect(replay.text).toBe(toA.text);
    const stored = await getJob(job.id);
    expect(stored.title).toBe('Title B');
    expect(stored.updatedAt).toBe(toB.body.updatedAt);
  });

  it('leaves updatedAt alone when the same change is replayed twice', async () => {
    const job = (await post(validJob())).body;
    const key = newKey('patch-twice');
    clock.now += MINUTE;
    const first = await patch(`/v1/jobs/${job.id}`, { title: 'Changed once' }, key);
    for (let i = 0; i < 2; i++) {
      clock.now += MINUTE;
      const res = await patch(`/v1/jobs/${job.id}`, { title: 'Changed once' }, key);
      expect(replayed(res)).toBe(true);
    }
    expect(await getJob(job.id)).toEqual(first.body);
  });

  it('answers 422 for the same key with another change, and applies nothing', async () => {
    const job = (await post(validJob())).body;
    const key = newKey('patch-reuse');
    const first = await patch(`/v1/jobs/${job.id}`, { title: 'Kept' }, key);
    const res = await patch<ErrorBody>(`/v1/jobs/${job.id}`, { title: 'Kept', publishToCareerPage: true }, key);
    expect(res.status).toBe(422);
    expect(await getJob(job.id)).toEqual(first.body);
  });

  it('shares one receipt for the job change and the publication change', async () => {
    const job = (await post(validJob())).body;
    const key = newKey('patch-publish');
    const change = { title: 'Published title', publishToCareerPage: true, publishToFreeJobBoards: true };
    const first = await patch(`/v1/jobs/${job.id}`, change, key);
    expect(first.body).toMatchObject(change);
    // Turn the channels off by other means, then replay: the replay must not switch them back on.
    const off = await patch(`/v1/jobs/${job.id}`, { publishToCareerPage: false }, newKey('patch-off'));
    expect(off.body).toMatchObject({ publishToCareerPage: false, publishToFreeJobBoards: false });
    const replay = await patch(`/v1/jobs/${job.id}`, change, key);
    expect(replayed(replay)).toBe(true);
    expect(replay.body).toMatchObject(change);
    expect(await getJob(job.id)).toMatchObject({ publishToCareerPage: false, publishToFreeJobBoards: false });
  });

  it('replays a status change without applying it again', async () => {
    const job = (await post(validJob())).body;
    const key = newKey('status');
    const toNew = await patch(`/v1/jobs/${job.id}/status`, { status: 2 }, key);
    expect(toNew.body.status).toBe(2);
    await patch(`/v1/jobs/${job.id}/status`, { status: 5 }, newKey('status-back'));
    const replay = await patch(`/v1/jobs/${job.id}/status`, { status: 2 }, key);
    expect(replayed(replay)).toBe(true);
    expect(replay.body.status).toBe(2);
    expect((await getJob(job.id)).status).toBe(5);
  });
});

describe('expiry of idempotency keys', () => {
  it('replays at 23h59m and treats the key as new after 24 hours', async () => {
    const key = newKey('ttl');
    const start = clock.now;
    const first = await post(validJob({ title: 'Expiring' }), key);
    expect(first.status).toBe(201);

    clock.now = start + 23 * HOUR + 59 * MINUTE;
    const before = await countJobs();
    const late = await post(validJob({ title: 'Expiring' }), key);
    expect(replayed(late)).toBe(true);
    expect(late.body.id).toBe(first.body.id);
    expect(await countJobs()).toBe(before);

    clock.now = start + 24 * HOUR;
    const expired = await post(validJob({ title: 'Expiring' }), key);
    expect(expired.status).toBe(201);
    expect(replayed(expired)).toBe(false);
    expect(expired.body.id).not.toBe(first.body.id);
    expect(await countJobs()).toBe(before + 1);
  });

  it('accepts another body for an expired key', async () => {
    const key = newKey('ttl-other');
    await post(validJob({ title: 'Before expiry' }), key);
    clock.now += 25 * HOUR;
    const res = await post(validJob({ title: 'After expiry' }), key);
    expect(res.status).toBe(201);
    expect(res.body.title).toBe('After expiry');
  });
});
