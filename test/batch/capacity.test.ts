// The active-job limit: a 409 `active_job_limit_reached` stops new items (exit 4), the rest are
// "not attempted"; once slots are free, a re-run creates the rest, each job once.
import { describe, expect, it } from 'vitest';
import { SandboxStore } from '../../src/sandbox/store.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { batch, countTitle, jobs, parseJson, posts, useRecordingProxy, writeJobs } from './helpers.js';

const SEEDED_ACTIVE = new SandboxStore().activeJobCount('direct');
const sandbox = useSandbox({ activeJobLimit: SEEDED_ACTIVE + 2 });
const proxy = useRecordingProxy(sandbox);

describe('batch at the active-job limit', () => {
  it('stops sending new items at the capacity 409, and a re-run after freeing slots finishes', async () => {
    const file = writeJobs('capacity.ndjson', jobs('Capacity Job', 5));
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--concurrency', '1', '--json']);
    expect(res.code).toBe(4);
    const results = parseJson(res.stdout);
    expect(results.map((r: { result: string }) => r.result)).toEqual(['created', 'created', 'refused', 'not_attempted', 'not_attempted']);
    expect(results[2].error).toMatchObject({ status: 409, code: 'active_job_limit_reached' });
    expect(results[3].error.message).toMatch(/active-job limit/);
    expect(posts(proxy)).toHaveLength(3);
    expect(res.stderr).toMatch(/2 created, 1 refused, 2 not attempted/);
    const refusedKey = posts(proxy)[2]!.key;

    // Still full: the refused item is tried again (a 409 may clear), the others wait.
    proxy.reset();
    const full = await batch(proxy.baseUrl, file, ['--concurrency', '1']);
    expect(full.code).toBe(4);
    expect(posts(proxy)).toHaveLength(1);

    for (const job of results.slice(0, 2)) {
      const closed = await call(sandbox.current, 'PATCH', `/v1/jobs/${job.jobId}/status`, { body: { status: 1 }, idempotencyKey: `close-${job.jobId}` });
      expect(closed.status, closed.text).toBe(200);
    }
    const active = [...sandbox.current.store.jobs.values()].find((j) => j.account === 'direct' && j.status === 5 && !j.title.startsWith('Capacity'));
    await call(sandbox.current, 'PATCH', `/v1/jobs/${active!.id}/status`, { body: { status: 1 }, idempotencyKey: 'close-seeded' });

    proxy.reset();
    const done = await batch(proxy.baseUrl, file, ['--concurrency', '1', '--json']);
    expect(done.code, done.stderr).toBe(0);
    expect(parseJson(done.stdout).map((r: { result: string }) => r.result)).toEqual([
      'already_created',
      'already_created',
      'created',
      'created',
      'created',
    ]);
    expect(posts(proxy)).toHaveLength(3);
    expect(posts(proxy)[0]!.key).not.toBe(refusedKey); // a 409 created nothing: a new key is safe
    for (let i = 0; i < 5; i++) expect(countTitle(sandbox.current, `Capacity Job ${i}`)).toBe(1);
  });
});
