// What the wizard keeps when things go wrong: Ctrl-C keeps a draft that the next run continues, a
// transient failure at submit leaves a pending submission to resume, and a full account exits 4.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/errors.js';
import { exitCodeOf } from '../../src/core/api-failure.js';
import { InterruptedError, LocalStateError } from '../../src/core/errors.js';
import { SubmissionStore } from '../../src/jobs/submissions.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { DraftStore } from '../../src/wizard/draft.js';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { classification, createdId, DESCRIPTION, details, review } from './scripts.js';
import { setFaults, useWizardContexts, type WizardContextOptions } from './wizard-context.js';

const sandbox = useSandbox();
const newWizard = useWizardContexts();
const setup = (options: WizardContextOptions = {}, on = sandbox.current) => newWizard(on, options);

/** The drafts in a state directory, of any account (drafts/<account>-<id>.json). */
const drafts = (stateDir: string) => new DraftStore({ RECRUIT_STATE_DIR: stateDir }).all();

async function jobsTitled(title: string): Promise<number> {
  const res = await call(sandbox.current, 'GET', `/v1/jobs?search=${encodeURIComponent(title)}`);
  return res.body.meta.pagination.totalItems;
}

describe('Ctrl-C and drafts', () => {
  it('keeps the answers in a draft, exits 130, and the next run continues from them', async () => {
    const first = setup();
    const interrupted = new FakePrompter([
      ...classification(),
      { kind: 'input', message: 'Job title', answer: 'Interrupted Title' },
      { kind: 'multiline', message: 'Description', answer: DESCRIPTION },
      { kind: 'input', message: 'Location', interrupt: true },
    ]);
    const error = await runWizard(first.ctx, { prompter: interrupted }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InterruptedError);
    expect(error).toMatchObject({ exitCode: 130 });
    interrupted.assertDone();
    expect(first.stderr.text).toContain('Draft saved; run `recruit jobs create` to continue');
    // One line about the draft, and no `error:` line after it (run.ts prints nothing for a reported interrupt).
    expect(first.stderr.text.match(/Draft saved/g)).toHaveLength(1);
    expect((error as InterruptedError).reported).toBe(true);
    const [draft, ...others] = drafts(first.stateDir);
    expect(others).toEqual([]);
    expect(draft!.answers).toEqual({
      industry: { id: 1, name: 'Information Technology' },
      jobFunction: { id: 101, name: 'Software Development' },
      employerType: { id: 504, name: 'SaaS Startup' },
      customer: null,
      title: 'Interrupted Title',
      description: DESCRIPTION,
    });

    // The next run offers the draft and goes on where the first one stopped.
    const second = setup({ stateDir: first.stateDir });
    const resumed = new FakePrompter([
      { kind: 'select', message: /^Continue the draft "Interrupted Title" saved/, pick: 'Continue' },
      { kind: 'input', message: 'Location', answer: 'Lisbon, Portugal' },
      review('Submit'),
    ]);
    await runWizard(second.ctx, { prompter: resumed });
    resumed.assertDone();
    const job = (await call(sandbox.current, 'GET', `/v1/jobs/${createdId(second.stdout.text)}`)).body;
    expect(job).toMatchObject({ title: 'Interrupted Title', description: DESCRIPTION, location: 'Lisbon, Portugal', employerTypeId: 504 });
    expect(drafts(first.stateDir)).toEqual([]);
  });

  it('goes straight to the review with a complete draft, and discards a draft only when confirmed', async () => {
    const first = setup();
    const saving = new FakePrompter([...classification(), ...details('Saved For Later'), review('Save draft and quit')]);
    await runWizard(first.ctx, { prompter: saving });
    saving.assertDone();
    expect(first.stderr.text).toContain('Draft saved; run `recruit jobs create` to continue');
    expect(await jobsTitled('Saved For Later')).toBe(0);

    const second = setup({ stateDir: first.stateDir });
    const declined = new FakePrompter([
      { kind: 'select', message: 'Continue the draft "Saved For Later"', pick: 'Discard' },
      // The confirmation defaults to no: the draft stays, and the question comes back.
      { kind: 'confirm', message: 'Discard the draft "Saved For Later"? Its answers are lost.' },
      { kind: 'select', message: 'Continue the draft "Saved For Later"', pick: 'Discard' },
      { kind: 'confirm', message: 'Discard the draft "Saved For Later"?', answer: true },
      { kind: 'search', message: 'Industry', interrupt: true },
    ]);
    // Nothing was answered in this run, so there is no new draft.
    await expect(runWizard(second.ctx, { prompter: declined })).rejects.toBeInstanceOf(InterruptedError);
    declined.assertDone();
    expect(drafts(first.stateDir)).toEqual([]);
    expect(second.stderr.text).toContain('Discarded the draft "Saved For Later".');
    expect(second.stderr.text).toContain('Stopped; nothing was answered, so there is no draft.');

    const third = setup();
    const complete = new FakePrompter([...classification(), ...details('Complete Draft'), review('Save draft and quit')]);
    await runWizard(third.ctx, { prompter: complete });
    const fourth = setup({ stateDir: third.stateDir });
    const straight = new FakePrompter([{ kind: 'select', message: 'Continue the draft "Complete Draft"', pick: 'Continue' }, review('Submit')]);
    await runWizard(fourth.ctx, { prompter: straight });
    straight.assertDone();
    expect(fourth.stdout.text).toMatch(/^Created job \d+ "Complete Draft": In Progress \(5\)\n$/);
  });

  it('saves the draft after every answered step', async () => {
    const { ctx, stateDir } = setup();
    const seen: unknown[] = [];
    const snapshot = () => void seen.push(drafts(stateDir)[0]?.answers);
    const prompter = new FakePrompter([
      { kind: 'search', message: 'Industry', term: 'tech', pick: 'Information Technology', before: snapshot },
      { kind: 'search', message: 'Job function', term: 'devops', pick: 'DevOps', before: snapshot },
      { kind: 'search', message: 'Employer type', before: snapshot, interrupt: true },
    ]);
    await expect(runWizard(ctx, { prompter })).rejects.toBeInstanceOf(InterruptedError);
    expect(seen).toEqual([
      undefined,
      { industry: { id: 1, name: 'Information Technology' } },
      { industry: { id: 1, name: 'Information Technology' }, jobFunction: { id: 102, name: 'DevOps' } },
    ]);
  });
});

