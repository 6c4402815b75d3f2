// The wizard's short path: the required steps, then the review, where "Add details" offers the
// optional fields as groups to tick. Counts the prompts of the shortest path on both accounts, and
// loads drafts written before the details were grouped.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DraftStore } from '../../src/wizard/draft.js';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { addDetails, classification, createdId, details, review } from './scripts.js';
import { useWizardContexts, type WizardContextOptions } from './wizard-context.js';

const sandbox = useSandbox();
const newWizard = useWizardContexts();
const setup = (options: WizardContextOptions = {}) => newWizard(sandbox.current, options);

/** The text with its wrapped lines joined (the review wraps at the terminal's width). */
const flat = (text: string) => text.replace(/\s+/g, ' ');

const job = async (id: number, token = 'sbx_direct_full') => (await call(sandbox.current, 'GET', `/v1/jobs/${id}`, { token })).body;

describe('the shortest path to a job', () => {
  it('takes 7 prompts on the direct account: six required steps and Submit', async () => {
    const { ctx, stdout, stderr } = setup();
    const prompter = new FakePrompter([...classification(), ...details('Seven Prompts'), review('Submit')]);
    await runWizard(ctx, { prompter });
    prompter.assertDone();
    expect(prompter.seen).toHaveLength(7);
    expect(prompter.seen.length).toBeLessThanOrEqual(8);
    const review_ = prompter.seen.at(-1)!;
    expect(review_.choices).toEqual(['Submit', 'Add details: salary, job type, education level, …', 'Edit a field', 'Save draft and quit', 'Discard']);
    // The review names what is not set, and lists no optional field.
    expect(flat(stderr.text)).toContain('Not set: salary, job type, education level, experience, qualifications, skills, department, hiring manager, publication ("Add details" below)');
    expect(stderr.text).not.toMatch(/Salary interval|Career page/);
    const created = await job(createdId(stdout.text));
    expect(created).toMatchObject({ title: 'Seven Prompts', publishToCareerPage: false, salaryMin: null, customerId: null });
  });

  it('takes 8 prompts on the staffing account: the customer is required', async () => {
    const token = 'sbx_staffing_full';
    const { ctx, stdout } = setup({ token, accountType: 'staffing' });
    const prompter = new FakePrompter([
      ...classification(),
      { kind: 'search', message: 'Customer (required on a staffing account)', term: 'initech', pick: /^Initech/ },
      ...details('Eight Prompts'),
      review('Submit'),
    ]);
    await runWizard(ctx, { prompter });
    prompter.assertDone();
    expect(prompter.seen).toHaveLength(8);
    // Not offered as a detail where it is required.
    expect(prompter.seen.at(-1)!.choices).toContain('Add details: salary, job type, education level, …');
    expect((await job(createdId(stdout.text), token)).customerId).toEqual(expect.any(Number));
  });
});

