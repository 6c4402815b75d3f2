// What a failure does to the rest of a batch: 401/403 stop it (exit 3), a refused item does not
// stop the others (exit 1, or 4 for a 409), giving up leaves items to re-send with the same key (5).
import { describe, expect, it } from 'vitest';
import { call, useSandbox } from '../helpers/sandbox.js';
import { batch, countTitle, jobs, parseJson, posts, titlesWithPrefix, useRecordingProxy, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

async function setFaults(spec: string): Promise<void> {
  const res = await call(sandbox.current, 'PUT', '/_sandbox/faults', { token: null, body: { spec, queue: [] } });
  expect(res.status, res.text).toBe(200);
}

describe('batch: authentication failures', () => {
  it('stops the whole run at a 401 (exit 3), and a re-run with a good token finishes it', async () => {
    const file = writeJobs('auth.ndjson', jobs('Auth Job', 6));
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--concurrency', '2', '--json'], { token: 'sbx_not_a_token' });
    expect(res.code).toBe(3);
    const results = parseJson(res.stdout);
    expect(results).toHaveLength(6);
    const attempted = posts(proxy);
    expect(attempted.length).toBeGreaterThan(0);
    expect(attempted.length).toBeLessThanOrEqual(2);
    expect(attempted.every((p) => p.status === 401)).toBe(true);
    expect(results.filter((r: { result: string }) => r.result === 'failed')).toHaveLength(attempted.length);
    const notAttempted = results.filter((r: { result: string }) => r.result === 'not_attempted');
    expect(notAttempted).toHaveLength(6 - attempted.length);
    expect(notAttempted[0]).toMatchObject({ ok: false, jobId: null, error: { code: 'not_attempted', status: null } });
    expect(results.find((r: { result: string }) => r.result === 'failed').error).toMatchObject({ status: 401, code: 'unauthenticated' });
    expect(res.stderr).toMatch(/the run stopped when the token was refused/);
    expect(titlesWithPrefix(sandbox.current, 'Auth Job ').size).toBe(0);

    // Another token is another account, with a journal of its own: every item is sent with it. The
    // refused token created nothing, so there is nothing to warn about.
    proxy.reset();
    const again = await batch(proxy.baseUrl, file, ['--concurrency', '2']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('sending 6 jobs, 2 at a time');
    expect(again.stderr).not.toContain('another token');
    expect(posts(proxy)).toHaveLength(6);
    for (let i = 0; i < 6; i++) expect(countTitle(sandbox.current, `Auth Job ${i}`)).toBe(1);
  });

  it('stops at a 403 too (a token without jobs.write)', async () => {
    const file = writeJobs('forbidden.ndjson', jobs('Forbidden Job', 4));
    const res = await batch(sandbox.current.baseUrl, file, ['--concurrency', '1'], { token: 'sbx_direct_readonly' });
    expect(res.code).toBe(3);
    expect(res.stdout.trim().split('\n').map((l) => l.split('\t')[2])).toEqual(['failed', 'not attempted', 'not attempted', 'not attempted']);
    expect(res.stdout).toMatch(/403 This token lacks the jobs.write permission/);
  });
});

describe('batch: refused items', () => {
  it('a 400 on one item does not stop the others; a re-run reports it again without sending until it is fixed', async () => {
    const items = jobs('Refused Job', 4);
    items[2]!.jobFunctionId = 999; // the client cannot know; the service refuses it
    const file = writeJobs('refused.ndjson', items);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--json']);
    expect(res.code).toBe(1);
    const results = parseJson(res.stdout);
    expect(results.map((r: { result: string }) => r.result)).toEqual(['created', 'created', 'refused', 'created']);
    expect(results[2]).toMatchObject({ ok: false, jobId: null, error: { status: 400 } });
    expect(results[2].error.message).toMatch(/jobFunctionId/);
    expect(countTitle(sandbox.current, 'Refused Job 3')).toBe(1);
    expect(countTitle(sandbox.current, 'Refused Job 2')).toBe(0);

    proxy.reset();
    const again = await batch(proxy.baseUrl, file);
    expect(again.code).toBe(1);
    expect(posts(proxy)).toHaveLength(0);
    expect(again.stdout.split('\n')[2]).toMatch(/^2\tRefused Job 2\trefused earlier\t.*refused in an earlier run/);
    expect(again.stderr).toContain('nothing to send');

    items[2]!.jobFunctionId = 101;
    writeJobs('refused.ndjson', items);
    proxy.reset();
    const fixed = await batch(proxy.baseUrl, file, ['--json']);
    expect(fixed.code, fixed.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(1);
    expect(parseJson(fixed.stdout).map((r: { result: string }) => r.result)).toEqual(['already_created', 'already_created', 'created', 'already_created']);
    for (let i = 0; i < 4; i++) expect(countTitle(sandbox.current, `Refused Job ${i}`)).toBe(1);
  });

  it('a 409 for publication on an approval account refuses that item only (exit 4), and is tried again on a re-run', async () => {
    const items = jobs('Approval Job', 3);
    items[1]!.publishToCareerPage = true;
    const file = writeJobs('approval.ndjson', items);
    const token = 'sbx_approval_full';
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--json'], { token });
    expect(res.code).toBe(4);
    const results = parseJson(res.stdout);
    expect(results.map((r: { result: string }) => r.result)).toEqual(['created', 'refused', 'created']);
    expect(results[0]).toMatchObject({ ok: true, status: 3, approvalStatus: 0 });
    expect(results[1].error).toMatchObject({ status: 409, code: 'publication_requires_approval' });

    proxy.reset();
    const again = await batch(proxy.baseUrl, file, [], { token });
    expect(again.code).toBe(4);
    expect(posts(proxy)).toHaveLength(1);
    expect(countTitle(sandbox.current, 'Approval Job 0')).toBe(1);
    expect(countTitle(sandbox.current, 'Approval Job 1')).toBe(0);
  });
});

describe('batch: giving up after retries', () => {
  it('leaves the items unanswered (exit 5); a re-run re-sends them with their original keys', { timeout: 30_000 }, async () => {
    const file = writeJobs('gave-up.ndjson', jobs('Gave Up Job', 3));
    await setFaults('503=1');
    proxy.reset();
    let res;
    try {
      res = await batch(proxy.baseUrl, file, ['--concurrency', '3']);
    } finally {
      await setFaults('');
    }
    expect(res.code).toBe(5);
    // A 503 may come from a proxy after the service did the work: whether each job exists is not known.
    expect(res.stdout.trim().split('\n').map((l) => l.split('\t')[2])).toEqual(['outcome unknown', 'outcome unknown', 'outcome unknown']);
    expect(res.stdout).toMatch(/503 .*gave up after 5 attempts/);
    expect(res.stderr).toMatch(/re-sent with their original Idempotency-Key/);
    const firstKeys = new Set(posts(proxy).map((p) => p.key));
    expect(firstKeys.size).toBe(3); // each item kept one key over its 5 attempts

    proxy.reset();
    const again = await batch(proxy.baseUrl, file, ['--concurrency', '3']);
    expect(again.code, again.stderr).toBe(0);
    expect(new Set(posts(proxy).map((p) => p.key))).toEqual(firstKeys);
    for (let i = 0; i < 3; i++) expect(countTitle(sandbox.current, `Gave Up Job ${i}`)).toBe(1);
  });
});