describe('failures at submit', () => {
  it('keeps a transient failure pending under its key, names --resume, and creates no job', async () => {
    const { ctx, stderr, keys, stateDir } = setup();
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Transient Failure Job'),
      review('Submit', () => setFaults(sandbox.current, '503=1')),
    ]);
    try {
      // The client's own hint ("run the command again") would start a new wizard: it is dropped.
      const error = await runWizard(ctx, { prompter }).catch((e: unknown) => e);
      expect(error).toMatchObject({ exitCode: 5, status: 503, hint: undefined });
    } finally {
      await setFaults(sandbox.current, '');
    }
    prompter.assertDone();
    expect(keys).toHaveLength(1);
    const key = keys[0]!;
    // Broken between words to the terminal's width: read as one line.
    expect(stderr.text.replace(/\n/g, ' ')).toContain(
      `Nothing was lost: submission ${key} is saved with its body. Run \`recruit jobs create --resume ${key}\` to send it again; the same key cannot create a second job.`,
    );
    const submission = new SubmissionStore(ctx.env).get(key)!;
    expect(submission).toMatchObject({ state: 'pending', source: 'wizard', lastError: { status: 503 } });
    expect(submission.body).toMatchObject({ title: 'Transient Failure Job', jobFunctionId: 101 });
    expect(await jobsTitled('Transient Failure Job')).toBe(0);
    // The submission is now the copy to resume; a draft beside it could create the job twice.
    expect(drafts(stateDir)).toEqual([]);
  });

  it('shows the fields a 400 names, offers to edit them, and sends the fixed job under a new key (--json)', async () => {
    // A flag value is taken as given without its prompt: a title over the service's 200 characters.
    const { ctx, stdout, stderr, keys } = setup({ json: true });
    const prompter = new FakePrompter([
      ...classification(),
      ...details('unused').slice(1),
      review('Submit'),
      { kind: 'confirm', message: 'Edit title and submit again?', answer: true },
      { kind: 'input', message: 'Job title', answer: 'x'.repeat(201), rejected: 'at most 200' },
      { kind: 'input', message: 'Job title', answer: 'Fixed After 400' },
      review('Submit'),
    ]);
    await runWizard(ctx, { prompter, initial: { title: 'y'.repeat(250) } });
    prompter.assertDone();
    expect(stderr.text).toMatch(/The service refused the job \(400\), nothing was created:\n {2}- title: /);
    const job = JSON.parse(stdout.text);
    expect(job).toMatchObject({ title: 'Fixed After 400', status: 5 });
    expect(keys).toHaveLength(2);
    const store = new SubmissionStore(ctx.env);
    expect(store.get(keys[0]!)).toMatchObject({ state: 'refused', lastError: { status: 400 } });
    expect(store.get(keys[1]!)).toMatchObject({ state: 'created', result: { jobId: job.id } });
  });

  it('explains a full account (409), keeps the draft and exits 4', async () => {
    const full = await startSandbox({ port: 0, activeJobLimit: 1 });
    try {
      const { ctx, stderr, stateDir, keys } = setup({}, full);
      const prompter = new FakePrompter([...classification(), ...details('Over The Limit'), review('Submit')]);
      await expect(runWizard(ctx, { prompter })).rejects.toSatisfy((e: unknown) => e instanceof ApiError && exitCodeOf(e) === 4 && e.status === 409);
      prompter.assertDone();
      expect(stderr.text).toContain('active-job limit');
      expect(new SubmissionStore(ctx.env).get(keys[0]!)).toMatchObject({ state: 'refused' });
      expect(drafts(stateDir).map((d) => d.answers.title)).toEqual(['Over The Limit']);
      await ctx.dispose();
    } finally {
      await full.close();
    }
  });
});

