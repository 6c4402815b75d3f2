// `recruit jobs status <id...> <status>` and `jobs update <id...>` (and `-` for ids on stdin) over
// real HTTP: the sandbox behind a proxy that records every request, so that what was sent (and
// what was not) is counted, and that can answer one request itself (a 403 for one job).
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { useScriptedProxy, type Exchange } from '../helpers/scripted-proxy.js';

const sandbox = useSandbox();
const proxy = useScriptedProxy(sandbox);

function recruit(args: string[], options: { stdin?: string; token?: string; tty?: boolean } = {}): Promise<CliResult> {
  return runCli([...args, '--base-url', proxy.baseUrl], {
    env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1' },
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
    ...(options.tty !== undefined ? { tty: options.tty } : {}),
  });
}

async function statusOf(id: number, token = 'sbx_direct_full'): Promise<number> {
  const res = await call<{ status: number }>(sandbox.current, 'GET', `/v1/jobs/${id}`, { token });
  expect(res.status).toBe(200);
  return res.body.status;
}

async function job(id: number): Promise<Record<string, unknown>> {
  return (await call<Record<string, unknown>>(sandbox.current, 'GET', `/v1/jobs/${id}`)).body;
}

const patches = (): Exchange[] => proxy.exchanges.filter((e) => e.method === 'PATCH');
const rows = (stdout: string) => stdout.replace(/\n$/, '').split('\n').map((l) => l.split('\t'));

beforeEach(async () => {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
  proxy.script = undefined;
  proxy.reset();
});

