// The registry's promise (docs/architecture.md, "A job field"): an optional text field is one entry in
// src/domain/job-fields.ts and nothing else on the client side. This file adds such an entry,
// `benefits` (a field the API does not have), to the registry alone, and checks that it appears
// everywhere a field does: the flags of create and update, CSV in and out, help formats, the job
// view, the create and update checks, a clone, the wizard's steps and body.
import { describe, expect, it, vi } from 'vitest';
import type * as Registry from '../../src/domain/job-fields.js';
import type { JobField } from '../../src/domain/job-fields.js';
import { Capture, runCli } from '../helpers/cli.js';

// Hoisted with the mock: the registry may be imported by the imports above (the plain `jobs get`
// line's traits, through helpers/cli.ts), before this file's own lines run.
const BENEFITS = vi.hoisted(
  (): JobField => ({
    name: 'benefits',
    kind: 'long-text',
    label: 'Benefits',
    flags: [{ flag: '--benefits <text>', help: 'what the job offers besides the salary' }],
    formats: 'text: what the job offers besides the salary',
    wizard: { ask: 'Benefits (health care, equipment, ...)' },
  }),
);

vi.mock('../../src/domain/job-fields.js', async (importOriginal) => {
  const registry = await importOriginal<typeof Registry>();
  const fields = [...registry.JOB_FIELDS, BENEFITS];
  return { ...registry, JOB_FIELDS: fields, FIELDS: fields, fieldNamed: (name: string) => fields.find((f) => f.name === name) };
});

describe('an optional text field added to the registry alone', () => {
  it('is a flag of jobs create and jobs update, with its help line', async () => {
    for (const verb of ['create', 'update']) {
      const help = await runCli(['jobs', verb, '--help']);
      expect(help.stdout).toMatch(/^ {2}--benefits <text> +what the job offers besides the salary$/m);
    }
  });

  it('is read from its flag into the job and passes the create checks without a warning', async () => {
    const { inputFromFlags } = await import('../../src/jobs/flag-input.js');
    const { checkJobInput } = await import('../../src/jobs/job-input.js');
    const { input, given } = await inputFromFlags({} as never, { benefits: 'Gym' });
    expect(input).toEqual({ benefits: 'Gym' });
    expect(given).toEqual(['--benefits']);
    const checked = checkJobInput({ title: 't', benefits: 'Gym', tenure: 3 }, { accountType: 'direct' });
    expect(checked.body.benefits).toBe('Gym');
    expect(checked.unknownFields).toEqual(['tenure']);
    expect(checked.problems.some((p) => p.field === 'benefits')).toBe(false);
  });

  it('goes into an update patch from its flag, and the update checks know it', async () => {
    const { buildPatch } = await import('../../src/commands/jobs/update/patch.js');
    const { unknownFields } = await import('../../src/commands/jobs/update/checks.js');
    // `benefits` is a field of the mocked registry only: the options type, from the real one, has no such flag.
    const { patch } = await buildPatch({} as never, { benefits: 'Gym' } as Parameters<typeof buildPatch>[1]);
    expect(patch).toEqual({ benefits: 'Gym' });
    expect(unknownFields({ benefits: 'Gym', tenure: 3 })).toEqual(['tenure']);
  });

  it('is a CSV column out (before the timestamps) and in (as text, not an unknown column)', async () => {
    const { jobColumns } = await import('../../src/commands/jobs/job-csv.js');
    const { CsvHeader, readRow } = await import('../../src/jobs/batch/csv-row.js');
    const headers = jobColumns(() => undefined).map((c) => c.header);
    expect(headers.slice(-3)).toEqual(['benefits', 'createdAt', 'updatedAt']);
    const header = new CsvHeader(['title', 'description', 'location', 'jobFunction', 'employerType', 'benefits'], 'jobs.csv');
    expect(header.unknown).toEqual([]);
    const row = readRow(header, ['t', 'd', 'Berlin, Germany', 'x', 'y', 'Gym, bike'], 0);
    expect(row.kind === 'job' && row.value.benefits).toBe('Gym, bike');
  });

  it('has its line in help formats', async () => {
    const { formatsText } = await import('../../src/commands/help/formats.js');
    expect(formatsText()).toMatch(/^ {2}benefits +text: what the job offers besides the salary$/m);
  });

  it('is shown with its label by jobs get', async () => {
    const { printJobListing } = await import('../../src/commands/jobs/job-view.js');
    const stdout = new Capture();
    await printJobListing({ color: { stdout: false }, io: { stdout } } as never, { id: 1, title: 't', status: 5, benefits: 'Gym' } as never);
    expect(stdout.text).toMatch(/^Benefits +Gym$/m);
  });

  it('is copied by a clone, and compared by apply as a field recruit knows', async () => {
    const { cloneFields } = await import('../../src/jobs/clone.js');
    const { WRITABLE_JOB_FIELDS } = await import('../../src/domain/job-rules.js');
    expect(cloneFields({ id: 1, status: 5, title: 't', benefits: 'Gym' } as never)).toEqual({ fields: { title: 't', benefits: 'Gym' }, unknown: [] });
    expect(WRITABLE_JOB_FIELDS).toContain('benefits');
  });

  it('is asked by the wizard, after the other optional text, and sent in the body', async () => {
    const { STEPS } = await import('../../src/wizard/steps/index.js');
    const { toBody, answersFromInitial } = await import('../../src/wizard/answers.js');
    const ids = STEPS.map((s) => s.id);
    expect(ids.indexOf('benefits')).toBe(ids.indexOf('qualifications') + 1);
    const step = STEPS.find((s) => s.id === 'benefits')!;
    expect(step.label).toBe('Benefits');
    expect(step.show({ benefits: 'Gym' } as never, {} as never)).toBe('Gym');
    const { answers, extra } = answersFromInitial({ benefits: 'Gym' });
    expect(extra).toEqual({});
    expect(toBody(answers)).toEqual({ benefits: 'Gym' });
  });
});
