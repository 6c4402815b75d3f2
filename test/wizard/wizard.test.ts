// The wizard end to end against a sandbox over loopback: a full run on the direct account, the
// description's word count, back-tracking, and the refusal to run without a terminal.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/core/errors.js';
// The wizard as `jobs create` runs it: the command prints the job the wizard creates.
import { createWithWizard as runWizard } from '../../src/commands/jobs/create/wizard.js';
import { call, useSandbox, words } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { addDetails, classification, createdId, DESCRIPTION, details, review } from './scripts.js';
import { useWizardContexts, type WizardContextOptions } from './wizard-context.js';

const sandbox = useSandbox();
const newWizard = useWizardContexts();
const setup = (options: WizardContextOptions = {}) => newWizard(sandbox.current, options);

describe('the wizard on the direct account', () => {
  it('creates the job once with every answered field, and removes the draft', async () => {
    const { ctx, stdout, stateDir, keys } = setup();
    const prompter = new FakePrompter([
      ...classification(),
      ...details('Wizard Engineer'),
      // Every detail at once, in the order of the list whatever the order ticked.
      ...addDetails(
        ['Publication', 'Salary', 'Job type', 'Education level', 'Experience', 'Qualifications', 'Skills', 'Department', 'Hiring manager'],
        { kind: 'select', message: 'Salary interval', pick: 'Yearly (Y)' },
        { kind: 'input', message: 'Minimum salary', answer: '90000' },
        { kind: 'input', message: 'Maximum salary', answer: '120,000' },
        { kind: 'input', message: 'currency', answer: 'usd' },
        { kind: 'select', message: 'Job type', pick: 'Full-time (FT)' },
        { kind: 'select', message: 'Education level', pick: "Bachelor's degree (BA)" },
        { kind: 'input', message: 'Years of experience', answer: '3' },
        { kind: 'multiline', message: 'Qualifications', answer: 'BSc in Computer Science\nAWS certification' },
        { kind: 'input', message: 'Required skills', answer: 'TypeScript, Node.js , ,SQL' },
        { kind: 'input', message: 'Good-to-have skills', answer: 'Go' },
        { kind: 'search', message: 'Department', term: 'eng', pick: 'Engineering' },
        { kind: 'search', message: 'Hiring manager', term: 'chen', pick: /^Chen Wei/ },
        { kind: 'select', message: 'Publish on the career page?', pick: 'Yes' },
        { kind: 'select', message: 'Publish on free job boards?', pick: 'Yes' },
      ),
      review('Submit'),
    ]);
    const before = await call(sandbox.current, 'GET', '/v1/jobs?pageSize=1');

    await runWizard(ctx, { prompter });
    prompter.assertDone();

    const id = createdId(stdout.text);
    expect(stdout.text).toBe(`Created job ${id} "Wizard Engineer": In Progress (5)\n`);
    const job = (await call(sandbox.current, 'GET', `/v1/jobs/${id}`)).body;
    expect(job).toMatchObject({
      title: 'Wizard Engineer',
      description: DESCRIPTION,
      location: 'Austin, TX, USA',
      industryId: 1,
      jobFunctionId: 101,
      employerTypeId: 504,
      customerId: null,
      salaryInterval: 'Y',
      jobType: 'FT',
      educationLevel: 'BA',
      salaryMin: 90000,
      salaryMax: 120000,
      currency: 'USD',
      experience: 3,
      qualifications: 'BSc in Computer Science\nAWS certification',
      skills: ['TypeScript', 'Node.js', 'SQL'],
      optionalSkills: ['Go'],
      departmentId: 2001,
      publishToCareerPage: true,
      publishToFreeJobBoards: true,
      status: 5,
    });
    const managers = (await call(sandbox.current, 'GET', '/v1/hiring-managers?search=chen')).body.data;
    expect(job.hiringManagerId).toBe(managers[0].id);
    // Exactly one job more, under one key, and the draft is gone.
    const after = await call(sandbox.current, 'GET', '/v1/jobs?pageSize=1');
    expect(after.body.meta.pagination.totalItems).toBe(before.body.meta.pagination.totalItems + 1);
    expect(keys).toHaveLength(1);
    expect(readdirSync(join(stateDir, 'drafts'))).toEqual([]);
    expect(readdirSync(join(stateDir, 'submissions'))).toEqual([`${keys[0]}.json`]);
  });

  it('searches the API as the user types and shows at most a page, with a hint to filter', async () => {
    const { ctx } = setup();
    const prompter = new FakePrompter([
      { kind: 'search', message: 'Industry', pick: 'Information Technology' },
      { kind: 'search', message: 'Job function in Information Technology', term: 'data eng', pick: 'Data Engineering' },
      { kind: 'search', message: 'Employer type', interrupt: true },
    ]);
    await expect(runWizard(ctx, { prompter })).rejects.toMatchObject({ exitCode: 130 });
    const [industries, functions] = prompter.seen;
    // 20 industries: the first page of 10, a line saying how many more, no "Back" on the first step.
    expect(industries!.choices).toHaveLength(11);
    expect(industries!.choices!.at(-1)).toBe('… 10 more: type to filter');
    // The hint beside the message, gone from the answered line (inquirer-prompter.ts): no Back on the first step.
    expect(industries!.message).toBe('Industry');
    expect(industries!.hint).toBe('type to filter');
    expect(functions!.hint).toBe('type to filter; `<` goes back');
    // The search term went to the API: only matching job functions, then "← Back".
    expect(functions!.choices).toEqual(['Data Engineering', '← Back']);
  });

  it('refuses a description under 100 words at the prompt with the word count', async () => {
    const { ctx } = setup();
    const prompter = new FakePrompter([
      ...classification(),
      { kind: 'input', message: 'Job title', answer: 'Short Description' },
      { kind: 'multiline', message: 'Description', answer: words(42), rejected: '42/100 words' },
      { kind: 'multiline', message: 'Description', answer: words(99), rejected: /^99\/100 words: a description needs at least 100 words$/ },
      { kind: 'multiline', message: 'Description', answer: DESCRIPTION },
      { kind: 'input', message: 'Location', answer: 'Remote', rejected: 'must be a full location even for a remote job' },
      { kind: 'input', message: 'Location', answer: 'Berlin', rejected: 'at least a city and a country' },
      { kind: 'input', message: 'Location', interrupt: true },
    ]);
    await expect(runWizard(ctx, { prompter })).rejects.toMatchObject({ exitCode: 130 });
    prompter.assertDone();
    const description = prompter.seen.find((s) => s.kind === 'multiline')!;
    expect(description.validations).toEqual([
      '42/100 words: a description needs at least 100 words',
      '99/100 words: a description needs at least 100 words',
      true,
    ]);
  });

  it('goes back from the job function to the industry, and edits a field from the review', async () => {
    const { ctx, stdout } = setup();
    const prompter = new FakePrompter([
      { kind: 'search', message: 'Industry', term: 'health', pick: 'Healthcare' },
      { kind: 'search', message: 'Job function in Healthcare', pick: '← Back' },
      { kind: 'search', message: 'Industry', pick: 'Keep: Healthcare', term: undefined },
    ]);
    // Back again, this time to pick another industry: its own job functions are offered.
    prompter.add(
      { kind: 'search', message: 'Job function in Healthcare', term: 'nurs', pick: '← Back' },
      { kind: 'search', message: 'Industry', term: 'information', pick: 'Information Technology' },
      { kind: 'search', message: 'Job function in Information Technology', term: 'devops', pick: 'DevOps' },
      { kind: 'search', message: 'Employer type in Information Technology', term: 'vendor', pick: 'Software Vendor' },
      { kind: 'input', message: 'Job title', answer: 'First Title' },
      // `<` goes back from a text prompt to the previous step, which keeps its answer.
      { kind: 'multiline', message: 'Description', answer: '<' },
      { kind: 'input', message: 'Job title', answer: '' },
      { kind: 'multiline', message: 'Description', answer: DESCRIPTION },
      { kind: 'input', message: 'Location', answer: 'Austin, TX, USA' },
      review('Edit a field'),
      { kind: 'select', message: 'Edit which field?', pick: 'Title' },
      { kind: 'input', message: 'Job title', answer: 'Edited Title' },
      review('Edit a field'),
      { kind: 'select', message: 'Edit which field?', pick: 'Industry' },
      { kind: 'search', message: 'Industry', term: 'finance', pick: 'Finance' },
      // The industry changed: its job function and employer type are asked again, then the review.
      { kind: 'search', message: 'Job function in Finance', term: 'audit', pick: 'Audit' },
      { kind: 'search', message: 'Employer type in Finance', term: 'bank', pick: 'Bank' },
      review('Submit'),
    );
    await runWizard(ctx, { prompter });
    prompter.assertDone();
    const functions = prompter.seen.filter((s) => s.message.startsWith('Job function in Healthcare'));
    expect(functions[1]!.choices).toEqual(['Nursing', '← Back']);
    const job = (await call(sandbox.current, 'GET', `/v1/jobs/${createdId(stdout.text)}`)).body;
    const finance = (await call(sandbox.current, 'GET', '/v1/industries?search=finance')).body.data[0];
    const audit = (await call(sandbox.current, 'GET', `/v1/job-functions?industry_id=${finance.id}&search=audit`)).body.data[0];
    expect(job).toMatchObject({ title: 'Edited Title', industryId: finance.id, jobFunctionId: audit.id, description: DESCRIPTION });
  });

  it('refuses to start without a terminal and without a prompter', async () => {
    const { ctx } = setup();
    (ctx as { interactive: boolean }).interactive = false;
    await expect(runWizard(ctx)).rejects.toBeInstanceOf(UsageError);
  });
});
