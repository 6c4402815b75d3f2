// --csv on jobs list, jobs get and lookup, against a real sandbox over loopback; and the
// spreadsheet round trip: `jobs list --all --csv`, edit, `jobs create --file` of the new rows.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { call, useSandbox, validJob } from '../helpers/sandbox.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });

function cli(args: string[], options: { token?: string; stdin?: string } = {}) {
  return runCli([...args, '--base-url', sandbox.current.baseUrl], {
    env: { RECRUIT_TOKEN: options.token ?? 'sbx_direct_full', NO_COLOR: '1' },
    ...(options.stdin !== undefined ? { stdin: options.stdin } : {}),
  });
}

/** The records of a CSV text, as a strict RFC 4180 reader sees them. */
function records(text: string): string[][] {
  return parse(text, { relax_column_count: false }) as string[][];
}

function rowsOf(text: string): Array<Record<string, string>> {
  const [header, ...rows] = records(text);
  return rows.map((r) => Object.fromEntries(header!.map((h, k) => [h, r[k]!])));
}

async function createJob(body: Record<string, unknown>): Promise<number> {
  const res = await call(sandbox.current, 'POST', '/v1/jobs', { body, idempotencyKey: crypto.randomUUID() });
  expect(res.status, res.text).toBe(201);
  return res.body.id as number;
}

const JOB_HEADER =
  'id,jobCode,title,statusLabel,approvalStatusLabel,publishToCareerPage,publishToFreeJobBoards,industry,jobFunction,employerType,customer,' +
  'department,hiringManager,jobType,educationLevel,salaryInterval,salaryMin,salaryMax,currency,experience,location,description,qualifications,' +
  'skills,optionalSkills,createdAt,updatedAt';

