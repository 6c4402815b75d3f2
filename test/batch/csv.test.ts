// CSV batch files over real HTTP against the sandbox: quoted cells, problems named by row and
// column, re-runs that create nothing twice, stdin, rows of existing jobs, and --csv results.
import { describe, expect, it } from 'vitest';
import { csvRecord, type CsvValue } from '../../src/terminal/csv.js';
import { useSandbox, words } from '../helpers/sandbox.js';
import { batch, countTitle, parseJson, posts, tempFile, titlesWithPrefix, useRecordingProxy } from './helpers.js';
import { runBatchWith } from './run-batch-with.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

const HEADER = ['title', 'description', 'location', 'industry', 'jobFunction', 'employerTypeId', 'salaryMin', 'salaryMax', 'skills', 'publishToCareerPage'];

/** A CSV file of the header and rows, each row a record of field -> cell. */
function csvFile(name: string, rows: Array<Record<string, CsvValue> | 'blank'>, header = HEADER): string {
  const text = [header, ...rows.map((r) => (r === 'blank' ? [] : header.map((h) => r[h])))]
    .map((cells) => (cells.length === 0 ? '\r\n' : csvRecord(cells)))
    .join('');
  return tempFile(name, text);
}

function job(title: string, overrides: Record<string, CsvValue> = {}): Record<string, CsvValue> {
  return {
    title,
    description: words(120),
    location: 'Austin, TX, USA',
    industry: 'Information Technology',
    jobFunction: 'Data Engineering',
    employerTypeId: 501,
    ...overrides,
  };
}

function stored(title: string) {
  return [...sandbox.current.store.jobs.values()].find((j) => j.title === title);
}

