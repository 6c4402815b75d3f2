/* eslint-disable @typescript-eslint/no-explicit-any -- the plan is read as parsed JSON */
// `recruit jobs apply` over real HTTP against the sandbox: the plan of each class of entry, the
// refusals, the confirmations, and a re-run after a SIGKILL of the built executable.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { runBin, runCli, type CliResult } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';
import { signalWhen } from '../batch/helpers.js';
import { BIN } from '../helpers/cli.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { skippingClock } from '../helpers/clock.js';
import { KEY, PtySession } from '../helpers/pty.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const dir = mkdtempSync(join(tmpdir(), 'recruit-apply-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function file(name: string, items: unknown[]): string {
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify(items));
  return path;
}

function recruit(args: string[], options: { token?: string; tty?: boolean; stdin?: string } = {}): Promise<CliResult> {
  return runCli([...args, '--base-url', sandbox.current.baseUrl], {
    env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1' },
    ...(options.tty !== undefined ? { tty: options.tty } : {}),
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
  });
}

const item = (code: string, overrides: Record<string, unknown> = {}) => validJob({ jobCode: code, title: `Apply ${code}`, ...overrides });
/** The sandbox's jobs of an account (every field), by id. */
const accountJobs = (account = 'direct') => [...sandbox.current.store.jobs.values()].filter((j) => j.account === account);
const withCode = (code: string, account = 'direct') => accountJobs(account).filter((j) => j.jobCode === code);
const snapshot = () => JSON.stringify(accountJobs());

async function plan(path: string, extra: string[] = [], token?: string): Promise<any> {
  const res = await recruit(['jobs', 'apply', '--file', path, '--dry-run', '--json', ...extra], token ? { token } : {});
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout);
}

beforeEach(async () => {
  expect((await call(sandbox.current, 'POST', '/_sandbox/reset', { token: null })).status).toBe(200);
});

