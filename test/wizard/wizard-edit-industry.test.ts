// The review's "Edit a field → Industry": Back returns to the review unchanged, the same industry
// keeps the job function and employer type that belong to it, and another asks again only those.
import { describe, expect, it } from 'vitest';
import { runWizard } from '../../src/wizard/run-wizard.js';
import { useSandbox } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { classification, details, review } from './scripts.js';
import { useWizardContexts } from './wizard-context.js';

const sandbox = useSandbox();
const newWizard = useWizardContexts();

const editIndustry = () => [review('Edit a field'), { kind: 'select' as const, message: 'Edit which field?', pick: 'Industry' }];

describe('Edit a field → Industry', () => {
  it('Back returns to the review with every answer as it was', async () => {
    const w = newWizard(sandbox.current);
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Edit Industry Back'),
      ...editIndustry(),
      { kind: 'search', message: 'Industry', term: '<', pick: '← Back' },
      ...editIndustry(),
      // Nothing typed: Back is offered in the first list too.
      { kind: 'search', message: 'Industry', pick: '← Back' },
      review('Submit'),
    ]);
    const created = await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(created?.job).toMatchObject({ title: 'Edit Industry Back', jobFunctionId: expect.any(Number), employerTypeId: expect.any(Number) });
    const reviews = w.stderr.text.split('Review the job:').slice(1);
    expect(reviews).toHaveLength(3);
    expect(new Set(reviews.map((r) => r.split('\n\n')[0]))).toHaveProperty('size', 1);
  });

  it('the same industry again, picked or kept, keeps the job function and employer type', async () => {
    const w = newWizard(sandbox.current);
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Edit Industry Same'),
      ...editIndustry(),
      { kind: 'search', message: 'Industry', term: 'information', pick: 'Information Technology' },
      ...editIndustry(),
      { kind: 'search', message: 'Industry', pick: /^Keep: Information Technology$/ },
      review('Submit'),
    ]);
    const created = await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(created?.job).toMatchObject({ title: 'Edit Industry Same' });
    for (const review of w.stderr.text.split('Review the job:').slice(1)) {
      expect(review).toMatch(/Job function +Software Development/);
      expect(review).toMatch(/Employer type +SaaS Startup/);
    }
  });

  it('another industry, then Back from its job function and Back again, returns to the review unchanged', async () => {
    const w = newWizard(sandbox.current);
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Edit Industry Changed Mind'),
      ...editIndustry(),
      { kind: 'search', message: 'Industry', term: 'finance', pick: 'Finance' },
      { kind: 'search', message: 'Job function in Finance', term: '<', pick: '← Back' },
      { kind: 'search', message: 'Industry', term: '<', pick: '← Back' },
      review('Submit'),
    ]);
    const created = await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(created?.job).toMatchObject({ title: 'Edit Industry Changed Mind' });
    const reviews = w.stderr.text.split('Review the job:').slice(1);
    expect(reviews).toHaveLength(2);
    expect(reviews[1]!.split('\n\n')[0]).toBe(reviews[0]!.split('\n\n')[0]);
    expect(reviews[1]).toMatch(/Industry +Information Technology\n +Job function +Software Development\n +Employer type +SaaS Startup\n/);
  });

  it('another industry, then Back to the first one again, keeps its job function and employer type', async () => {
    const w = newWizard(sandbox.current);
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Edit Industry Back To First'),
      ...editIndustry(),
      { kind: 'search', message: 'Industry', term: 'finance', pick: 'Finance' },
      { kind: 'search', message: 'Job function in Finance', term: 'audit', pick: 'Audit' },
      { kind: 'search', message: 'Employer type in Finance', term: '<', pick: '← Back' },
      { kind: 'search', message: 'Job function in Finance', term: '<', pick: '← Back' },
      { kind: 'search', message: 'Industry', term: 'information', pick: 'Information Technology' },
      review('Submit'),
    ]);
    const created = await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(created?.job).toMatchObject({ title: 'Edit Industry Back To First' });
    expect(w.stderr.text.split('Review the job:').at(-1)).toMatch(/Industry +Information Technology\n +Job function +Software Development\n +Employer type +SaaS Startup\n/);
  });

  it('another industry asks again only the job function and employer type, then returns to the review', async () => {
    const w = newWizard(sandbox.current);
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Edit Industry Other'),
      ...editIndustry(),
      { kind: 'search', message: 'Industry', term: 'finance', pick: 'Finance' },
      { kind: 'search', message: 'Job function in Finance', term: 'audit', pick: 'Audit' },
      { kind: 'search', message: 'Employer type in Finance', term: 'bank', pick: 'Bank' },
      review('Submit'),
    ]);
    const created = await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(created?.job).toMatchObject({ title: 'Edit Industry Other', location: 'Austin, TX, USA' });
  });
});
