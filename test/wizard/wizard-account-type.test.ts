// The wizard under `account-type auto`, over real HTTP: it learns the type before the customer step
// (one probe), so that a staffing account never gets "No customer", and a 400 naming customerId
// teaches it too, so that the recovery step after the 400 offers no "No customer" either.
import { mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Context } from '../../src/context/context.js';
import type { ConfigData } from '../../src/config/config-file.js';
import { accountKey } from '../../src/jobs/account-type.js';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { addDetails, classification, createdId, details, review } from './scripts.js';
import { wizardContext } from './wizard-context.js';

const sandbox = useSandbox();
const contexts: Context[] = [];
afterEach(async () => {
  for (const ctx of contexts.splice(0)) await ctx.dispose();
});

const STAFFING = 'sbx_staffing_full';

function setup(token: string) {
  const configDir = mkdtempSync(join(tmpdir(), 'recruit-wizard-config-'));
  const w = wizardContext(sandbox.current, { token, configDir });
  contexts.push(w.ctx);
  return { ...w, configDir };
}

const learned = (configDir: string) => (JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as ConfigData).profiles?.default?.learnedAccountType;

async function jobCount(token: string): Promise<number> {
  return (await call(sandbox.current, 'GET', '/v1/jobs?pageSize=1', { token })).body.meta.pagination.totalItems;
}

describe('the wizard under account-type auto', () => {
  it('learns a staffing account before the customer step: no "No customer", and the probe creates nothing', async () => {
    const { ctx, stdout, stderr, configDir } = setup(STAFFING);
    const before = await jobCount(STAFFING);
    const prompter = new FakePrompter([
      ...classification(),
      { kind: 'search', message: 'Customer (required on a staffing account)', pick: /^Acme Logistics/ },
      ...details('Learned Staffing Job'),
      review('Submit'),
    ]);
    await runWizard(ctx, { prompter });
    prompter.assertDone();
    expect(stderr.text).toContain('this account needs a customer on every job (staffing); saved in profile default\n');
    expect(prompter.seen.find((s) => s.message.startsWith('Customer'))!.choices).not.toContain('No customer');
    expect(learned(configDir)).toMatchObject({ type: 'staffing' });
    const job = (await call(sandbox.current, 'GET', `/v1/jobs/${createdId(stdout.text)}`, { token: STAFFING })).body;
    expect(job.customerId).toEqual(expect.any(Number));
    expect(await jobCount(STAFFING)).toBe(before + 1);
  });

  it('learns staffing from the 400 when it was wrongly known as direct: the recovery step has no "No customer"', async () => {
    // As after a service that named only the first missing field in the probe's answer.
    const { ctx, stdout, stderr, configDir } = setup(STAFFING);
    mkdirSync(configDir, { recursive: true });
    const stale: ConfigData = { profiles: { default: { learnedAccountType: { type: 'direct', account: accountKey(sandbox.current.baseUrl, STAFFING), at: '2025-01-01T00:00:00.000Z' } } } };
    writeFileSync(join(configDir, 'config.json'), JSON.stringify(stale));
    const prompter = new FakePrompter([
      ...classification(),
      // Known as direct: the customer is not asked on the way to the review.
      ...details('Recovered Staffing Job'),
      review('Submit'),
      { kind: 'confirm', message: 'Edit customer and submit again?', answer: true },
      { kind: 'search', message: 'Customer (required on a staffing account)', term: 'initech', pick: /^Initech/ },
      review('Submit'),
    ]);
    await runWizard(ctx, { prompter });
    prompter.assertDone();
    expect(stderr.text).toContain('The service refused the job (400)');
    expect(stderr.text.match(/this account needs a customer on every job \(staffing\); saved in profile default/g)).toHaveLength(1);
    const lists = prompter.seen.filter((s) => s.message.startsWith('Customer'));
    expect(lists).toHaveLength(1);
    expect(lists[0]!.choices).not.toContain('No customer');
    expect(learned(configDir)).toMatchObject({ type: 'staffing' });
    const job = (await call(sandbox.current, 'GET', `/v1/jobs/${createdId(stdout.text)}`, { token: STAFFING })).body;
    expect(job.title).toBe('Recovered Staffing Job');
  });

  it('asks nothing more on the direct account: learned direct, the customer a detail with "No customer" when it has customers', async () => {
    const { ctx, stderr, configDir } = setup('sbx_approval_full');
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Learned Direct'),
      ...addDetails(['Customer'], { kind: 'search', message: /^Customer$/, interrupt: true }),
    ]);
    await expect(runWizard(ctx, { prompter })).rejects.toMatchObject({ exitCode: 130 });
    prompter.assertDone();
    expect(prompter.seen.find((s) => s.kind === 'checkbox')!.choices).toContain('Customer');
    expect(stderr.text).toContain('this account does not need a customer on its jobs (direct); saved in profile default');
    expect(learned(configDir)).toMatchObject({ type: 'direct' });
  });
});