describe('jobs apply: the plan', () => {
  it('creates the new codes, then a second apply of the same file plans nothing', async () => {
    const path = file('same.json', [item('AP-1'), item('AP-2', { experience: 4 })]);
    const first = await recruit(['jobs', 'apply', '--file', path, '--yes']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('Plan: 2 to create, 0 to update, 0 unchanged');
    expect(withCode('AP-1')).toHaveLength(1);
    expect(withCode('AP-2')).toHaveLength(1);
    const before = snapshot();
    const second = await recruit(['jobs', 'apply', '--file', path, '--yes']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stdout).toContain('Plan: 0 to create, 0 to update, 2 unchanged');
    expect(second.stderr).toContain('nothing to change: 2 jobs unchanged');
    expect(snapshot()).toBe(before);
  });

  it('an edited file plans exactly its edits, each field old -> new, with the free-board rule', async () => {
    const path = file('edit-1.json', [item('AP-1'), item('AP-2', { experience: 4 })]);
    expect((await recruit(['jobs', 'apply', '--file', path, '--yes'])).code).toBe(0);
    const edited = file('edit-2.json', [item('AP-1', { title: 'Apply AP-1 (senior)' }), item('AP-2', { experience: 4 }), item('AP-3')]);
    const p = await plan(edited);
    expect(p.counts).toEqual({ create: 1, update: 1, close: 0, unchanged: 1, held: 0 });
    const update = p.actions.find((a: any) => a.action === 'update');
    expect(update.jobCode).toBe('AP-1');
    expect(update.changes).toEqual([{ field: 'title', from: 'Apply AP-1', to: 'Apply AP-1 (senior)' }]);
    // Only the change is sent, with the job's own free-board setting (an omitted one would turn it off).
    expect(update.body).toEqual({ title: 'Apply AP-1 (senior)', publishToFreeJobBoards: false });
    expect(p.actions.find((a: any) => a.action === 'create').jobCode).toBe('AP-3');

    const applied = await recruit(['jobs', 'apply', '--file', edited, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    // Each job under what was done to it, not "changed".
    const results = applied.stdout.trimEnd().split('\n').map((line) => line.split('\t').slice(2, 5));
    expect(results.sort()).toEqual([['created', 'create', 'AP-3'], ['updated', 'update', 'AP-1']]);
    expect(applied.stderr).toMatch(/^2 jobs: 1 updated, 1 created \(\d+\.\d s\)$/m); // in the order of the plan
    expect(withCode('AP-1')[0]!.title).toBe('Apply AP-1 (senior)');
    expect(accountJobs().filter((j) => j.jobCode.startsWith('AP-'))).toHaveLength(3);
    expect((await plan(edited)).counts).toEqual({ create: 0, update: 0, close: 0, unchanged: 3, held: 0 });
  });

  it('a field the service does not return is sent on create, then left out of updates: twice still plans nothing', async () => {
    const path = file('unknown-field.json', [item('AP-U', { screeningQuestionnaire: 'q-7' })]);
    const first = await recruit(['jobs', 'apply', '--file', path, '--yes']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toContain('screeningQuestionnaire');
    const [job] = withCode('AP-U');
    expect(job).toBeDefined();
    const before = snapshot();
    const second = await recruit(['jobs', 'apply', '--file', path, '--yes']);
    expect(second.code, second.stderr).toBe(0);
    expect(second.stderr).toContain('nothing to change: 1 job unchanged');
    expect(second.stderr).toContain(
      `note: item 0 (AP-U): screeningQuestionnaire is not in the job the service returns, so apply cannot tell whether it changed and leaves it out of updates (recruit jobs update ${job!.id} --set screeningQuestionnaire=... sends it)`,
    );
    expect(snapshot()).toBe(before);
    expect((await plan(path)).uncompared).toEqual([{ index: 0, code: 'AP-U', jobId: job!.id, fields: ['screeningQuestionnaire'] }]);
  });

  it('--prune closes exactly the New and In Progress jobs whose codes are not in the file', async () => {
    const all = file('prune-1.json', [item('AP-1'), item('AP-2'), item('AP-3')]);
    expect((await recruit(['jobs', 'apply', '--file', all, '--yes'])).code).toBe(0);
    const kept = file('prune-2.json', [item('AP-1'), item('AP-3')]);
    const prunable = accountJobs().filter((j) => (j.status === 2 || j.status === 5) && j.jobCode !== 'AP-1' && j.jobCode !== 'AP-3');
    const otherwise = accountJobs().filter((j) => !prunable.includes(j)).map((j) => [j.id, j.status]);
    const p = await plan(kept, ['--prune']);
    expect(p.actions.map((a: any) => a.jobId).sort((a: number, b: number) => a - b)).toEqual(prunable.map((j) => j.id).sort((a, b) => a - b));
    expect(p.actions.every((a: any) => a.action === 'close')).toBe(true);
    const res = await recruit(['jobs', 'apply', '--file', kept, '--prune', '--yes']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toMatch(new RegExp(`^${prunable.length} jobs: ${prunable.length} closed \\(`, 'm'));
    for (const job of prunable) expect(sandbox.current.store.jobs.get(job.id)!.status).toBe(1);
    expect(accountJobs().filter((j) => !prunable.some((p) => p.id === j.id)).map((j) => [j.id, j.status])).toEqual(otherwise);
    expect((await plan(kept, ['--prune'])).counts).toEqual({ create: 0, update: 0, close: 0, unchanged: 2, held: 0 });
  });
});

describe('jobs apply: an export of the account as the file', () => {
  async function exported(args: string[], name: string): Promise<string> {
    const res = await recruit(['jobs', 'list', '--all', ...args]);
    expect(res.code, res.stderr).toBe(0);
    const path = join(dir, name);
    writeFileSync(path, res.stdout);
    return path;
  }

  it.each([
    ['jobs list --all --json', ['--json'], 'export.json'],
    ['jobs list --all --csv', ['--csv'], 'export.csv'],
  ])('takes %s as it is: nothing to change, and no note on the service-set fields then', async (_, args, name) => {
    const path = await exported(args, name);
    const before = snapshot();
    const res = await recruit(['jobs', 'apply', '--file', path, '--prune', '--yes']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(`nothing to change: ${accountJobs().length} jobs unchanged`);
    expect(res.stderr).not.toMatch(/set by the service/);
    expect(snapshot()).toBe(before);
  });

  it('an edited export plans exactly its edit; a status edited in it is not applied, and said so', async () => {
    const path = await exported(['--json'], 'edited-export.json');
    const jobs = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>[];
    const [target, other] = jobs.filter((j) => j.status === 5);
    target!.title = `${target!.title} (edited)`;
    target!.statusLabel = 'Closed';
    other!.status = 1;
    writeFileSync(path, JSON.stringify(jobs));
    const p = await plan(path);
    expect(p.counts).toMatchObject({ create: 0, update: 1, close: 0 });
    expect(p.actions[0].changes).toEqual([{ field: 'title', from: target!.title.replace(' (edited)', ''), to: target!.title }]);
    const res = await recruit(['jobs', 'apply', '--file', path, '--dry-run']);
    // Something is to change: the service-set fields are named once.
    expect(res.stderr).toMatch(/note: .*statusLabel.* set by the service and not applied/);
    expect(res.stderr).toContain(
      `note: item ${jobs.indexOf(target!)} (${target!.jobCode}): statusLabel "Closed" is not the job's ("In Progress"); apply leaves statuses alone: recruit jobs status ${target!.id} <status>`,
    );
    expect(res.stderr).toContain(`note: item ${jobs.indexOf(other!)} (${other!.jobCode}): status 1 is not the job's (5); apply leaves statuses alone`);
  });

  it('refuses an id that is not the job of its code, or not a job of the account, naming the item; nothing sent', async () => {
    const path = await exported(['--json'], 'ids-export.json');
    const jobs = JSON.parse(readFileSync(path, 'utf8')) as Record<string, any>[];
    const [a, b] = [jobs[0]!, jobs[1]!];
    const renamed: Record<string, any> = { ...jobs[2]!, jobCode: 'RENAMED-1' };
    const foreign = { ...item('AP-NEW'), id: 999_999 };
    const bad = { ...item('AP-BAD'), id: 'twelve' };
    const gone = { ...jobs[3]!, id: 888_888 };
    const edited = [{ ...a, id: b.id }, renamed, foreign, bad, gone];
    const before = snapshot();
    const res = await recruit(['jobs', 'apply', '--file', file('ids.json', edited), '--yes', '--json']);
    expect(res.code).toBe(2);
    // The error is the last line of stderr, after the note on the service's fields.
    const error = JSON.parse(res.stderr.trim().split('\n').at(-1)!).error;
    expect(error.message).toBe('5 items of ' + join(dir, 'ids.json') + ' have an id that is not the job of their jobCode; nothing was sent');
    expect(error.details).toEqual([
      { item: 0, field: 'id', message: `${b.id} is job ${b.jobCode}, but the item's jobCode "${a.jobCode}" is job ${a.id}` },
      { item: 1, field: 'id', message: `${renamed.id} is job ${jobs[2]!.jobCode}, not "RENAMED-1": apply matches jobs by jobCode (to change a code: recruit jobs update ${renamed.id} --job-code RENAMED-1)` },
      { item: 2, field: 'id', message: 'no job 999999 in the account: empty the id to create the item as a new job' },
      { item: 3, field: 'id', message: 'must be the id of a job of the account (a positive integer), got "twelve"' },
      { item: 4, field: 'id', message: `no job 888888 in the account, but the item's jobCode "${jobs[3]!.jobCode}" is job ${jobs[3]!.id}` },
    ]);
    expect(snapshot()).toBe(before);
  });
});

describe('jobs apply: refusals', () => {
  it('refuses missing and repeated codes, naming every item, and sends nothing', async () => {
    const before = snapshot();
    const path = file('codes.json', [item('AP-1'), validJob({ title: 'No code' }), item('AP-1'), item('AP-2'), item('AP-2')]);
    const res = await recruit(['jobs', 'apply', '--file', path, '--yes', '--json']);
    expect(res.code).toBe(2);
    const error = JSON.parse(res.stderr).error;
    expect(error.details.map((d: any) => [d.item, d.field])).toEqual([
      [1, 'jobCode'],
      [2, 'jobCode'],
      [4, 'jobCode'],
    ]);
    expect(error.details[1].message).toContain('item 0');
    expect(snapshot()).toBe(before);
  });

  it('refuses a code two jobs of the account share, naming their ids', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await call<{ id: number }>(sandbox.current, 'POST', '/v1/jobs', { body: item('AP-TWICE'), headers: { 'Idempotency-Key': `twice-${i}` } });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const before = snapshot();
    const res = await recruit(['jobs', 'apply', '--file', file('twice.json', [item('AP-TWICE', { experience: 9 })]), '--yes']);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`"AP-TWICE" is the code of 2 jobs of the account: ${ids.join(', ')}`);
    expect(snapshot()).toBe(before);
  });

  it('without a terminal, changes need --yes: exit 2 and nothing sent', async () => {
    const before = snapshot();
    const res = await recruit(['jobs', 'apply', '--file', file('noyes.json', [item('AP-1')])]);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('without a terminal, apply it with --yes; nothing was sent');
    expect(snapshot()).toBe(before);
  });
});

describe('jobs apply: approval accounts', () => {
  it('creates land pending and publication flags that cannot apply yet are held, said in the plan', async () => {
    const token = 'sbx_approval_full';
    const body = { jobCode: 'AP-APPR', title: 'Apply approval', description: validJob().description, location: 'Lisbon, Portugal', industryId: 1, jobFunctionId: 101, employerTypeId: 501, publishToCareerPage: true };
    const path = file('approval.json', [body]);
    const p = await plan(path, [], token);
    expect(p.approvalAccount).toBe(true);
    expect(p.actions[0].held).toEqual([expect.objectContaining({ field: 'publishToCareerPage', value: true })]);
    expect(p.actions[0].body.publishToCareerPage).toBeUndefined();
    const res = await recruit(['jobs', 'apply', '--file', path, '--yes'], { token });
    expect(res.code, res.stderr).toBe(0);
    const [job] = withCode('AP-APPR', 'approval');
    expect(job).toMatchObject({ status: 3, approvalStatus: 0, publishToCareerPage: false });
    // Still pending: nothing to send, the flag still held (and said why).
    const again = await plan(path, [], token);
    expect(again.counts).toEqual({ create: 0, update: 0, close: 0, unchanged: 1, held: 1 });
    expect(again.unchanged[0].held[0].reason).toContain('active, approved');
  });

  it('creates unpublished, once, when the plan could not tell the account needs approval (409, then a derived key)', async () => {
    const token = 'sbx_approval_full';
    // No job of the account pending: nothing tells the plan that approval is required.
    for (const job of accountJobs('approval').filter((j) => j.status === 3)) {
      expect((await call(sandbox.current, 'POST', `/_sandbox/jobs/${job.id}/reject`, { token: null })).status).toBe(200);
    }
    const body = { jobCode: 'AP-409', title: 'Apply 409', description: validJob().description, location: 'Lisbon, Portugal', industryId: 1, jobFunctionId: 101, employerTypeId: 501, publishToCareerPage: true };
    const path = file('approval-409.json', [body]);
    const p = await plan(path, [], token);
    expect(p.approvalAccount).toBe(false);
    expect(p.actions[0].body.publishToCareerPage).toBe(true);
    const res = await recruit(['jobs', 'apply', '--file', path, '--yes', '--json'], { token });
    expect(res.code, res.stderr).toBe(0);
    expect(withCode('AP-409', 'approval')).toEqual([expect.objectContaining({ status: 3, approvalStatus: 0, publishToCareerPage: false })]);
    expect(res.stdout).toContain('409 publication_requires_approval');
    // A second run plans nothing to create: the job is there, its flag held until it is approved.
    const again = await plan(path, [], token);
    expect(again.counts.create).toBe(0);
    expect(withCode('AP-409', 'approval')).toHaveLength(1);
  });
});

describe('jobs apply: interrupted', () => {
  it('SIGKILL mid-apply, then the same command finishes the plan without duplicates', { timeout: 60_000 }, async () => {
    if (!existsSync(fileURLToPath(new URL('../../dist/main.js', import.meta.url)))) throw new Error('needs `npm run build` first');
    const items = Array.from({ length: 60 }, (_, i) => item(`AP-K${String(i).padStart(2, '0')}`, { title: `Killed Apply ${i}` }));
    const path = file('killed.json', items);
    const stateDir = mkdtempSync(join(dir, 'state-'));
    const env = { RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_STATE_DIR: stateDir };
    const args = ['--base-url', sandbox.current.baseUrl, 'jobs', 'apply', '--file', path, '--yes', '--concurrency', '2'];
    const killed = await signalWhen(sandbox.current, env, args, 'Killed Apply ', 5, 'SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const partial = accountJobs().filter((j) => j.jobCode.startsWith('AP-K')).length;
    expect(partial).toBeGreaterThanOrEqual(5);
    expect(partial).toBeLessThan(60);
    const again = await runBin(args, { env, timeoutMs: 30_000 });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toMatch(new RegExp(`Plan: ${60 - partial} to create, 0 to update, ${partial} unchanged`));
    for (const one of items) expect(withCode(one.jobCode as string)).toHaveLength(1);
    const last = await runBin([...args, '--dry-run'], { env });
    expect(last.stderr).toContain('nothing to change: 60 jobs unchanged');
  });
});

describe('jobs apply: on a terminal', () => {
  const onTerminal = (path: string, prompter: FakePrompter) =>
    runCli(['--base-url', sandbox.current.baseUrl, 'jobs', 'apply', '--file', path], {
      env: { RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_STATE_DIR: mkdtempSync(join(dir, 'state-')), NO_COLOR: '1', CI: undefined },
      tty: true,
      prompter,
    });

  it('asks before anything is sent: no sends nothing, yes applies the plan (in process)', async () => {
    const path = file('asked.json', [item('AP-ASK')]);
    const declined = new FakePrompter([{ kind: 'confirm', message: 'Apply this change?', answer: false }]);
    const no = await onTerminal(path, declined);
    expect(no.code, no.stderr).toBe(0);
    declined.assertDone();
    expect(no.stderr).toContain('nothing sent (declined)');
    expect(withCode('AP-ASK')).toHaveLength(0);
    const accepted = new FakePrompter([{ kind: 'confirm', message: 'Apply this change?', answer: true }]);
    const yes = await onTerminal(path, accepted);
    expect(yes.code, yes.stderr).toBe(0);
    accepted.assertDone();
    expect(withCode('AP-ASK')).toHaveLength(1);
  });

  it("the tally's time leaves out the time the question waited for the person", async () => {
    const path = file('slow-answer.json', [item('AP-SLOW')]);
    const clock = skippingClock();
    // Every time source of the process is the test's clock (the monotonic one too).
    const hrtime = vi.spyOn(process.hrtime, 'bigint').mockImplementation(() => BigInt(Math.round(clock.now() * 1e6)));
    // Ten minutes before the answer: the clock moves on as a person's thinking would.
    const prompter = new FakePrompter([{ kind: 'confirm', message: 'Apply this change?', answer: true, before: () => clock.sleep(600_000) }]);
    const result = await runCli(['--base-url', sandbox.current.baseUrl, 'jobs', 'apply', '--file', path], {
      env: { RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_STATE_DIR: mkdtempSync(join(dir, 'state-')), NO_COLOR: '1', CI: undefined },
      tty: true,
      prompter,
      clock,
    }).finally(() => hrtime.mockRestore());
    expect(result.code, result.stderr).toBe(0);
    const seconds = Number(/1 job: 1 created \((\d+\.\d) s\)/.exec(result.stderr)?.[1]);
    expect(seconds).toBeLessThan(600);
  });

  it('the question defaults to no', async () => {
    const path = file('default.json', [item('AP-DEFAULT')]);
    // An answer not scripted: the prompt's default.
    const prompter = new FakePrompter([{ kind: 'confirm', message: 'Apply this change?' }]);
    const result = await onTerminal(path, prompter);
    expect(result.code, result.stderr).toBe(0);
    expect(withCode('AP-DEFAULT')).toHaveLength(0);
  });

  it('Ctrl-C at the question sends nothing and exits 130', async () => {
    const path = file('interrupted.json', [item('AP-INT')]);
    const result = await onTerminal(path, new FakePrompter([{ kind: 'confirm', message: 'Apply this change?', interrupt: true }]));
    expect(result.code).toBe(130);
    expect(withCode('AP-INT')).toHaveLength(0);
  });

  it('asks, default no: Enter sends nothing; y applies the plan', { timeout: 60_000 }, async () => {
    if (!existsSync(fileURLToPath(new URL('../../dist/main.js', import.meta.url)))) throw new Error('needs `npm run build` first');
    const path = file('tty.json', [item('AP-TTY')]);
    const env: NodeJS.ProcessEnv = { ...process.env, RECRUIT_TOKEN: 'sbx_direct_full', RECRUIT_STATE_DIR: mkdtempSync(join(dir, 'state-')), NO_COLOR: '1' };
    delete env.CI;
    const args = [process.execPath, BIN, '--base-url', sandbox.current.baseUrl, 'jobs', 'apply', '--file', path];
    const declined = new PtySession(args, env);
    try {
      await declined.waitFor('Plan: 1 to create, 0 to update, 0 unchanged');
      await declined.answer('Apply this change?', KEY.enter);
      await declined.waitFor('nothing sent (declined)');
      // It ends by itself, and must have let go of the journal's lock before the next run takes it.
      expect(await declined.exited).toBe(0);
    } finally {
      declined.kill();
    }
    expect(withCode('AP-TTY')).toHaveLength(0);
    const accepted = new PtySession(args, env);
    try {
      // The answer and Enter as one keystroke run: a second wait for the redrawn prompt could miss it.
      await accepted.answer('Apply this change?', `y${KEY.enter}`);
      await accepted.waitFor(/1 job: 1 created/);
    } finally {
      accepted.kill();
    }
    expect(withCode('AP-TTY')).toHaveLength(1);
  });
});