describe('Add details', () => {
  it('asks only the groups ticked, shows them on the review, and Back from the first returns to the review', async () => {
    const { ctx, stdout, stderr } = setup();
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Some Details'),
      // Nothing ticked: back to the review.
      ...addDetails([]),
      // Back from the first step of the details: back to the review, nothing changed.
      ...addDetails(['Experience'], { kind: 'input', message: 'Years of experience', answer: '<' }),
      ...addDetails(
        ['Skills', 'Experience'],
        { kind: 'input', message: 'Years of experience', answer: '2' },
        { kind: 'input', message: 'Required skills', answer: 'Go, SQL' },
        // Back within the details: to the required skills, which keep their answer.
        { kind: 'input', message: 'Good-to-have skills', answer: '<' },
        { kind: 'input', message: 'Required skills', answer: '' },
        { kind: 'input', message: 'Good-to-have skills', answer: 'Rust' },
      ),
      review('Submit'),
    ]);
    await runWizard(ctx, { prompter });
    prompter.assertDone();
    const boxes = prompter.seen.filter((s) => s.kind === 'checkbox');
    expect(boxes[0]!.choices).toEqual(['Salary', 'Job type', 'Education level', 'Experience', 'Qualifications', 'Skills', 'Department', 'Hiring manager', 'Publication']);
    expect(boxes[0]!.descriptions!.Skills).toBe('not set: skills, optional skills');
    expect(boxes[0]!.descriptions!.Experience).toBe('not set');
    // The first step of the details offers Back (to the review).
    expect(prompter.seen.find((s) => s.message === 'Years of experience')!.hint).toContain('`<` alone goes back');
    const reviews = stderr.text.split('Review the job:');
    expect(reviews).toHaveLength(5);
    expect(reviews[3]).not.toContain('Experience');
    expect(reviews[4]).toMatch(/ {2}Experience +2 years\n {2}Skills +Go, SQL\n {2}Optional skills +Rust\n/);
    expect(flat(reviews[4]!)).toContain('Not set: salary, job type, education level, qualifications, department, hiring manager, publication');
    const last = prompter.seen.at(-1)!;
    expect(last.choices).toContain('Add details: salary, job type, education level, …');
    const created = await job(createdId(stdout.text));
    expect(created).toMatchObject({ experience: 2, skills: ['Go', 'SQL'], optionalSkills: ['Rust'] });
  });

  it('shows the answers of ticked groups that are set, and asks them again with their answers kept', async () => {
    const { ctx, stdout } = setup();
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Set Twice'),
      ...addDetails(['Experience'], { kind: 'input', message: 'Years of experience', answer: '4' }),
      ...addDetails(['Experience'], { kind: 'input', message: 'Years of experience', answer: '' }),
      review('Submit'),
    ]);
    await runWizard(ctx, { prompter });
    prompter.assertDone();
    const second = prompter.seen.filter((s) => s.kind === 'checkbox')[1]!;
    expect(second.descriptions!.Experience).toBe('Experience: 4 years');
    expect((await job(createdId(stdout.text))).experience).toBe(4);
  });
});

describe('drafts from before the details were grouped', () => {
  it('load: skipped optional answers (null) are not listed, given ones are, and both go to the body as before', async () => {
    const first = setup();
    const saving = new FakePrompter([...classification(), ...details('Old Draft'), review('Save draft and quit')]);
    await runWizard(first.ctx, { prompter: saving });
    // Rewrite it as the wizard of before wrote it: every optional step answered, most skipped.
    const [draft] = new DraftStore(first.ctx.env).all();
    const raw = JSON.parse(readFileSync(draft!.file, 'utf8'));
    Object.assign(raw.answers, {
      customer: null,
      salaryInterval: 'Y',
      jobType: null,
      educationLevel: null,
      salaryMin: 50000,
      salaryMax: null,
      currency: 'EUR',
      experience: null,
      qualifications: null,
      skills: [],
      optionalSkills: ['Go'],
      department: null,
      hiringManager: null,
      publishToCareerPage: false,
      publishToFreeJobBoards: false,
    });
    writeFileSync(draft!.file, JSON.stringify(raw));

    const second = setup({ stateDir: first.stateDir });
    const prompter = new FakePrompter([{ kind: 'select', message: 'Continue the draft "Old Draft"', pick: 'Continue' }, review('Submit')]);
    await runWizard(second.ctx, { prompter });
    prompter.assertDone();
    // Offered at the review: every required answer is there.
    expect(prompter.seen[0]!.descriptions!.Continue).toBe('take its answers and go on at review (every step answered)');
    const shown = second.stderr.text.split('Review the job:')[1]!;
    expect(shown).toMatch(/ {2}Salary interval +Yearly \(Y\)\n {2}Salary minimum +50000\n {2}Currency +EUR\n {2}Optional skills +Go\n/);
    expect(shown).not.toMatch(/Job type|Experience|Department|Career page/);
    expect(flat(shown)).toContain('Not set: job type, education level, experience, qualifications, department, hiring manager, publication');
    const created = await job(createdId(second.stdout.text));
    expect(created).toMatchObject({ title: 'Old Draft', salaryInterval: 'Y', salaryMin: 50000, currency: 'EUR', optionalSkills: ['Go'], experience: null });
  });
});
