// `recruit jobs wait` and `jobs create --wait` against the sandbox over HTTP, on its
// approval, direct and staffing accounts. The clock is a test's: its pauses take no time, and the
// "approver" acts (through the sandbox's admin routes) at a chosen pause, as a person would.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunningSandbox } from '../../src/sandbox/index.js';
import { EXIT } from '../../src/core/exit-codes.js';
import { BACKOFF, judge, MAX_INTERVAL_MS } from '../../src/jobs/wait/wait-for-jobs.js';
import { jobsNamed } from '../../src/commands/jobs/job-wait.js';
import { Capture, runCli } from '../helpers/cli.js';
import { skippingClock, type FakeClock } from '../helpers/clock.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

/** A skipping clock that runs `at[n]` when the n-th pause (from 1) starts. */
function approverClock(at: Record<number, () => Promise<unknown>>): FakeClock {
  const clock = skippingClock();
  let pauses = 0;
  return {
    ...clock,
    now: clock.now,
    random: clock.random,
    get sleeps() {
      return clock.sleeps;
    },
    get waited() {
      return clock.waited;
    },
    sleep: async (ms) => {
      // Only the wait's own pauses (whole seconds); the client's retry waits are not counted.
      if (ms >= 1000) {
        pauses++;
        await at[pauses]?.();
      }
      return clock.sleep(ms);
    },
  };
}

