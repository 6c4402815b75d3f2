// Drafts belong to one profile and account: never offered on another. The resume question offers
// Continue, Start over (keeping the draft) and Discard (confirmed, default no); several drafts of an
// account are each offered; a continued draft recaps its answers; `recruit jobs drafts` lists them all.
import { stripVTControlCharacters } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DraftStore } from '../../src/wizard/draft.js';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { runCli } from '../helpers/cli.js';
import { useSandbox } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { classification, DESCRIPTION } from './scripts.js';
import { useWizardContexts, type WizardContextOptions } from './wizard-context.js';

const sandbox = useSandbox();
const newWizard = useWizardContexts();
const setup = (options: WizardContextOptions = {}) => newWizard(sandbox.current, { accountType: 'direct', ...options });

/** Answers the classification and a title, then Ctrl-C at the description: a draft titled `title`. */
async function interruptedAfterTitle(options: WizardContextOptions, title: string, first: FakePrompter['remaining'][number][] = []) {
  const w = setup(options);
  const prompter = new FakePrompter([
    ...first,
    ...classification(),
    ...(options.token === 'sbx_staffing_full' ? [{ kind: 'search' as const, message: 'Customer', pick: /^Acme/ }] : []),
    { kind: 'input', message: 'Job title', answer: title },
    { kind: 'multiline', message: 'Description', interrupt: true },
  ]);
  await expect(runWizard(w.ctx, { prompter })).rejects.toMatchObject({ exitCode: 130 });
  prompter.assertDone();
  return w;
}

describe('drafts per account', () => {
  it('never offers a draft made on one account on another, and `jobs drafts` tells them apart', async () => {
    const staffing = await interruptedAfterTitle({ token: 'sbx_staffing_full', accountType: 'staffing' }, 'Staffing Draft');
    // The approval account, same state directory: no resume question, the wizard starts afresh.
    const other = setup({ token: 'sbx_approval_full', stateDir: staffing.stateDir });
    const prompter = new FakePrompter([{ kind: 'search', message: 'Industry', interrupt: true }]);
    await expect(runWizard(other.ctx, { prompter })).rejects.toMatchObject({ exitCode: 130 });
    prompter.assertDone();

    const env = { RECRUIT_STATE_DIR: staffing.stateDir, RECRUIT_BASE_URL: sandbox.current.baseUrl, RECRUIT_TOKEN: 'sbx_staffing_full' };
    const listed = await runCli(['jobs', 'drafts', '--json'], { env });
    expect(listed.code).toBe(0);
    const [draft, ...more] = JSON.parse(listed.stdout);
    expect(more).toEqual([]);
    expect(draft).toMatchObject({ profile: 'default', baseUrl: sandbox.current.baseUrl, title: 'Staffing Draft', step: 'Description', stepNumber: 6, current: true });
    expect(draft.credential).toMatch(/^[0-9a-f]{32}$/);
    expect(listed.stdout).not.toContain('sbx_staffing_full');
    const elsewhere = await runCli(['jobs', 'drafts', '--json'], { env: { ...env, RECRUIT_TOKEN: 'sbx_approval_full' } });
    expect(JSON.parse(elsewhere.stdout)[0]).toMatchObject({ title: 'Staffing Draft', current: false });

    const table = await runCli(['jobs', 'drafts'], { env: { ...env, NO_COLOR: '1' }, tty: true });
    expect(stripVTControlCharacters(table.stdout)).toMatch(/ID +ACCOUNT +TITLE +NEXT STEP +SAVED/);
    expect(stripVTControlCharacters(table.stdout)).toMatch(new RegExp(`\\* +${draft.id} +profile default at ${sandbox.current.baseUrl} \\(token #${draft.credential.slice(0, 8)}\\) +Staffing Draft +Description \\(6 of 7\\) +\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC`));
    expect(table.stderr).toContain('* this profile and account');
    const piped = await runCli(['jobs', 'drafts'], { env });
    expect(piped.stdout.split('\t')).toContain('Staffing Draft');
  });

  it('"Start over" keeps the draft; two drafts are each offered; the one continued recaps its answers', async () => {
    const first = await interruptedAfterTitle({}, 'First Draft');
    await interruptedAfterTitle({ stateDir: first.stateDir }, 'Second Draft', [
      { kind: 'select', message: 'Continue the draft "First Draft"', pick: 'Start over (keep the draft)' },
    ]);
    expect(new DraftStore({ RECRUIT_STATE_DIR: first.stateDir }).all().map((d) => d.answers.title).sort()).toEqual(['First Draft', 'Second Draft']);

    const third = setup({ stateDir: first.stateDir });
    const prompter = new FakePrompter([
      { kind: 'select', message: '2 drafts of this account are saved. Continue one?', pick: /^Continue "First Draft", at Description \(step 6 of 7\), saved / },
      { kind: 'multiline', message: 'Description', answer: DESCRIPTION },
      { kind: 'input', message: 'Location', interrupt: true },
    ]);
    await expect(runWizard(third.ctx, { prompter })).rejects.toMatchObject({ exitCode: 130 });
    prompter.assertDone();
    expect(prompter.seen[0]!.choices).toEqual([
      expect.stringMatching(/^Continue "Second Draft"/),
      expect.stringMatching(/^Continue "First Draft"/),
      'Start over (keep the drafts)',
      'Discard a draft',
    ]);
    expect(third.stderr.text).toMatch(/Continuing the draft; answers so far:\n {2}Industry +Information Technology\n(.*\n)* {2}Title +First Draft\n/);
    // The continued draft was updated in place: still two drafts, the first one now past its description.
    const drafts = new DraftStore({ RECRUIT_STATE_DIR: first.stateDir }).all();
    expect(drafts).toHaveLength(2);
    expect(drafts.find((d) => d.answers.title === 'First Draft')!.answers.description).toBe(DESCRIPTION);
  });

  it('"Discard a draft" asks which, then for a confirmation', async () => {
    const first = await interruptedAfterTitle({}, 'Keep Me');
    await interruptedAfterTitle({ stateDir: first.stateDir }, 'Drop Me', [{ kind: 'select', message: 'Continue the draft', pick: 'Start over (keep the draft)' }]);
    const w = setup({ stateDir: first.stateDir });
    const prompter = new FakePrompter([
      { kind: 'select', message: '2 drafts', pick: 'Discard a draft' },
      { kind: 'select', message: 'Discard which draft?', pick: /^"Drop Me"/ },
      { kind: 'confirm', message: 'Discard the draft "Drop Me"?', answer: true },
      { kind: 'select', message: 'Continue the draft "Keep Me"', pick: 'Start over (keep the draft)' },
      { kind: 'search', message: 'Industry', interrupt: true },
    ]);
    await expect(runWizard(w.ctx, { prompter })).rejects.toMatchObject({ exitCode: 130 });
    prompter.assertDone();
    expect(prompter.seen[1]!.choices![0]).toBe('← Back');
    expect(new DraftStore({ RECRUIT_STATE_DIR: first.stateDir }).all().map((d) => d.answers.title)).toEqual(['Keep Me']);
  });
});
