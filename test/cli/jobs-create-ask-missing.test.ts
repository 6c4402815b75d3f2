// `jobs create` with field flags that leave required fields out: on a terminal the wizard asks only
// those, the flags' values taken as answers (names resolved to ids); complete flags create at once,
// and without a terminal (or with --dry-run) the missing fields are an error, as before.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { call, useSandbox, words } from '../helpers/sandbox.js';
import { createdId, DESCRIPTION, review } from '../wizard/scripts.js';

const sandbox = useSandbox();

function terminal(prompter: FakePrompter, extra: NodeJS.ProcessEnv = {}) {
  return {
    tty: true,
    prompter,
    env: { RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: 'sbx_direct_full', NO_COLOR: '1', CI: undefined, ...extra },
  };
}

const job = async (id: number, token = 'sbx_direct_full') => (await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token })).body;
const PARTIAL = ['jobs', 'create', '--industry', '1', '--job-function', '103', '--employer-type', '504', '--title', 'Partly Flagged'];

describe('jobs create with some field flags, on a terminal', () => {
  it('asks only the fields the flags did not give, then the review; the flags are answers', async () => {
    const prompter = new FakePrompter([
      { kind: 'multiline', message: 'Description', answer: DESCRIPTION },
      { kind: 'input', message: 'Location', answer: 'Lisbon, Portugal' },
      review('Submit'),
    ]);
    const r = await runCli([...PARTIAL, '--experience', '5', '--publish-career-page'], terminal(prompter));
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    expect(r.stderr).toContain('Asking for what the flags did not give (description, location), then the review.');
    // The review shows the flags' values by name.
    expect(r.stderr).toMatch(/Industry +Information Technology\n {2}Job function +Data Engineering\n {2}Employer type +SaaS Startup\n {2}Title +Partly Flagged\n/);
    expect(r.stderr).toMatch(/Experience +5 years\n/);
    expect(r.stderr).toMatch(/Career page +yes\n/);
    expect(await job(createdId(r.stdout))).toMatchObject({
      title: 'Partly Flagged',
      industryId: 1,
      jobFunctionId: 103,
      employerTypeId: 504,
      location: 'Lisbon, Portugal',
      experience: 5,
      publishToCareerPage: true,
    });
  });

  it('takes names, finds the industry of a job function given without one, and offers no draft', async () => {
    const env = { RECRUIT_STATE_DIR: mkdtempSync(join(tmpdir(), 'recruit-ask-missing-')) };
    // A draft of this account, which a prefilled wizard does not offer.
    const saving = new FakePrompter([
      { kind: 'search', message: 'Industry', term: 'health', pick: 'Healthcare' },
      { kind: 'search', message: 'Job function', interrupt: true },
    ]);
    expect((await runCli(['jobs', 'create'], terminal(saving, env))).code).toBe(130);

    const prompter = new FakePrompter([
      { kind: 'search', message: 'Employer type in Information Technology', term: 'vendor', pick: 'Software Vendor' },
      { kind: 'input', message: 'Location', answer: 'Lisbon, Portugal' },
      review('Submit'),
    ]);
    const args = ['jobs', 'create', '--job-function', 'DevOps', '--title', 'Named Flags', '--description', words(110)];
    const r = await runCli(args, terminal(prompter, env));
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    expect(r.stderr).toContain('(location, employer type)');
    expect(await job(createdId(r.stdout))).toMatchObject({ title: 'Named Flags', industryId: 1, jobFunctionId: 102 });
  });

  it('asks the customer on a staffing account when it is the one field missing', async () => {
    const prompter = new FakePrompter([
      { kind: 'search', message: 'Customer (required on a staffing account)', term: 'initech', pick: /^Initech/ },
      review('Submit'),
    ]);
    const args = [...PARTIAL, '--description', words(110), '--location', 'Austin, TX, USA'];
    const r = await runCli(args, terminal(prompter, { RECRUIT_TOKEN: 'sbx_staffing_full', RECRUIT_ACCOUNT_TYPE: 'staffing' }));
    expect(r.code, r.stderr).toBe(0);
    prompter.assertDone();
    expect(r.stderr).toContain('Asking for what the flags did not give (customer)');
    expect((await job(createdId(r.stdout), 'sbx_staffing_full')).customerId).toEqual(expect.any(Number));
  });

  it('creates at once, asking nothing, when the flags are complete', async () => {
    const prompter = new FakePrompter([]);
    const r = await runCli([...PARTIAL, '--description', words(110), '--location', 'Austin, TX, USA'], terminal(prompter));
    expect(r.code, r.stderr).toBe(0);
    expect(prompter.seen).toEqual([]);
    expect(r.stdout).toMatch(/^Created job \d+ "Partly Flagged"/);
  });

  it('still refuses a wrong value with the problems of the flags, asking nothing', async () => {
    const prompter = new FakePrompter([]);
    const r = await runCli([...PARTIAL, '--location', 'Remote'], terminal(prompter));
    expect(r.code).toBe(2);
    expect(prompter.seen).toEqual([]);
    expect(r.stderr).toContain('must be a full location');
    expect(r.stderr).not.toContain('--description');
  });
});

describe('jobs create with some field flags, without a terminal or with --dry-run', () => {
  it('names the missing fields and exits 2, as before', async () => {
    const env = { RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: 'sbx_direct_full' };
    for (const r of [await runCli(PARTIAL, { env }), await runCli([...PARTIAL, '--dry-run'], terminal(new FakePrompter([])))]) {
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--description / --description-file (description): is required');
      expect(r.stderr).toContain('--location (location): is required');
    }
    const yes = await runCli([...PARTIAL, '--yes'], terminal(new FakePrompter([])));
    expect(yes.code).toBe(2);
  });
});