describe('a state directory that takes nothing (a full or read-only disk)', () => {
  it('goes on without a draft (one warning), sends nothing when the submission cannot be saved, exits 6 and prints the job', async () => {
    // A state directory below a regular file: every write fails with ENOTDIR, as root too.
    const blocker = join(mkdtempSync(join(tmpdir(), 'recruit-blocked-')), 'file');
    writeFileSync(blocker, 'not a directory');
    const w = setup({ stateDir: join(blocker, 'state') });
    const before = await jobsTitled('Unsaved Disk Job');
    const prompter = new FakePrompter([...classification(), ...details('Unsaved Disk Job'), review('Submit')]);
    const error = await runWizard(w.ctx, { prompter }).catch((e: unknown) => e);
    prompter.assertDone();
    expect(error).toBeInstanceOf(LocalStateError);
    expect(error).toMatchObject({ exitCode: 6, code: 'local_state' });
    expect((error as Error).message).toMatch(/^could not save the submission to .*\/submissions\/.*\.json: a part of the path is not a directory \(ENOTDIR\); nothing was sent$/);
    expect(w.stderr.text.match(/warning: could not save the draft/g)).toHaveLength(1);
    expect(w.stderr.text).not.toContain('--resume');
    // The typing survives on the screen, as JSON a batch file can take.
    const printed = /\n(\{\n[\s\S]*?\n\})\n/.exec(w.stderr.text);
    expect(printed, w.stderr.text).not.toBeNull();
    expect(JSON.parse(printed![1]!)).toMatchObject({ title: 'Unsaved Disk Job', jobFunctionId: 101, location: expect.any(String) });
    expect(w.stderr.text).toContain('The draft could not be saved: your job is printed above as JSON');
    expect(await jobsTitled('Unsaved Disk Job')).toBe(before);
  });
});
