import { describe, expect, it } from 'vitest';
import { checkCodes, checkJobInput, MAX_DEPTH } from '../../src/jobs/job-input.js';
import { validJob } from '../helpers/sandbox.js';

const direct = { accountType: 'direct' as const, item: 3 };

describe('checkJobInput', () => {
  it('passes a complete job, trimming title and location, and keeps unknown fields', () => {
    const checked = checkJobInput({ ...validJob({ title: '  Welder ', location: ' Austin, TX, USA ' }), favouriteColour: 'blue' }, direct);
    expect(checked.problems).toEqual([]);
    expect(checked.body).toMatchObject({ title: 'Welder', location: 'Austin, TX, USA', jobFunctionId: 101, employerTypeId: 501, favouriteColour: 'blue' });
    expect(checked.unknownFields).toEqual(['favouriteColour']);
  });

  it('names every missing required field, with the item', () => {
    const { problems } = checkJobInput({}, direct);
    expect(problems).toEqual([
      { item: 3, field: 'title', message: 'is required' },
      { item: 3, field: 'description', message: 'is required' },
      { item: 3, field: 'location', message: 'is required (a full location, also for remote jobs)' },
      { item: 3, field: 'jobFunctionId', message: 'is required (give jobFunctionId or jobFunction by name)' },
      { item: 3, field: 'employerTypeId', message: 'is required (give employerTypeId or employerType by name)' },
    ]);
  });

  it('wants a customer on a staffing account only, by id or by name', () => {
    const job = validJob();
    expect(checkJobInput(job, { accountType: 'staffing' }).problems).toEqual([
      { field: 'customerId', message: 'is required on a staffing account (give customerId or customer by name; see `recruit lookup customers`)' },
    ]);
    expect(checkJobInput({ ...job, customer: 'Acme' }, { accountType: 'staffing' })).toMatchObject({ problems: [], names: { customer: 'Acme' } });
    expect(checkJobInput(job, { accountType: 'direct' }).problems).toEqual([]);
  });

  it('reports a reference once: a bad id is not also "required"', () => {
    const { problems } = checkJobInput(validJob({ jobFunctionId: 0, employerTypeId: 'x', employerType: 'Agency' }), direct);
    expect(problems.map((p) => p.field)).toEqual(['jobFunctionId', 'employerType']);
  });

  it('refuses fields the service sets, and values of the wrong type', () => {
    const { problems } = checkJobInput(validJob({ id: 9, status: 5, salaryMin: -1, skills: ['Go', ''], publishToCareerPage: 'yes', currency: 'usd', salaryInterval: 'X' }), direct);
    expect(problems.map((p) => `${p.field} ${p.message}`)).toEqual([
      'id is job 9, which exists: `jobs create` makes new jobs (for a copy, remove its id and jobCode; to change it, `jobs update` or `jobs apply`)',
      'status is set by the service and cannot be given',
      'salaryMin must be a number of at least 0',
      'skills must be a list of non-empty strings',
      'publishToCareerPage must be true or false',
      'salaryInterval must be one of H, D, W, M, Y',
      'currency must be an ISO 4217 code such as USD or EUR',
    ]);
  });
});

describe('checkJobInput: nesting depth', () => {
  /** A value that makes the job `depth` levels deep as field `x` (the job is level 1), alternating objects and arrays. */
  function nested(depth: number): unknown {
    let value: unknown = 'leaf';
    for (let level = depth; level > 1; level--) value = level % 2 === 0 ? { a: value } : [value];
    return value;
  }
  const TOO_DEEP = { item: 3, field: 'x', message: 'is nested more than 64 levels deep (the job itself is level 1)' };

  it('passes an unknown field through when the job is at most 64 levels deep', () => {
    expect(MAX_DEPTH).toBe(64);
    const checked = checkJobInput(validJob({ x: nested(64), flat: [1, { b: 2 }] }), direct);
    expect(checked.problems).toEqual([]);
    expect(checked.body.x).toEqual(nested(64));
    expect(checked.unknownFields).toEqual(['x', 'flat']);
  });

  it('refuses one level more, by objects or by arrays, naming the item and field; the value is neither kept nor warned about', () => {
    for (const x of [nested(65), [nested(64)], { deeper: nested(64) }, [1, 'two', { three: nested(63) }]]) {
      const checked = checkJobInput(validJob({ x }), direct);
      expect(checked.problems).toEqual([TOO_DEEP]);
      expect(checked.body).not.toHaveProperty('x');
      expect(checked.unknownFields).toEqual([]);
    }
  });

  it('measures 100,000 levels without overflowing the stack', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(checkJobInput(validJob({ x: deep }), direct).problems).toEqual([TOO_DEEP]);
    // A known field is never walked: its type is wrong at the first level.
    expect(checkJobInput(validJob({ skills: deep }), direct).problems).toEqual([{ item: 3, field: 'skills', message: 'must be a list of non-empty strings' }]);
  });
});

describe('checkCodes', () => {
  const codes = { jobTypes: ['FT', 'PT'], educationLevels: ['BSC'] };

  it('checks jobType and educationLevel against the listed codes', () => {
    expect(checkCodes({ jobType: 'FT', educationLevel: 'BSC' }, codes, 1)).toEqual([]);
    expect(checkCodes({ jobType: 'XX', educationLevel: 'PHD' }, codes, 1)).toEqual([
      { item: 1, field: 'jobType', message: 'must be one of FT, PT (see `recruit lookup job-options`)' },
      { item: 1, field: 'educationLevel', message: 'must be one of BSC (see `recruit lookup job-options`)' },
    ]);
  });

  it('suggests the closest codes, by code or by label', () => {
    const labelled = {
      jobTypes: [{ code: 'FT', label: 'Full-time' }, { code: 'PT', label: 'Part-time' }, { code: 'IN', label: 'Internship' }],
      educationLevels: [{ code: 'BA', label: "Bachelor's degree" }],
    };
    const message = (jobType: string) => checkCodes({ jobType }, labelled)[0]?.message;
    expect(message('Fulltime')).toBe('must be one of FT, PT, IN (see `recruit lookup job-options`); did you mean "FT" (Full-time)?');
    expect(message('ft')).toMatch(/; did you mean "FT" \(Full-time\)\?$/);
    expect(message('Intern')).toMatch(/; did you mean "IN" \(Internship\)\?$/);
    expect(message('Contract')).toBe('must be one of FT, PT, IN (see `recruit lookup job-options`)');
    expect(checkCodes({ educationLevel: 'bachelors degree' }, labelled)[0]?.message).toMatch(/did you mean "BA" \(Bachelor's degree\)\?$/);
  });

  it('reads only entries with a string code from the service', () => {
    const odd = { jobTypes: [null, { label: 'No code' }, { code: 7 }, { code: 'FT', label: 3 }] as never[] };
    expect(checkCodes({ jobType: 'FT' }, odd)).toEqual([]);
    expect(checkCodes({ jobType: 'XX' }, odd)).toEqual([{ field: 'jobType', message: 'must be one of FT (see `recruit lookup job-options`)' }]);
    expect(checkCodes({ jobType: 'XX' }, { jobTypes: [null] as never[] })).toEqual([]);
  });

  it('accepts any code when the service lists none', () => {
    expect(checkCodes({ jobType: 'XX' }, {})).toEqual([]);
    expect(checkCodes({ jobType: 'XX' }, { jobTypes: [] })).toEqual([]);
  });
});
