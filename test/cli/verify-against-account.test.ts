// Replays and plans checked against the account as it is now, over real HTTP (the sandbox behind a
// scripted proxy): a re-sent change whose stored answer no longer holds (someone reopened the job
// since) is reported as such, not as changed; a job another client edits between apply's plan and
// its PATCH is not sent; creates answered with an id another item already got are not "created";
// and creates the client never sent are "not attempted".
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { useScriptedProxy } from '../helpers/scripted-proxy.js';
import { batch, jobs, tempFile, titlesWithPrefix, writeJobs } from '../batch/helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useScriptedProxy(sandbox);
const JSON_TYPE = { 'content-type': 'application/json' };

function recruit(args: string[]): Promise<CliResult> {
  return runCli([...args, '--base-url', proxy.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
}

interface Item {
  jobId: number;
  ok: boolean;
  result: string;
  sent: boolean;
  error: { code: string; message: string } | null;
}

const statusOf = (id: number) => sandbox.current.store.jobs.get(id)!.status;

beforeEach(async () => {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  proxy.script = undefined;
  proxy.reset();
});

describe('a re-sent change answered with a replay that no longer holds', () => {
  it('reports job 10 as closed earlier and reopened since, not changed again (exit 4), and job 11 as done', async () => {
    // Seeded: 10 and 11 are In Progress. The service closes both, the client hears nothing usable.
    proxy.script = (req) =>
      req.method === 'PATCH' ? { forward: true, status: 200, headers: { 'content-type': 'text/html' }, body: '<html>lost</html>' } : undefined;
    const first = await recruit(['jobs', 'status', '10', '11', 'closed', '--json']);
    proxy.script = undefined;
    expect(first.code, first.stderr).not.toBe(0);
    expect([statusOf(10), statusOf(11)]).toEqual([1, 1]);
    const keyOf10 = proxy.exchanges.find((e) => e.path === '/jobs/10/status')!.key;

    // Someone else reopens job 10.
    expect((await call(sandbox.current, 'PATCH', '/v1/jobs/10/status', { body: { status: 5 }, idempotencyKey: 'someone-else' })).status).toBe(200);
    proxy.reset();

    const again = await recruit(['jobs', 'status', '10', '11', 'closed', '--json']);
    expect(again.code, again.stderr).toBe(4);
    const items = JSON.parse(again.stdout) as Item[];
    const resent = proxy.exchanges.filter((e) => e.method === 'PATCH');
    expect(resent.map((e) => [e.path, e.key])).toEqual([['/jobs/10/status', keyOf10]]); // the original key: a replay
    expect(items.map((i) => [i.jobId, i.ok, i.result])).toEqual([
      [10, false, 'failed'],
      [11, true, 'unchanged'],
    ]);
    expect(items[0]!.error!.code).toBe('changed_since_replay');
    expect(items[0]!.error!.message).toMatch(/closed by this command earlier, reopened since by someone else \(now In Progress \(5\)\): not changed again/);
    expect(statusOf(10)).toBe(5);
    expect(again.stderr).not.toMatch(/changed In Progress/);
  });

  it('the same for an update: a title changed back by someone else after the lost answer is not retitled again', async () => {
    proxy.script = (req) =>
      req.method === 'PATCH' ? { forward: true, status: 200, headers: { 'content-type': 'text/html' }, body: '<html>lost</html>' } : undefined;
    expect((await recruit(['jobs', 'update', '10', '11', '--title', 'Retitled', '--json'])).code).not.toBe(0);
    proxy.script = undefined;
    // Someone changes job 10's title back: the re-run plans it again and gets the replay.
    sandbox.current.store.updateJob(sandbox.current.store.jobs.get(10)!, { title: 'Store Manager' });
    const again = await recruit(['jobs', 'update', '10', '11', '--title', 'Retitled', '--json']);
    expect(again.code, again.stderr).toBe(4);
    const items = JSON.parse(again.stdout) as Item[];
    expect(items[0]!.error!.message).toMatch(/updated by this command earlier, changed since by someone else: not changed again/);
    expect(items[1]!.result).toBe('unchanged');
    expect(sandbox.current.store.jobs.get(10)!.title).toBe('Store Manager');
  });

  it('a replay that still holds is reported as done by the earlier run, not as changed by this one (exit 0)', async () => {
    proxy.script = (req) =>
      req.method === 'PATCH' ? { forward: true, status: 200, headers: { 'content-type': 'text/html' }, body: '<html>lost</html>' } : undefined;
    expect((await recruit(['jobs', 'status', '10', '11', 'closed', '--json'])).code).not.toBe(0);
    // The re-run's two reads of job 10 (the plan's, and the one right before the PATCH) see it still In Progress.
    let reads = 0;
    proxy.script = (req) =>
      req.method === 'GET' && req.path === '/jobs/10' && ++reads <= 2
        ? { forward: true, status: 200, headers: JSON_TYPE, body: (up) => JSON.stringify({ ...JSON.parse(up!), status: 5, statusLabel: 'In Progress' }) }
        : undefined;
    const again = await recruit(['jobs', 'status', '10', '11', 'closed', '--json']);
    proxy.script = undefined;
    expect(again.code, again.stderr).toBe(0);
    const items = JSON.parse(again.stdout) as (Item & { replayed?: boolean })[];
    expect(items.map((i) => [i.jobId, i.ok, i.result, i.replayed])).toEqual([
      [10, true, 'unchanged', true],
      [11, true, 'unchanged', undefined],
    ]);
    expect(reads).toBe(3); // and the read after the replay, which holds
  });
});

describe('a job edited by someone else between the plan and the PATCH', () => {
  it('jobs apply does not send that job (changed since the plan, exit 4), applies the others, and reports the account as it is', async () => {
    const file = (name: string, title: (code: string) => string) =>
      tempFile(name, JSON.stringify(['VA-1', 'VA-2'].map((code) => validJob({ jobCode: code, title: title(code) }))));
    expect((await recruit(['jobs', 'apply', '--file', file('va-1.json', (c) => `Apply ${c}`), '--yes'])).code).toBe(0);
    const byCode = (code: string) => [...sandbox.current.store.jobs.values()].find((j) => j.jobCode === code)!;
    const va1 = byCode('VA-1').id;

    // As apply reads the jobs to plan (before its confirmation), another client turns free boards on for VA-1.
    proxy.reset();
    let edited = false;
    proxy.script = (req) =>
      req.method === 'GET' && req.path.startsWith('/jobs?')
        ? {
            forward: true,
            status: 200,
            headers: JSON_TYPE,
            body: (upstream) => {
              if (!edited) sandbox.current.store.updateJob(byCode('VA-1'), { publishToFreeJobBoards: true });
              edited = true;
              return upstream!;
            },
          }
        : undefined;
    const res = await recruit(['jobs', 'apply', '--file', file('va-2.json', (c) => `Apply ${c} (senior)`), '--yes', '--json']);
    proxy.script = undefined;
    expect(edited).toBe(true);
    expect(res.code, res.stderr).toBe(4);
    const items = JSON.parse(res.stdout) as (Item & { jobCode: string })[];
    const one = items.find((i) => i.jobCode === 'VA-1')!;
    const two = items.find((i) => i.jobCode === 'VA-2')!;
    expect([one.ok, one.result, one.sent]).toEqual([false, 'failed', false]);
    expect(one.error!.code).toBe('changed_since_plan');
    expect(one.error!.message).toMatch(/changed since the plan.*run apply again to plan it anew/);
    expect([two.ok, two.result]).toEqual([true, 'changed']);
    expect(proxy.exchanges.filter((e) => e.method === 'PATCH' && e.path === `/jobs/${va1}`)).toHaveLength(0);
    expect(byCode('VA-1')).toMatchObject({ title: 'Apply VA-1', publishToFreeJobBoards: true });
    expect(byCode('VA-2').title).toBe('Apply VA-2 (senior)');
  });
});

describe('creates answered against the request', () => {
  it('three creates answered with one and the same job id: one created, the others an error naming the id', async () => {
    const prefix = 'Same Id ';
    const file = writeJobs('same-id.ndjson', jobs(prefix.trim(), 3));
    let firstId: number | undefined;
    proxy.script = (req) =>
      req.method === 'POST' && req.path === '/jobs'
        ? {
            forward: true,
            status: 201,
            headers: JSON_TYPE,
            body: (upstream) => {
              const created = JSON.parse(upstream!) as { id: number };
              firstId ??= created.id;
              return JSON.stringify({ ...created, id: firstId });
            },
          }
        : undefined;
    const res = await batch(proxy.baseUrl, file, ['--json', '--concurrency', '1']);
    proxy.script = undefined;
    expect(res.code, res.stderr).toBe(1);
    const items = JSON.parse(res.stdout) as { ok: boolean; result: string; jobId: number | null; error: { code: string; message: string } | null }[];
    expect(items.map((i) => [i.ok, i.result])).toEqual([
      [true, 'created'],
      [false, 'unknown'],
      [false, 'unknown'],
    ]);
    expect(items[1]!.error!.code).toBe('contradicting_answer');
    expect(items[1]!.error!.message).toContain(`job ${firstId}, which item 0 of this run already got`);
    expect(res.stderr).not.toContain('3 created');
    expect(titlesWithPrefix(sandbox.current, prefix).size).toBe(3);
  });

  it('creates never sent (a lying RateLimit) are "not attempted", not "outcome unknown"', async () => {
    const file = writeJobs('lying-limit.ndjson', jobs('Lying Limit', 3));
    let answered = 0;
    proxy.script = (req) =>
      req.method === 'POST' && req.path === '/jobs' && answered++ === 0
        ? { forward: true, status: 201, headers: { ...JSON_TYPE, 'ratelimit-policy': '"d";q=1;w=1000000000', ratelimit: '"d";r=0;t=1000000000' }, body: (up) => up! }
        : undefined;
    const res = await batch(proxy.baseUrl, file, ['--json', '--concurrency', '1']);
    proxy.script = undefined;
    expect(res.code, res.stderr).toBe(5);
    const items = JSON.parse(res.stdout) as { result: string }[];
    expect(items.map((i) => i.result)).toEqual(['created', 'not_attempted', 'not_attempted']);
    expect(proxy.creates()).toHaveLength(1);
  });
});
