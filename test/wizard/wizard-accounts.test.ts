// The wizard on the other accounts: a staffing account must pick a customer; an approval account
// refuses publication at creation, and the wizard offers to create the job unpublished.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { exitCodeOf } from '../../src/core/api-failure.js';
import type { Context } from '../../src/context/context.js';
import { createContext } from '../../src/context/create-context.js';
import type { IO } from '../../src/terminal/io.js';
import { SubmissionStore } from '../../src/jobs/submissions.js';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { Capture } from '../helpers/cli.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { classification, createdId, details, publication, review } from './scripts.js';
import { wizardContext } from './wizard-context.js';

const sandbox = useSandbox();
const contexts: Context[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.dispose();
});

function setup(options: Parameters<typeof wizardContext>[1]) {
  const w = wizardContext(sandbox.current, options);
  contexts.push(w.ctx);
  return w;
}

describe('the wizard on a staffing account', () => {
  it('requires a customer: no "No customer" choice, and the job carries the one picked', async () => {
    const { ctx, stdout } = setup({ token: 'sbx_staffing_full', accountType: 'staffing' });
    const prompter = new FakePrompter([
      ...classification(),
      { kind: 'search', message: 'Customer (required on a staffing account)', pick: /^Acme Logistics/ },
      // Back from the title to the customer, to pick another one.
      { kind: 'input', message: 'Job title', answer: '<' },
      { kind: 'search', message: 'Customer', term: 'initech', pick: 'Initech (Austin, TX, USA)' },
      ...details('Staffing Wizard Job'),
      review('Submit'),
    ]);
    await runWizard(ctx, { prompter });
    prompter.assertDone();

    const customerLists = prompter.seen.filter((s) => s.message.startsWith('Customer'));
    expect(customerLists).toHaveLength(2);
    for (const list of customerLists) {
      expect(list.choices).not.toContain('No customer');
      expect(list.choices).toContain('← Back');
    }
    // Without a search term: one page of the 24 customers, then a hint to filter.
    expect(customerLists[0]!.choices).toContain('… 14 more: type to filter');
    expect(customerLists[1]!.choices).toEqual(['Initech (Austin, TX, USA)', '← Back']);

    const id = createdId(stdout.text);
    const initech = (await call(sandbox.current, 'GET', '/v1/customers?search=initech', { token: 'sbx_staffing_full' })).body.data[0];
    const job = (await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token: 'sbx_staffing_full' })).body;
    expect(job).toMatchObject({ title: 'Staffing Wizard Job', customerId: initech.id, status: 5 });
  });
});

describe('the wizard on the embedded sandbox', () => {
  it('asks for a customer on --sandbox-account staffing, whatever the profile says', async () => {
    const stdout = new Capture(true);
    const stdin = Readable.from([]) as IO['stdin'];
    stdin.isTTY = true;
    const env: NodeJS.ProcessEnv = { ...process.env, RECRUIT_STATE_DIR: mkdtempSync(join(tmpdir(), 'recruit-wizard-')), RECRUIT_ACCOUNT_TYPE: 'direct' };
    delete env.CI;
    const ctx = createContext({ stdin, stdout, stderr: new Capture(true) }, env, { color: false, sandbox: true, sandboxAccount: 'staffing' });
    contexts.push(ctx);
    const prompter = new FakePrompter([
      ...classification(),
      { kind: 'search', message: 'Customer (required on a staffing account)', pick: /^Acme Logistics/ },
      ...details('Embedded Staffing Job'),
      review('Submit'),
    ]);
    await runWizard(ctx, { prompter });
    prompter.assertDone();
    expect(prompter.seen.find((s) => s.message.startsWith('Customer'))?.choices).not.toContain('No customer');
    expect(stdout.text).toMatch(/Created job \d+ "Embedded Staffing Job": In Progress \(5\)/);
  });
});

describe('the wizard on an approval account', () => {
  it('explains the 409 of publication at creation and creates the job unpublished under a second key', async () => {
    const { ctx, stdout, stderr, keys } = setup({ token: 'sbx_approval_full' });
    const prompter = new FakePrompter([
      ...classification(),
      // The approval account has customers but does not require one: no customer step on the way to the review.
      ...details('Approval Wizard Job'),
      ...publication('Yes'),
      review('Submit'),
      { kind: 'confirm', message: 'Create the job unpublished instead?', answer: true },
    ]);
    await runWizard(ctx, { prompter });
    prompter.assertDone();

    // The caveat for approval accounts is shown under the publication choices.
    const caveat = 'Note: an account that needs approval refuses publication at creation (409); you can publish once the job is approved and active.';
    for (const question of ['Publish on the career page?', 'Publish on free job boards?']) {
      const seen = prompter.seen.find((s) => s.message === question)!;
      expect(seen.descriptions).toMatchObject({ No: caveat, Yes: caveat });
    }
    expect(stderr.text).toContain('No job was created: an account that needs approval refuses publication at creation (409)');

    const id = createdId(stdout.text);
    expect(stdout.text).toContain(`Created job ${id} "Approval Wizard Job": Pending Approval (3), approval Pending (0)\n`);
    expect(stderr.text).toContain('It waits for approval');
    const job = (await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token: 'sbx_approval_full' })).body;
    expect(job).toMatchObject({ status: 3, approvalStatus: 0, publishToCareerPage: false, publishToFreeJobBoards: false, customerId: null });

    // Two submissions: the refused one with publication, then the created one without.
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    const store = new SubmissionStore(ctx.env);
    const first = store.get(keys[0]!)!;
    const second = store.get(keys[1]!)!;
    expect(first).toMatchObject({ state: 'refused', lastError: { status: 409, code: 'publication_requires_approval' } });
    expect(first.body.publishToCareerPage).toBe(true);
    expect(second).toMatchObject({ state: 'created', result: { jobId: id, status: 3, approvalStatus: 0 } });
    expect(second.body.publishToCareerPage).toBeUndefined();
  });

  it('keeps the draft and exits 4 when the user declines to create unpublished', async () => {
    const { ctx, stdout, stateDir } = setup({ token: 'sbx_approval_full' });
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Declined Publication'),
      ...publication('No', 'Yes'),
      review('Submit'),
      { kind: 'confirm', message: 'Create the job unpublished instead?', answer: false },
    ]);
    await expect(runWizard(ctx, { prompter })).rejects.toSatisfy((e: unknown) => e instanceof ApiError && exitCodeOf(e) === 4 && e.status === 409);
    prompter.assertDone();
    expect(stdout.text).toBe('');
    const { DraftStore } = await import('../../src/wizard/draft.js');
    const [draft, ...more] = new DraftStore({ RECRUIT_STATE_DIR: stateDir }).all();
    expect(more).toEqual([]);
    expect(draft?.answers).toMatchObject({ title: 'Declined Publication', publishToFreeJobBoards: true });
  });
});