describe('jobs status with many ids', () => {
  it('changes every job, each with a key of its own, and prints one row per job in a pipe', async () => {
    // Seeded: 3 and 9 are New, 4 is In Progress.
    const result = await recruit(['jobs', 'status', '3', '4', '9', 'closed']);
    expect(result.code, result.stderr).toBe(0);
    expect(rows(result.stdout)).toEqual([
      ['3', 'Data Engineer', 'changed', 'New', 'Closed', ''],
      ['4', 'QA Analyst', 'changed', 'In Progress', 'Closed', ''],
      ['9', 'Financial Analyst', 'changed', 'New', 'Closed', ''],
    ]);
    expect(result.stderr).toContain('changing the status of 3 jobs to Closed (1), 3 at a time');
    expect(result.stderr).toMatch(/^3 jobs: 3 changed \(\d+\.\d s\)$/m);
    for (const id of [3, 4, 9]) expect(await statusOf(id)).toBe(1);
    const sent = patches();
    expect(sent.map((e) => e.path).sort()).toEqual(['/jobs/3/status', '/jobs/4/status', '/jobs/9/status']);
    expect(sent.map((e) => JSON.parse(e.body))).toEqual([{ status: 1 }, { status: 1 }, { status: 1 }]);
    expect(new Set(sent.map((e) => e.key)).size).toBe(3);
    // Derived from the change and the state each job was read in (derived-key.ts), not drawn at random.
    expect(sent.every((e) => /^rk1-[0-9a-f]{64}$/.test(e.key ?? ''))).toBe(true);
  });

  it('reports jobs already in the target status as unchanged and sends nothing for them', async () => {
    // 5 and 12 are Closed already.
    const result = await recruit(['jobs', 'status', '5', '3', '12', 'closed', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const items = JSON.parse(result.stdout);
    expect(items.map((i: { jobId: number; result: string; sent: boolean }) => [i.jobId, i.result, i.sent])).toEqual([
      [5, 'unchanged', false],
      [3, 'changed', true],
      [12, 'unchanged', false],
    ]);
    expect(items[1]).toEqual({
      index: 1,
      ok: true,
      result: 'changed',
      jobId: 3,
      title: 'Data Engineer',
      sent: true,
      previousStatus: 2,
      previousStatusLabel: 'New',
      status: 1,
      statusLabel: 'Closed',
      error: null,
    });
    expect(patches().map((e) => e.path)).toEqual(['/jobs/3/status']);

    const again = await recruit(['jobs', 'status', '5', '3', '12', 'closed']);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('nothing to send: all 3 jobs already are as asked');
    expect(patches()).toHaveLength(1);
  });

  it('reads the ids from stdin, one per line, and takes the rows `jobs list` pipes', async () => {
    const lines = await recruit(['jobs', 'status', '-', 'rejected'], { stdin: '3\n\n  9  \r\n' });
    expect(lines.code, lines.stderr).toBe(0);
    expect(rows(lines.stdout).map((r) => [r[0], r[2]])).toEqual([
      ['3', 'changed'],
      ['9', 'changed'],
    ]);
    expect(await statusOf(3)).toBe(4);

    const listed = await recruit(['jobs', 'list', '--status', 'rejected']);
    expect(listed.code).toBe(0);
    const piped = await recruit(['jobs', 'status', '-', 'new'], { stdin: listed.stdout });
    expect(piped.code, piped.stderr).toBe(0);
    // Jobs 3, 7 and 9 were Rejected.
    expect(rows(piped.stdout).map((r) => r[0]).sort()).toEqual(['3', '7', '9']);
    for (const id of [3, 7, 9]) expect(await statusOf(id)).toBe(2);
  });

  it('takes what `jobs list --json` prints: the pipe `jobs list --status new --search ... --json | jobs status - closed`', async () => {
    for (const title of ['Summer Intern', 'Marketing Intern']) {
      expect((await call(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ title }) })).status).toBe(201);
    }
    // Created In Progress on the direct account: make one New again, so the search finds one of two.
    const list = await recruit(['jobs', 'list', '--search', 'intern', '--json']);
    const interns = JSON.parse(list.stdout) as { id: number }[];
    expect(interns).toHaveLength(2);
    expect((await recruit(['jobs', 'status', String(interns[0]!.id), 'new'])).code).toBe(0);

    const listed = await recruit(['jobs', 'list', '--status', 'new', '--search', 'intern', '--json']);
    expect(JSON.parse(listed.stdout)).toHaveLength(1);
    proxy.reset();
    const result = await recruit(['jobs', 'status', '-', 'closed'], { stdin: listed.stdout });
    expect(result.code, result.stderr).toBe(0);
    expect(await statusOf(interns[0]!.id)).toBe(1);
    expect(await statusOf(interns[1]!.id)).toBe(5);
    expect(patches().map((e) => e.path)).toEqual([`/jobs/${interns[0]!.id}/status`]);
  });

  it('takes what `jobs list --csv` prints (the `id` column of its header row), for status and update alike', async () => {
    expect((await recruit(['jobs', 'status', '3', '9', 'rejected'])).code).toBe(0);
    const listed = await recruit(['jobs', 'list', '--status', 'rejected', '--csv']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^id,jobCode,/);
    const status = await recruit(['jobs', 'status', '-', 'new'], { stdin: listed.stdout });
    expect(status.code, status.stderr).toBe(0);
    expect(rows(status.stdout).map((r) => r[0]).sort()).toEqual(['3', '7', '9']);
    for (const id of [3, 7, 9]) expect(await statusOf(id)).toBe(2);

    // Another column order, a quoted cell with a comma and a line break, a blank line, CRLF.
    const csv = 'title,id\r\n"Backend, ""core""\r\nteam",3\r\n\r\nX,7\r\n';
    const updated = await recruit(['jobs', 'update', '-', '--location', 'Lisbon, Portugal', '--yes'], { stdin: csv });
    expect(updated.code, updated.stderr).toBe(0);
    expect(patches().filter((e) => /^\/jobs\/\d+$/.test(e.path)).map((e) => e.path).sort()).toEqual(['/jobs/3', '/jobs/7']);

    // A row whose id is not a job id is named by its row (the header is row 1); nothing is sent.
    proxy.reset();
    const bad = await recruit(['jobs', 'status', '-', 'closed'], { stdin: 'id,title\n3,A\nabc,B\n' });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('row 3: "abc" is not a job id (a positive integer)');
    expect(patches()).toEqual([]);
  });

  it('--dry-run reads the jobs, prints what would change and sends nothing', async () => {
    const result = await recruit(['jobs', 'status', '3', '5', 'closed', '--dry-run', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const items = JSON.parse(result.stdout);
    expect(items.map((i: { result: string; sent: boolean }) => [i.result, i.sent])).toEqual([
      ['would_change', false],
      ['unchanged', false],
    ]);
    expect(items[0]).toMatchObject({ previousStatusLabel: 'New', status: 1, statusLabel: 'Closed', body: { status: 1 } });
    expect(result.stderr).toMatch(/2 jobs: 1 would change, 1 unchanged \(\d+\.\d s\); nothing sent \(--dry-run\)/);
    expect(patches()).toEqual([]);
    expect(proxy.exchanges.every((e) => e.method === 'GET')).toBe(true);
    expect(await statusOf(3)).toBe(2);

    // One id with --dry-run is a dry run too.
    const one = await recruit(['jobs', 'status', '3', 'closed', '--dry-run']);
    expect(one.code).toBe(0);
    expect(rows(one.stdout)).toEqual([['3', 'Data Engineer', 'would change', 'New', 'Closed', '']]);
    expect(patches()).toEqual([]);
  });

  it('a 404 on one id does not stop the others, and sets the exit code (1)', async () => {
    const result = await recruit(['jobs', 'status', '3', '9999', '9', 'closed']);
    expect(result.code).toBe(1);
    expect(rows(result.stdout)).toEqual([
      ['3', 'Data Engineer', 'changed', 'New', 'Closed', ''],
      ['9999', '', 'failed', '', '', '404 No job with id 9999'],
      ['9', 'Financial Analyst', 'changed', 'New', 'Closed', ''],
    ]);
    expect(result.stderr).toContain('error: 1 of 3 jobs was not changed');
    expect(await statusOf(9)).toBe(1);
  });

  it('a 409 on one id does not stop the others, and sets the exit code (4)', async () => {
    // Approval account: 14 is pending approval, so it cannot be activated (409 approval_required);
    // 13 is approved, and closed first so that it can be activated again.
    expect((await recruit(['jobs', 'status', '13', 'closed'], { token: 'sbx_approval_full' })).code).toBe(0);
    const result = await recruit(['jobs', 'status', '14', '13', 'in-progress', '--json'], { token: 'sbx_approval_full' });
    expect(result.code).toBe(4);
    const items = JSON.parse(result.stdout);
    expect(items[0]).toMatchObject({ jobId: 14, ok: false, result: 'refused', sent: true, error: { code: 'approval_required', status: 409 } });
    expect(items[1]).toMatchObject({ jobId: 13, ok: true, result: 'changed', previousStatus: 1, status: 5 });
    expect(await statusOf(13, 'sbx_approval_full')).toBe(5);
    expect(await statusOf(14, 'sbx_approval_full')).toBe(3);
  });

  it('a 403 on one id does not stop the others, and sets the exit code (3)', async () => {
    proxy.script = (req) =>
      req.method === 'PATCH' && req.path === '/jobs/4/status'
        ? { forward: false, status: 403, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ error: { code: 'forbidden', message: 'not your job' } }) }
        : undefined;
    const result = await recruit(['jobs', 'status', '3', '4', '9', 'rejected']);
    expect(result.code).toBe(3);
    expect(rows(result.stdout).map((r) => [r[0], r[2], r[5]])).toEqual([
      ['3', 'changed', ''],
      ['4', 'failed', '403 not your job'],
      ['9', 'changed', ''],
    ]);
    expect(await statusOf(9)).toBe(4);
    expect(await statusOf(4)).toBe(5);
  });

  it('on a terminal: the jobs changed, then one row for each job that needs attention', async () => {
    const result = await recruit(['jobs', 'status', '3', '5', '9998', '9999', 'closed'], { tty: true });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        'JOB  TITLE                  RESULT     CHANGE',
        '3    Data Engineer          changed    New (2) -> Closed (1)',
        '5    IT Support Specialist  unchanged  already Closed (1)',
        '',
        '2 of 4 jobs need attention:',
        'JOB   TITLE  RESULT  ERROR',
        '9998         failed  404 No job with id 9998',
        '9999         failed  404 No job with id 9999',
        '',
      ].join('\n'),
    );
  });

  it('refuses bad ids and stdin before anything is sent (exit 2)', async () => {
    const cases: [string[], string | undefined, RegExp][] = [
      [['3', 'x', 'closed'], undefined, /job id must be a positive integer, got "x"/],
      [['-', '3', 'closed'], '4\n', /give ids or -, not both/],
      [['-', 'closed'], '3\nfour\n', /line 2: "four" is not a job id/],
      [['-', 'closed'], '[{"id": 3}, {"title": "x"}]', /element 1: has no "id"/],
      [['-', 'closed'], '[{"id": 3}', /not valid JSON/],
      [['3', '4', 'pending-approval'], undefined, /cannot be set with this command/],
    ];
    for (const [args, stdin, message] of cases) {
      const result = await recruit(['jobs', 'status', ...args], stdin === undefined ? {} : { stdin });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
    }
    expect(patches()).toEqual([]);
  });

  it('has nothing to change when stdin holds no ids (a list that found nothing), and refuses a terminal', async () => {
    for (const stdin of ['', '[]\n', '\n\n']) {
      const result = await recruit(['jobs', 'status', '-', 'closed', '--json'], { stdin });
      expect(result, JSON.stringify(stdin)).toEqual({ code: 0, stdout: '[]\n', stderr: 'no job ids on stdin: nothing to change\n' });
    }
    const typed = await recruit(['jobs', 'status', '-', 'closed'], { tty: true });
    expect(typed.code).toBe(2);
    expect(typed.stderr).toContain('error: - reads the job ids from stdin, which is a terminal');
    expect(proxy.exchanges).toEqual([]);
  });
});

