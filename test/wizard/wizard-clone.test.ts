// `jobs create --from <id>` on a terminal: the wizard opens at its review with the source job's
// answers filled in, through the scripted prompter, against a sandbox over loopback.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createClone } from '../../src/commands/jobs/create/clone.js';
import { call, useSandbox } from '../helpers/sandbox.js';
import { FakePrompter } from '../helpers/fake-prompter.js';
import { createdId, review } from './scripts.js';
import { useWizardContexts } from './wizard-context.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const newWizard = useWizardContexts();
const setup = () => newWizard(sandbox.current);

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Job = Record<string, any>;
const getJob = async (id: number): Promise<Job> => (await call(sandbox.current, 'GET', `/v1/jobs/${id}`)).body as Job;
const SERVICE_SET = ['id', 'status', 'statusLabel', 'approvalStatus', 'approvalStatusLabel', 'createdAt', 'updatedAt', 'jobCode'];
const without = (job: Job, fields: string[]) => Object.fromEntries(Object.entries(job).filter(([k]) => !fields.includes(k)));

describe('jobs create --from on a terminal', () => {
  it('opens at the review with every field of the job filled in; an edited field is sent with the rest', async () => {
    const { ctx, stdout, stderr, stateDir, keys } = setup();
    const source = await getJob(3);
    const prompter = new FakePrompter([
      review('Edit a field'),
      { kind: 'select', message: 'Edit which field?', pick: 'Title' },
      { kind: 'input', message: 'Job title', answer: 'Wizard Clone' },
      review('Submit'),
    ]);

    await createClone(ctx, 3, { experience: 6 }, {}, { prompter });
    prompter.assertDone();

    // The first question is the review's: nothing was asked before it.
    expect(prompter.seen[0]).toMatchObject({ kind: 'select', message: 'What next?' });
    // Two reviews: the first as the clone opened, the second after the edit.
    const [, firstReview, secondReview] = stderr.text.split('Review the job:');
    expect(stderr.text).toContain(`Cloning job 3 "${source.title}"`);
    for (const line of [
      /Industry +Information Technology\n/,
      /Job function +Data Engineering\n/,
      /Employer type +Software Vendor\n/,
      new RegExp(`Title +${source.title}\\n`),
      /Location +Toronto, ON, Canada\n/,
      /Salary interval +Yearly \(Y\)\n/,
      /Job type +Full-time \(FT\)\n/,
      /Education level +Bachelor's degree \(BA\)\n/,
      /Salary minimum +55000\n/,
      /Currency +CAD\n/,
      /Experience +6 years\n/,
      /Skills +Communication, Teamwork\n/,
      // Publication off and the optional fields the job lacks are not listed, but named as details to add.
    ]) {
      expect(firstReview).toMatch(line);
    }
    // Publication off and the optional fields the job lacks are not listed, but named as details to add.
    expect(firstReview!.replace(/\s+/g, ' ')).toContain('Not set: qualifications, department, hiring manager, publication ("Add details" below)');
    expect(secondReview).toMatch(/Title +Wizard Clone\n/);

    const clone = await getJob(createdId(stdout.text));
    expect(without(clone, SERVICE_SET)).toEqual({ ...without(source, SERVICE_SET), title: 'Wizard Clone', experience: 6 });
    expect(keys).toHaveLength(1);
    const saved = JSON.parse(readFileSync(join(stateDir, 'submissions', `${keys[0]}.json`), 'utf8')) as { source: string; state: string };
    expect(saved).toMatchObject({ source: 'wizard', state: 'created' });
    expect(readdirSync(join(stateDir, 'drafts'))).toEqual([]);
  });

  it('offers no draft of the account: a clone starts from the job', async () => {
    const first = setup();
    // A draft of this account, left by an earlier run.
    const leave = new FakePrompter([review('Save draft and quit')]);
    await createClone(first.ctx, 3, { title: 'Left As Draft' }, {}, { prompter: leave });
    leave.assertDone();
    expect(readdirSync(join(first.stateDir, 'drafts'))).toHaveLength(1);

    const again = newWizard(sandbox.current, { stateDir: first.stateDir });
    const prompter = new FakePrompter([review('Submit')]);
    await createClone(again.ctx, 3, { title: 'Beside A Draft' }, {}, { prompter });
    prompter.assertDone();
    expect((await getJob(createdId(again.stdout.text))).title).toBe('Beside A Draft');
    // The earlier draft is still there for `recruit jobs create`.
    expect(readdirSync(join(first.stateDir, 'drafts'))).toHaveLength(1);
  });

  it('asks the job function and employer type when --industry moves the clone, then opens the review', async () => {
    const { ctx, stdout, stderr } = setup();
    const prompter = new FakePrompter([
      { kind: 'search', message: 'Job function in Healthcare', term: 'nurs', pick: 'Nursing' },
      { kind: 'search', message: 'Employer type in Healthcare', term: 'hosp', pick: 'Hospital' },
      review('Submit'),
    ]);
    await createClone(ctx, 3, { industry: 'Healthcare' }, {}, { prompter });
    prompter.assertDone();
    expect(stderr.text).toContain('into another industry: choose its job function and employer type');
    const clone = await getJob(createdId(stdout.text));
    expect(clone).toMatchObject({ industryId: 2, location: 'Toronto, ON, Canada', salaryMin: 55000 });
    const functions = (await call(sandbox.current, 'GET', '/v1/job-functions?industry_id=2&search=nursing')).body.data;
    expect(clone.jobFunctionId).toBe(functions[0].id);
  });

  it('--dry-run on a terminal prints the body and asks nothing', async () => {
    const { ctx, stdout } = setup();
    const prompter = new FakePrompter([]);
    await createClone(ctx, 3, { title: 'Dry On A Terminal' }, { dryRun: true }, { prompter });
    expect(prompter.seen).toEqual([]);
    expect(JSON.parse(stdout.text)).toMatchObject({ title: 'Dry On A Terminal', jobFunctionId: 103 });
  });
});