describe('CSV batch files', () => {
  it('creates every row: quoted commas, quotes and line breaks, names, numbers, lists and booleans', async () => {
    const description = `First paragraph, with a comma and a "quote".\n\nSecond paragraph. ${words(110)}`;
    const file = csvFile('good.csv', [
      job('CSV Job "Alpha", Berlin', { description, location: 'Berlin, Germany', salaryMin: 50000, salaryMax: 65000.5, skills: 'SQL; Python ;', publishToCareerPage: 'yes' }),
      'blank',
      job('CSV Job Beta', { jobFunction: '102', publishToCareerPage: 'FALSE' }),
    ]);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(parseJson(res.stdout).map((r: { index: number; result: string }) => [r.index, r.result])).toEqual([
      [0, 'created'],
      [1, 'created'],
    ]);
    expect(stored('CSV Job "Alpha", Berlin')).toMatchObject({
      description,
      location: 'Berlin, Germany',
      industryId: 1,
      jobFunctionId: 103,
      employerTypeId: 501,
      salaryMin: 50000,
      salaryMax: 65000.5,
      skills: ['SQL', 'Python'],
      publishToCareerPage: true,
    });
    expect(stored('CSV Job Beta')).toMatchObject({ jobFunctionId: 102, publishToCareerPage: false, salaryMin: null, skills: [] });
    expect(posts(proxy)).toHaveLength(2);
  });

  it('refuses a number with more digits than a number holds, naming its row and column, rather than rounding it', async () => {
    const file = csvFile('digits.csv', [
      job('CSV Digits Ok', { salaryMin: '1.5E+3', salaryMax: '7E+03' }), // row 2
      job('CSV Digits Long', { salaryMin: '123456789012345678' }), // row 3
    ]);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('  - row 3, column salaryMin: "123456789012345678" has more digits than a number holds exactly (it would be read as 123456789012345680): write it with at most 15 significant digits\n');
    expect(res.stderr).not.toMatch(/row 2,/);
    expect(posts(proxy)).toHaveLength(0);
  });

  it('names the row (as a spreadsheet numbers it) and the column of every problem, and sends nothing', async () => {
    const file = csvFile('bad.csv', [
      job('CSV Bad Ok', { description: `Line one,\nline two. ${words(110)}` }), // row 2, two lines of the file
      'blank', // row 3
      job('CSV Bad Salary', { salaryMin: 'lots', salaryMax: '12' }), // row 4
      job('CSV Bad Function', { jobFunction: 'Data Enginering' }), // row 5
      job('CSV Bad Range', { salaryMin: 9, salaryMax: 5, publishToCareerPage: 'maybe' }), // row 6
      job('', { location: 'Remote' }), // row 7
    ]);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('4 of 5 jobs in');
    expect(res.stderr).toContain('  - row 4, column salaryMin: must be a number, such as 1200, 70,000 or 12.5 (no currency), got "lots"\n');
    expect(res.stderr).toMatch(/ {2}- row 5, column jobFunction: no job function named "Data Enginering" in Information Technology \(1\); did you mean "Data Engineering"\?/);
    expect(res.stderr).toContain('  - row 6, column publishToCareerPage: must be true, false, yes or no, got "maybe"\n');
    expect(res.stderr).toContain('  - row 6, column salaryMin: must not exceed salaryMax\n');
    expect(res.stderr).toContain('  - row 7, column title: is required\n');
    expect(res.stderr).toMatch(/ {2}- row 7, column location: /);
    expect(res.stderr).not.toMatch(/row 2,|row 3,/);
    expect(res.stderr).toContain('hint: rows are numbered as a spreadsheet shows them (the header is row 1)');
    expect(posts(proxy)).toHaveLength(0);
    expect(countTitle(sandbox.current, 'CSV Bad Ok')).toBe(0);

    const json = await batch(proxy.baseUrl, file, ['--json']);
    expect(json.code).toBe(2);
    const details = parseJson(json.stderr.trim().split('\n').at(-1)!).error.details;
    expect(details).toContainEqual({ item: 3, row: 6, column: 'salaryMin', field: 'salaryMin', message: 'must not exceed salaryMax' });
    expect(details).toContainEqual(expect.objectContaining({ item: 2, row: 5, column: 'jobFunction', field: 'jobFunction' }));
    expect(posts(proxy)).toHaveLength(0);
  });

  it('refuses a header without the required columns, and a broken quote, naming the row and column', async () => {
    proxy.reset();
    const header = await batch(proxy.baseUrl, tempFile('header.csv', 'Title,description,jobFunctionId\r\nx,y,1\r\n'));
    expect(header.code).toBe(2);
    expect(header.stderr).toContain('the header row of');
    expect(header.stderr).toContain('  - row 1, column Title: is not a field name; did you mean "title"?');
    expect(header.stderr).toContain('  - row 1: has no column location, which every job needs');
    expect(header.stderr).toContain('  - row 1: has no column employerType or employerTypeId, which every job needs');

    const good = csvRecord(Object.values(job('CSV Quote Ok')));
    const broken = `${HEADER.slice(0, 6).join(',')}\r\n${good}CSV Quote Bad,"an open quote\r\nand more, to the end\r\n`;
    const quote = await batch(proxy.baseUrl, tempFile('quote.csv', broken));
    expect(quote.code).toBe(2);
    expect(quote.stderr).toMatch(/ {2}- row 3, column description: not valid CSV: a quoted cell is not closed: .* \(line \d+ of the file\)/);
    const bare = await batch(proxy.baseUrl, tempFile('bare.csv', `${HEADER.slice(0, 6).join(',')}\r\nSay "hi",d,l,i,f,1\r\n`));
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/ {2}- row 2, column title: not valid CSV: a `"` inside a cell that is not quoted/);
    expect(posts(proxy)).toHaveLength(0);
  });

  it('creates nothing twice when run again, and sends only the rows added since', async () => {
    const rows = [job('CSV Rerun 0'), job('CSV Rerun 1'), job('CSV Rerun 2')];
    const file = csvFile('rerun.csv', rows);
    proxy.reset();
    const first = await batch(proxy.baseUrl, file);
    expect(first.code, first.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(3);

    proxy.reset();
    const again = await batch(proxy.baseUrl, file);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing to send: 3 of 3 jobs were created in an earlier run');
    expect(posts(proxy)).toHaveLength(0);

    // A row inserted at the top, and a column added (its cells empty): the old rows keep their identity.
    csvFile('rerun.csv', [job('CSV Rerun New'), 'blank', ...rows], [...HEADER, 'currency']);
    proxy.reset();
    const more = await batch(proxy.baseUrl, file, ['--json']);
    expect(more.code, more.stderr).toBe(0);
    expect(posts(proxy).map((p) => JSON.parse(p.body).title)).toEqual(['CSV Rerun New']);
    expect(parseJson(more.stdout).map((r: { result: string }) => r.result)).toEqual(['created', 'already_created', 'already_created', 'already_created']);
    for (const title of ['CSV Rerun 0', 'CSV Rerun 1', 'CSV Rerun 2', 'CSV Rerun New']) expect(countTitle(sandbox.current, title)).toBe(1);
  });

  it('reads stdin with --format csv, and resumes the same content piped again', async () => {
    const text = [HEADER, ...[job('CSV Stdin 0'), job('CSV Stdin 1')].map((r) => HEADER.map((h) => r[h]))].map((cells) => csvRecord(cells)).join('');
    proxy.reset();
    const first = await batch(proxy.baseUrl, '-', ['--format', 'csv'], { stdin: text });
    expect(first.code, first.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(2);
    const again = await batch(proxy.baseUrl, '-', ['--format', 'csv'], { stdin: text });
    expect(again.code, again.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(2);
    expect(countTitle(sandbox.current, 'CSV Stdin 1')).toBe(1);

    const guessed = await batch(proxy.baseUrl, '-', [], { stdin: text });
    expect(guessed.code).toBe(2);
    expect(guessed.stderr).toContain('is not JSON');
    expect(guessed.stderr).toContain('for CSV, name the file *.csv or pass --format csv');
  });

  it('skips rows with an id (existing jobs) and ignores the columns the service sets', async () => {
    const header = ['id', 'statusLabel', 'createdAt', ...HEADER];
    const file = csvFile('existing.csv', [{ ...job('CSV Existing'), id: 3, statusLabel: 'Closed', createdAt: '2025-01-01' }, { ...job('CSV Existing New'), statusLabel: 'Closed' }], header);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('note: 1 row of');
    expect(res.stderr).toContain('has an id: it is a job that exists, and is not created again');
    expect(res.stderr).toContain('note: the columns statusLabel, createdAt are set by the service and are not sent');
    expect(posts(proxy).map((p) => JSON.parse(p.body))).toEqual([expect.not.objectContaining({ statusLabel: expect.anything() })]);
    expect(countTitle(sandbox.current, 'CSV Existing')).toBe(0);
    expect(stored('CSV Existing New')?.status).toBe(5);

    const only = await batch(proxy.baseUrl, csvFile('only-existing.csv', [{ ...job('CSV Only Existing'), id: 3 }], header));
    expect(only.code).toBe(2);
    expect(only.stderr).toContain('has no jobs to create: every row has an id (1 existing job)');
  });

  it('--csv writes the results with a header, the row of each item and its error', async () => {
    const file = csvFile('results.csv', [job('CSV Results, Ok'), 'blank', job('=CSV Results Formula'), job('CSV Results Refused', { employerTypeId: 599 })]);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--csv']);
    expect(res.code).toBe(1);
    const lines = res.stdout.split('\r\n');
    expect(lines[0]).toBe('item,row,title,jobCode,result,jobId,status,approval,error');
    expect(lines[1]).toMatch(/^0,2,"CSV Results, Ok",,created,\d+,In Progress,none,$/);
    expect(lines[2]).toMatch(/^1,4,'=CSV Results Formula,,created,\d+,In Progress,none,$/);
    expect(lines[3]).toMatch(/^2,5,CSV Results Refused,,refused,,,,400 /);
    expect(lines.at(-1)).toBe('');
    expect(countTitle(sandbox.current, '=CSV Results Formula')).toBe(1);

    for (const extra of [['--json'], ['--dry-run']]) {
      const refused = await batch(proxy.baseUrl, file, ['--csv', ...extra]);
      expect(refused.code, extra.join(' ')).toBe(2);
      expect(refused.stdout).toBe('');
    }
  });

  it('reads the rows again past the body cache: each created once; an edited row stops the run unsent', { timeout: 60_000 }, async () => {
    const rows = Array.from({ length: 30 }, (_, i) => job(`CSV Uncached ${i}`, { description: `"Quoted", ${words(110)}` }));
    const file = csvFile('uncached.csv', rows);
    proxy.reset();
    const res = await runBatchWith(proxy.baseUrl, { file, bodyCacheBytes: 1, concurrency: '4' });
    expect(res.code, res.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(30);
    expect([...titlesWithPrefix(sandbox.current, 'CSV Uncached ').values()]).toEqual(Array.from({ length: 30 }, () => 1));
    proxy.reset();
    const again = await runBatchWith(proxy.baseUrl, { file, bodyCacheBytes: 1, concurrency: '4' });
    expect(again.code, again.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(0);

    // A row changed between the check and its sending, past what the reader had read (240 kB of rows,
    // read a chunk at a time as they are sent): the file is edited once the first job is created.
    const edited = Array.from({ length: 60 }, (_, i) => job(`CSV Edited ${i}`, { description: words(600) }));
    const editedFile = csvFile('edited.csv', edited);
    proxy.reset();
    const run = runBatchWith(proxy.baseUrl, { file: editedFile, bodyCacheBytes: 1, concurrency: '1' });
    const timer = setInterval(() => {
      if (posts(proxy).length >= 1) {
        clearInterval(timer);
        csvFile('edited.csv', edited.map((r, i) => (i === 59 ? { ...r, title: 'CSV Edited Changed' } : r)));
      }
    }, 1);
    const stopped = await run;
    clearInterval(timer);
    expect(stopped.code, stopped.stderr).toBe(1);
    expect(stopped.stderr).toContain('the file changed');
    expect(countTitle(sandbox.current, 'CSV Edited Changed')).toBe(0);
    expect(countTitle(sandbox.current, 'CSV Edited 59')).toBe(0);
    expect(countTitle(sandbox.current, 'CSV Edited 0')).toBe(1);
  });
});