describe('jobs status with many ids at the active-job limit', () => {
  // The direct account has 7 active jobs: a limit of 8 takes one more.
  const full = useSandbox({ activeJobLimit: 8 });
  const fullProxy = useScriptedProxy(full);

  it('stops at the limit: the rest are not attempted, grouped with the refused job on a terminal (exit 4)', async () => {
    const args = ['jobs', 'status', '3', '9', '12', 'in-progress', '--concurrency', '1', '--base-url', fullProxy.baseUrl];
    const result = await runCli(args, { tty: true, env: { RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1' } });
    expect(result.code).toBe(4);
    expect(result.stdout).toBe(
      [
        'JOB  TITLE          RESULT   CHANGE',
        '3    Data Engineer  changed  New (2) -> In Progress (5)',
        '',
        '2 of 3 jobs need attention:',
        '2 jobs not changed: no free active-job slot — close a job or raise the limit',
        '  9, 12',
        '',
      ].join('\n'),
    );
    expect(fullProxy.exchanges.filter((e) => e.method === 'PATCH').map((e) => e.path)).toEqual(['/jobs/3/status', '/jobs/9/status']);
    expect(result.stderr).toContain("the run stopped when the account's active-job limit was reached");
  });
});

describe('jobs update with many ids', () => {
  it('keeps each job its own free-board setting, and says what it sent', async () => {
    const on = (await call<{ id: number }>(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ title: 'Boards On', publishToFreeJobBoards: true }) })).body.id;
    const off = (await call<{ id: number }>(sandbox.current, 'POST', '/v1/jobs', { body: validJob({ title: 'Boards Off' }) })).body.id;
    proxy.reset();
    const result = await recruit(['jobs', 'update', String(on), String(off), '--experience', '7', '--verbose']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('Publication: career page unchanged; free boards kept as each job has them (sent publishToFreeJobBoards: true to 1 job, false to 1 job)');
    const bodies = Object.fromEntries(patches().map((e) => [e.path, JSON.parse(e.body)]));
    expect(bodies).toEqual({ [`/jobs/${on}`]: { experience: 7, publishToFreeJobBoards: true }, [`/jobs/${off}`]: { experience: 7, publishToFreeJobBoards: false } });
    expect((await job(on)).publishToFreeJobBoards).toBe(true);
    expect((await job(off)).publishToFreeJobBoards).toBe(false);
    expect(rows(result.stdout).map((r) => [r[2], r[3]])).toEqual([
      ['changed', 'experience'],
      ['changed', 'experience'],
    ]);

    // Told: every job gets the value asked for.
    proxy.reset();
    const told = await recruit(['jobs', 'update', String(on), String(off), '--no-publish-free-boards', '--json']);
    expect(told.code, told.stderr).toBe(0);
    expect(patches().map((e) => JSON.parse(e.body))).toEqual([{ publishToFreeJobBoards: false }]);
    const items = JSON.parse(told.stdout);
    expect(items[0]).toMatchObject({ jobId: on, result: 'changed', changed: ['publishToFreeJobBoards'], publishToFreeJobBoards: { sent: false, kept: false } });
    expect(items[1]).toMatchObject({ jobId: off, result: 'unchanged', sent: false });
    expect((await job(on)).publishToFreeJobBoards).toBe(false);
  });

  it('reports fields the service ignored, per job, and a job already as asked as unchanged without sending it', async () => {
    // Job 3 has experience 4 in the seed? Set it first, so that one job already has the value.
    expect((await recruit(['jobs', 'update', '3', '--experience', '9'])).code).toBe(0);
    proxy.reset();
    const result = await recruit(['jobs', 'update', '3', '9', '--experience', '9', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const items = JSON.parse(result.stdout);
    expect(items.map((i: { jobId: number; result: string; sent: boolean }) => [i.jobId, i.result, i.sent])).toEqual([
      [3, 'unchanged', false],
      [9, 'changed', true],
    ]);
    expect(patches().map((e) => e.path)).toEqual(['/jobs/9']);

    proxy.reset();
    const ignored = await recruit(['jobs', 'update', '3', '9', '--set', 'costCentre="CC-1"', '--json']);
    expect(ignored.code).toBe(0);
    const answers = JSON.parse(ignored.stdout);
    expect(answers[0]).toMatchObject({ result: 'unchanged', sent: true, changed: [], ignored: [{ field: 'costCentre', reason: 'the job has no such field' }] });
    expect(patches()).toHaveLength(2);
  });

  it('--dry-run checks the update against each job and sends nothing', async () => {
    const result = await recruit(['jobs', 'update', '3', '4', '--title', 'Renamed', '--dry-run', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const items = JSON.parse(result.stdout);
    expect(items[0]).toMatchObject({ jobId: 3, result: 'would_change', changed: ['title'], body: { title: 'Renamed', publishToFreeJobBoards: false } });
    expect(patches()).toEqual([]);
    expect((await job(3)).title).toBe('Data Engineer');
  });

  it('an update invalid for one job sends nothing at all (exit 2), naming the job', async () => {
    // salaryMax of job 3 is 75000, of job 12 97500.
    const result = await recruit(['jobs', 'update', '3', '12', '--salary-min', '80000']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('error: the change is invalid for 1 of 2 jobs; nothing was sent');
    expect(result.stderr).toContain('  - job 3 salaryMin: salaryMin (80000) must not exceed salaryMax (75000)');
    expect(patches()).toEqual([]);
  });

  it('a 404 on one id does not stop the others; ids and the patch cannot both come from stdin', async () => {
    const result = await recruit(['jobs', 'update', '-', '--title', 'Renamed'], { stdin: '9999\n3\n' });
    expect(result.code).toBe(1);
    expect(rows(result.stdout).map((r) => [r[0], r[2]])).toEqual([
      ['9999', 'failed'],
      ['3', 'changed'],
    ]);
    expect((await job(3)).title).toBe('Renamed');

    const both = await recruit(['jobs', 'update', '-', '--file', '-'], { stdin: '3\n' });
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('only one input can come from stdin (-), got the job ids and --file');
  });
});
