// The wizard asks on stderr and returns the job it creates; `jobs create` prints it
// (src/commands/jobs/create/wizard.ts, docs/decisions.md).
import { describe, expect, it } from 'vitest';
import { createWithWizard } from '../../src/commands/jobs/create/wizard.js';
import { runWizard } from '../../src/wizard/run-wizard.js';
import { useSandbox } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { classification, createdId, details, review } from './scripts.js';
import { useWizardContexts } from './wizard-context.js';

const sandbox = useSandbox();
const newWizard = useWizardContexts();

describe('the job the wizard creates', () => {
  it('is returned, not printed, by the wizard', async () => {
    const w = newWizard(sandbox.current);
    const prompter = new FakePrompter([...classification(), ...details('Returned By The Wizard'), review('Submit')]);
    const created = await runWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(created?.job).toMatchObject({ id: expect.any(Number), title: 'Returned By The Wizard' });
    expect(created?.error).toBeUndefined();
    expect(w.stdout.text).toBe('');
  });

  it('is printed by the command', async () => {
    const w = newWizard(sandbox.current);
    const prompter = new FakePrompter([...classification(), ...details('Printed By The Command'), review('Submit')]);
    await createWithWizard(w.ctx, { prompter });
    prompter.assertDone();
    expect(w.stdout.text).toBe(`Created job ${createdId(w.stdout.text)} "Printed By The Command": In Progress (5)\n`);
  });

  it('is none when the answers are saved as a draft', async () => {
    const w = newWizard(sandbox.current);
    const prompter = new FakePrompter([...classification(), ...details('Saved Not Created'), review('Save draft and quit')]);
    expect(await runWizard(w.ctx, { prompter })).toBeUndefined();
    prompter.assertDone();
    expect(w.stdout.text).toBe('');
  });
});