describe('--csv output', () => {
  it('jobs get --csv: the header of batch field names and one row, names for ids, nothing cut', async () => {
    const description = `Line one, with "quotes".\n${'word '.repeat(150).trim()}`;
    const id = await createJob(
      validJob({ title: 'CSV Get, Job', description, industryId: 1, departmentId: 2001, skills: ['SQL', 'Python'], salaryMin: 10, salaryMax: 20, jobType: 'FT' }),
    );
    const res = await cli(['jobs', 'get', String(id), '--csv']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout.split('\r\n')[0]).toBe(JOB_HEADER);
    const [row] = rowsOf(res.stdout);
    expect(row).toMatchObject({
      id: String(id),
      title: 'CSV Get, Job',
      statusLabel: 'In Progress',
      approvalStatusLabel: 'none',
      publishToCareerPage: 'false',
      industry: 'Information Technology',
      jobFunction: 'Software Development',
      employerType: 'Software Vendor',
      customer: '',
      department: 'Engineering',
      jobType: 'FT',
      salaryMin: '10',
      salaryMax: '20',
      skills: 'SQL; Python',
      description,
    });
    expect(res.stdout.endsWith('\r\n')).toBe(true);
  });

  it('jobs list --csv and --all --csv: the same columns, every page, a header once', async () => {
    const page = await cli(['jobs', 'list', '--csv', '--page-size', '3']);
    expect(page.code, page.stderr).toBe(0);
    expect(rowsOf(page.stdout)).toHaveLength(3);
    expect(page.stderr).toMatch(/page 1 of \d+/);

    const all = await cli(['jobs', 'list', '--all', '--csv', '--page-size', '5']);
    expect(all.code, all.stderr).toBe(0);
    const rows = rowsOf(all.stdout);
    const api = await call(sandbox.current, 'GET', '/v1/jobs?pageSize=1');
    expect(rows).toHaveLength(api.body.meta.pagination.totalItems);
    expect(all.stdout.match(/^id,jobCode,/gm)).toHaveLength(1);
    expect(rows.find((r) => r.id === '1')).toMatchObject({ industry: expect.any(String), jobFunction: expect.stringMatching(/^\D/) });
  });

  it('neutralises formulas in text, and not in numbers', async () => {
    const id = await createJob(validJob({ title: '=HYPERLINK("http://evil.example","click")', qualifications: '@SUM(A1:A9)', location: '+1 Main St, Austin, TX, USA' }));
    const res = await cli(['jobs', 'get', String(id), '--csv']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toContain(`,"'=HYPERLINK(""http://evil.example"",""click"")",`);
    const [row] = rowsOf(res.stdout);
    expect(row).toMatchObject({ title: `'=HYPERLINK("http://evil.example","click")`, qualifications: "'@SUM(A1:A9)", location: "'+1 Main St, Austin, TX, USA" });
    expect(row!.id).toBe(String(id));
  });

  it('lookup <kind> --csv and lookup job-options --csv', async () => {
    const industries = await cli(['lookup', 'industries', '--all', '--csv']);
    expect(industries.code, industries.stderr).toBe(0);
    const rows = records(industries.stdout);
    expect(rows[0]).toEqual(['id', 'name']);
    expect(rows[1]).toEqual(['1', 'Information Technology']);
    expect(rows).toHaveLength(21);

    const customers = await cli(['lookup', 'customers', '--csv', '--page-size', '2'], { token: 'sbx_staffing_full' });
    expect(customers.code, customers.stderr).toBe(0);
    expect(records(customers.stdout)[0]).toEqual(['id', 'name', 'city', 'country']);
    expect(records(customers.stdout)).toHaveLength(3);

    const options = await cli(['lookup', 'job-options', '--csv']);
    expect(options.code, options.stderr).toBe(0);
    const entries = records(options.stdout);
    expect(entries[0]).toEqual(['section', 'code', 'label', 'canSet']);
    expect(entries).toContainEqual(['statuses', '3', 'Pending Approval', 'false']);
    expect(entries).toContainEqual(['jobTypes', 'FT', 'Full-time', '']);
  });

  it('--csv with --json is a usage error, and nothing is fetched', async () => {
    for (const args of [['jobs', 'list'], ['jobs', 'get', '1'], ['lookup', 'industries'], ['jobs', 'create', '--file', 'x.csv']]) {
      const res = await cli([...args, '--csv', '--json']);
      expect(res.code, args.join(' ')).toBe(2);
      expect(res.stderr).toContain('--csv and --json cannot be combined');
      expect(res.stdout).toBe('');
    }
  });
});

describe('the spreadsheet round trip', () => {
  it('jobs list --all --csv, add rows, jobs create --file: only the new rows are created, as the jobs they copy', async () => {
    const originalId = await createJob(
      validJob({
        title: 'Round Trip Original',
        industryId: 1,
        jobFunctionId: 103,
        employerTypeId: 504,
        departmentId: 2001,
        hiringManagerId: 3001,
        jobType: 'FT',
        educationLevel: 'BA',
        salaryInterval: 'Y',
        salaryMin: 90000,
        salaryMax: 120000,
        currency: 'EUR',
        experience: 4,
        qualifications: 'A degree, or "equivalent" experience.',
        skills: ['SQL', 'Python'],
        optionalSkills: ['Spark'],
        publishToCareerPage: true,
      }),
    );
    await createJob(validJob({ title: '-Round Trip Minus' }));
    const exported = await cli(['jobs', 'list', '--all', '--csv']);
    expect(exported.code, exported.stderr).toBe(0);
    const [header, ...rows] = records(exported.stdout);
    const original = rows.find((r) => r[header!.indexOf('id')] === String(originalId))!;
    const minus = rows.find((r) => r[header!.indexOf('title')] === "'-Round Trip Minus")!;
    expect(original).toBeDefined();
    expect(minus).toBeDefined();

    // A spreadsheet's edits: two new rows, copies of existing ones with the id and job code cleared.
    const copy = (row: string[], title?: string) =>
      header!.map((h, k) => (h === 'id' || h === 'jobCode' ? '' : h === 'title' && title !== undefined ? title : row[k]!));
    const dir = process.env.TMPDIR!;
    const file = join(dir, 'round-trip.csv');
    // The cells are written back as the spreadsheet holds them (already neutralised), not as new text.
    const raw = (cells: string[]) => `${cells.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')}\r\n`;
    writeFileSync(file, exported.stdout + raw(copy(original, 'Round Trip Copy')) + raw(copy(minus)));

    const created = await cli(['jobs', 'create', '--file', file, '--json']);
    expect(created.code, created.stderr).toBe(0);
    expect(created.stderr).toContain(`note: ${rows.length} rows of`);
    const results = JSON.parse(created.stdout) as Array<{ title: string; jobId: number; result: string }>;
    expect(results.map((r) => [r.title, r.result])).toEqual([
      ['Round Trip Copy', 'created'],
      ['-Round Trip Minus', 'created'],
    ]);

    const fields = (id: number) => {
      const job = sandbox.current.store.jobs.get(id)!;
      const { id: _id, jobCode: _code, title: _title, createdAt: _c, updatedAt: _u, ...rest } = job as unknown as Record<string, unknown>;
      return rest;
    };
    expect(fields(results[0]!.jobId)).toEqual(fields(originalId));
    expect(sandbox.current.store.jobs.get(results[1]!.jobId)?.title).toBe('-Round Trip Minus');

    // The same file again creates nothing.
    const again = await cli(['jobs', 'create', '--file', file]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing to send: 2 of 2 jobs were created in an earlier run');
    expect([...sandbox.current.store.jobs.values()].filter((j) => j.title === 'Round Trip Copy')).toHaveLength(1);
  });
});