async function createJob(sandbox: RunningSandbox, token: string, title: string, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await call(sandbox, 'POST', '/v1/jobs', { token, idempotencyKey: `wait-${title.replace(/\W/g, '-')}`, body: validJob({ title, ...extra }) });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

const admin = (sandbox: RunningSandbox, id: number, action: 'approve' | 'reject') => () =>
  call(sandbox, 'POST', `/_sandbox/jobs/${id}/${action}`, { token: null });

describe('judge: where a job is against what is waited for', () => {
  const job = (status: number, approvalStatus: number | null) => ({ id: 1, status, approvalStatus });
  it.each([
    [job(3, 0), { kind: 'approved' }, 'waiting'],
    [job(5, 1), { kind: 'approved' }, 'reached'],
    [job(5, null), { kind: 'approved' }, 'reached'],
    [job(3, -1), { kind: 'approved' }, 'rejected'],
    [job(3, 0), { kind: 'active' }, 'waiting'],
    [job(5, 1), { kind: 'active' }, 'reached'],
    [job(4, null), { kind: 'active' }, 'rejected'],
    [job(4, null), { kind: 'status', code: 4, label: 'Rejected' }, 'reached'],
    [job(2, null), { kind: 'status', code: 1, label: 'Closed' }, 'waiting'],
  ] as const)('%j for %j is %s', (j, target, verdict) => {
    expect(judge(j, target)).toBe(verdict);
  });
});

describe('jobsNamed: the jobs a wait error names', () => {
  it.each([
    [[26], 'job 26'],
    [[26, 15], 'jobs 26 and 15'],
    [[26, 15, 14], 'jobs 26, 15 and 14'],
    [Array.from({ length: 12 }, (_, i) => i + 1), 'jobs 1, 2, 3, 4, 5, 6, 7, 8, 9 and 3 more'],
  ])('%j is %s', (ids, text) => {
    expect(jobsNamed(ids)).toBe(text);
  });
});

describe('recruit jobs wait (sandbox)', () => {
  const sandbox = useSandbox();
  const cli = (args: string[], clock: FakeClock, token = 'sbx_approval_full') =>
    runCli([...args, '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: token, NO_COLOR: '1' }, clock });

  it('waits until the job is approved, backing off between looks, and exits 0', async () => {
    const id = await createJob(sandbox.current, 'sbx_approval_full', 'Approved later');
    const clock = approverClock({ 4: admin(sandbox.current, id, 'approve') });
    const result = await cli(['jobs', 'wait', String(id), '--until', 'approved', '--interval', '2'], clock);
    expect(result.code, result.stderr).toBe(EXIT.OK);
    expect(result.stdout).toMatch(new RegExp(`^Job ${id} "Approved later": approved \\(status In Progress, approval Approved\\)\\n$`));
    // Four pauses, each 1.5 times the one before: 2, 3, 4.5, 6.75 s.
    expect(clock.sleeps.filter((ms) => ms >= 1000)).toEqual([2000, 3000, 4500, 6750]);
    expect(BACKOFF).toBe(1.5);
  });

  it('a rejected job is exit 8, and says so', async () => {
    const id = await createJob(sandbox.current, 'sbx_approval_full', 'Rejected later');
    const result = await cli(['jobs', 'wait', String(id), '--until', 'active'], approverClock({ 2: admin(sandbox.current, id, 'reject') }));
    expect(result.code).toBe(EXIT.REJECTED);
    expect(result.stdout).toContain(`Job ${id} "Rejected later": rejected`);
    expect(result.stderr).toContain(`job ${id} was rejected: it will not be active`);
  });

  it('past --timeout: exit 5, the pauses capped at 30 s and cut to the deadline', async () => {
    const id = await createJob(sandbox.current, 'sbx_approval_full', 'Never approved');
    const clock = approverClock({});
    const result = await cli(['jobs', 'wait', String(id), '--timeout', '100', '--json'], clock);
    expect(result.code).toBe(EXIT.GAVE_UP);
    expect(JSON.parse(result.stdout)).toMatchObject([{ id, status: 3, approvalStatus: 0 }]);
    const pauses = clock.sleeps.filter((ms) => ms >= 1000);
    expect(Math.max(...pauses)).toBeLessThanOrEqual(MAX_INTERVAL_MS);
    expect(pauses.reduce((a, b) => a + b, 0)).toBeGreaterThan(99_000); // the requests took some real time
    expect(pauses.reduce((a, b) => a + b, 0)).toBeLessThan(101_000);
    expect(JSON.parse(result.stderr).error).toMatchObject({ code: 'timeout' });
  });

  it('several jobs and a status by label; ids from stdin; a job already there costs one look', async () => {
    const result = await runCli(['jobs', 'wait', '-', '--until', 'in-progress', '--json', 'id,status', '--base-url', sandbox.current.baseUrl], {
      env: { RECRUIT_TOKEN: 'sbx_direct_full' },
      stdin: '[{"id": 2}, {"id": 4}]',
      clock: approverClock({}),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([{ id: 2, status: 5 }, { id: 4, status: 5 }]);
  });

  it('a direct account: no approval (none) counts as approved', async () => {
    const result = await cli(['jobs', 'wait', '2', '--until', 'approved'], approverClock({}), 'sbx_direct_full');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Job 2 "DevOps Engineer": approved');
  });

  it('bad input is exit 2 before any request', async () => {
    for (const args of [['x'], ['2', '--until', 'publshed'], ['2', '--interval', '0'], ['2', '--timeout', 'soon']]) {
      const result = await cli(['jobs', 'wait', ...args], approverClock({}));
      expect(result.code, args.join(' ')).toBe(2);
    }
  });

  it('a spinner on a terminal says what it waits for', async () => {
    const id = await createJob(sandbox.current, 'sbx_approval_full', 'Spinner job');
    const stderr = new Capture(true);
    const shown = () => stderr.text.includes(`waiting for job ${id}`);
    const result = await runCli(['jobs', 'wait', String(id), '--base-url', sandbox.current.baseUrl], {
      env: { RECRUIT_TOKEN: 'sbx_approval_full', CI: undefined, TERM: 'xterm-256color' },
      tty: true,
      stderr,
      // The spinner shows after 300 ms of real time, and once its library is loaded: the approver
      // waits at the first pause until it is on the terminal (10 s at most, on a loaded machine).
      clock: approverClock({
        1: async () => {
          for (let waited = 0; !shown() && waited < 10_000; waited += 25) await new Promise((r) => setTimeout(r, 25));
          await admin(sandbox.current, id, 'approve')();
        },
      }),
    });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`waiting for job ${id} to be active`);
  });

  it("the spinner says where the job is now, once it looked", async () => {
    const id = await createJob(sandbox.current, 'sbx_approval_full', 'Spinner state job');
    const stderr = new Capture(true, 200);
    const state = `waiting for job ${id} to be approved: now status Pending Approval, approval Pending (0 s so far, next look in 5 s)`;
    const result = await runCli(['jobs', 'wait', String(id), '--until', 'approved', '--base-url', sandbox.current.baseUrl], {
      env: { RECRUIT_TOKEN: 'sbx_approval_full', CI: undefined, TERM: 'xterm-256color', NO_COLOR: '1' },
      tty: true,
      stderr,
      // As above: the approver waits (10 s at most) until the spinner shows the state read at the first look.
      clock: approverClock({
        1: async () => {
          for (let waited = 0; !stderr.text.includes(state) && waited < 10_000; waited += 25) await new Promise((r) => setTimeout(r, 25));
          await admin(sandbox.current, id, 'approve')();
        },
      }),
    });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(state);
  });

  it('several jobs past --timeout are named as a list: "jobs 1, 2 and 3 are not approved"', async () => {
    const ids = [
      await createJob(sandbox.current, 'sbx_approval_full', 'Late one'),
      await createJob(sandbox.current, 'sbx_approval_full', 'Late two'),
      await createJob(sandbox.current, 'sbx_approval_full', 'Late three'),
    ];
    const result = await cli(['jobs', 'wait', ...ids.map(String), '--until', 'approved', '--timeout', '100'], approverClock({}));
    expect(result.code).toBe(EXIT.GAVE_UP);
    expect(result.stderr).toContain(`error: jobs ${ids[0]}, ${ids[1]} and ${ids[2]} are not approved after 1 min 40 s\n`);
  });
});

describe('recruit jobs create --wait (sandbox)', () => {
  const sandbox = useSandbox();
  const fields = (title: string) => ['--title', title, '--description', Array.from({ length: 110 }, (_, i) => `word${i}`).join(' '), '--location', 'Austin, TX, USA', '--job-function', '101', '--employer-type', '501'];

  it('approval account: creates, waits until approved and active, prints the job as it ended up', async () => {
    const clock = approverClock({ 2: async () => admin(sandbox.current, (await call(sandbox.current, 'GET', '/v1/jobs?search=Waited+for', { token: 'sbx_approval_full' })).body.data[0].id, 'approve')() });
    const result = await runCli(['jobs', 'create', ...fields('Waited for'), '--wait', '--json', '--base-url', sandbox.current.baseUrl], {
      env: { RECRUIT_TOKEN: 'sbx_approval_full' },
      clock,
    });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ title: 'Waited for', status: 5, approvalStatus: 1 });
  });

  it('direct and staffing accounts: the job is active at once, no pause', async () => {
    for (const [token, extra] of [['sbx_direct_full', []], ['sbx_staffing_full', ['--customer', 'Acme Logistics']]] as const) {
      const clock = approverClock({});
      const result = await runCli(['jobs', 'create', ...fields(`At once ${token}`), ...extra, '--wait', '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: token }, clock });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/^Created job \d+ .*\nJob \d+ "At once .*": active/);
      expect(clock.sleeps.filter((ms) => ms >= 1000)).toEqual([]);
    }
  });

  it('--wait without one job to wait for is exit 2', async () => {
    const result = await runCli(['jobs', 'create', '--file', 'x.json', '--wait', '--base-url', sandbox.current.baseUrl], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--wait goes with one job');
  });
});

describe('recruit jobs wait on the embedded sandbox, approved from another terminal', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('sees the approval made by another embedded sandbox on the same state directory between two looks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recruit-wait-'));
    dirs.push(dir);
    const env = { RECRUIT_STATE_DIR: dir, NO_COLOR: '1' };
    // Seeded job 14 is the approval account's pending "UX Designer". The second "terminal" is
    // `recruit sandbox approve 14`, which starts an embedded sandbox of its own on the same state.
    let approved: Awaited<ReturnType<typeof runCli>> | undefined;
    const clock = approverClock({
      2: async () => {
        approved = await runCli(['sandbox', 'approve', '14'], { env });
      },
    });
    const result = await runCli(['--sandbox', '--sandbox-account', 'approval', 'jobs', 'wait', '14', '--until', 'approved', '--interval', '2', '--timeout', '60'], {
      env,
      clock,
    });
    expect(approved?.code, approved?.stderr).toBe(EXIT.OK);
    expect(result.code, result.stderr).toBe(EXIT.OK);
    expect(result.stdout).toBe('Job 14 "UX Designer": approved (status In Progress, approval Approved)\n');
    expect(clock.sleeps.filter((ms) => ms >= 1000)).toEqual([2000, 3000]);
  });
});
