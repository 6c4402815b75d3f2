// `recruit status`: what needs attention on the account in effect, over HTTP against the sandbox:
// the jobs waiting for approval and for how long, the active jobs, the jobs changed this week, and
// from this machine the drafts and the unsettled submissions of this account, each with its command.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { SubmissionStore } from '../../src/jobs/submissions.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const sandbox = useSandbox();

function account(token: string) {
  const env: NodeJS.ProcessEnv = { RECRUIT_TOKEN: token, RECRUIT_STATE_DIR: mkdtempSync(join(tmpdir(), 'recruit-status-')), NO_COLOR: '1', CI: undefined };
  const run = (args: string[] = [], options: { tty?: boolean; prompter?: FakePrompter } = {}) =>
    runCli(['--base-url', sandbox.current.baseUrl, ...args], { env, ...options });
  return { env, run };
}

const jobsOf = async (token: string, query: string) =>
  (await call(sandbox.current, 'GET', `/v1/jobs?${query}&pageSize=100`, { token })).body as { data: Array<{ id: number; createdAt: string }>; meta: { pagination: { totalItems: number } } };

describe('recruit status', () => {
  it('lists the jobs waiting for approval with how long each has waited, and the active jobs', async () => {
    const { run } = account('sbx_approval_full');
    const result = await run(['status', '--json']);
    expect(result.code, result.stderr).toBe(0);
    const report = JSON.parse(result.stdout);
    const pending = (await jobsOf('sbx_approval_full', 'status=3')).data;
    expect(report.pendingApproval.map((j: { id: number }) => j.id).sort()).toEqual(pending.map((j) => j.id).sort());
    for (const j of report.pendingApproval) {
      const created = pending.find((p) => p.id === j.id)!.createdAt;
      expect(Math.abs(j.waitingDays - Math.floor((Date.now() - Date.parse(created)) / 86_400_000))).toBeLessThanOrEqual(1);
    }
    expect(report.activeJobs).toBe((await jobsOf('sbx_approval_full', 'status=5')).meta.pagination.totalItems);

    const text = await run(['status']);
    expect(text.stdout).toMatch(/^Pending approval \(2\)\n {2}#1[45] .+ \(JOB-0001[45]\): waiting \d+ days?\n/m);
    expect(text.stdout).toMatch(/^Active jobs: \d+$/m);
  });

  it('shows a job changed today among the jobs changed in the last seven days', async () => {
    const { run } = account('sbx_direct_full');
    const created = await call(sandbox.current, 'POST', '/v1/jobs', { token: 'sbx_direct_full', body: validJob({ title: 'Changed Today For Status' }) });
    expect(created.status).toBe(201);
    const report = JSON.parse((await run(['status', '--json'])).stdout);
    expect(report.changedRecently).toContainEqual(expect.objectContaining({ id: created.body.id, title: 'Changed Today For Status' }));
    expect(report.pendingApproval).toEqual([]);
  });

  it("names this account's draft and unsettled submission, each with the command that goes on", async () => {
    const { env, run } = account('sbx_direct_full');
    // A draft: the wizard stopped at its second question.
    const prompter = new FakePrompter([
      { kind: 'search', message: 'Industry', term: 'tech', pick: 'Information Technology' },
      { kind: 'search', message: 'Job function', interrupt: true },
    ]);
    expect((await run(['jobs', 'create'], { tty: true, prompter })).code).toBe(130);
    // An unsettled submission, as a create whose answer was lost leaves it (saved before it was sent).
    new SubmissionStore(env).save({
      key: 'status-test-key',
      createdAt: new Date().toISOString(),
      updatedAt: new Date().toISOString(),
      target: { profile: 'default', baseUrl: sandbox.current.baseUrl },
      source: 'flags',
      body: validJob({ title: 'Unsettled For Status' }),
      state: 'pending',
      attempts: 5,
    });

    const report = JSON.parse((await run(['status', '--json'])).stdout);
    expect(report.drafts).toEqual([expect.objectContaining({ title: null, step: expect.any(String) })]);
    expect(report.unsettled).toEqual([expect.objectContaining({ title: 'Unsettled For Status', key: expect.any(String) })]);
    const text = (await run(['status'])).stdout;
    expect(text).toContain(`continue with \`recruit --base-url ${sandbox.current.baseUrl} jobs create\``);
    expect(text).toContain(`\`recruit --base-url ${sandbox.current.baseUrl} jobs create --resume ${report.unsettled[0].key}\``);

    // The same machine's status for another token lists not the draft (drafts are per account),
    // and for the embedded sandbox neither (submissions are per profile and address).
    const otherToken = await runCli(['--base-url', sandbox.current.baseUrl, 'status', '--json'], { env: { ...env, RECRUIT_TOKEN: 'sbx_staffing_full' } });
    expect(JSON.parse(otherToken.stdout).drafts).toEqual([]);
    const embedded = await runCli(['--sandbox', 'status', '--json'], { env });
    expect(JSON.parse(embedded.stdout)).toMatchObject({ drafts: [], unsettled: [] });
  });
});
