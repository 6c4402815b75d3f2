// The wizard's title prompt counts characters as the service does, in Unicode code points: 200
// emoji are a valid title (each is two UTF-16 units), 201 are refused at the prompt.
import { describe, expect, it } from 'vitest';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { classification, createdId, details, review } from './scripts.js';
import { useWizardContexts } from './wizard-context.js';

const sandbox = useSandbox();
const newWizard = useWizardContexts();

describe('the wizard title prompt', () => {
  it('refuses 201 emoji and creates the job with 200', async () => {
    const w = newWizard(sandbox.current);
    const title = '🚀'.repeat(200);
    const prompter = new FakePrompter([
      ...classification(),
      { kind: 'input', message: 'Job title', answer: '🚀'.repeat(201), rejected: /^has 201 characters; at most 200 are allowed$/ },
      ...details(title),
      review('Submit'),
    ]);
    await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    const job = await call(sandbox.current, 'GET', `/v1/jobs/${createdId(w.stdout.text)}`);
    expect(job.body.title).toBe(title);
    expect(job.body.title).toHaveLength(400); // UTF-16 units: what a .length check would have refused
  });
});
