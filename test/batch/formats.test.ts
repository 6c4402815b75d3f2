// Batch input: JSON array, single object, NDJSON, stdin; validation before anything is sent;
// --dry-run; unknown fields; usage errors.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useSandbox, words } from '../helpers/sandbox.js';
import { batch, countTitle, jobs, parseJson, posts, tempFile, useRecordingProxy, writeJobs } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);

describe('batch input formats', () => {
  it('creates every job of a JSON array', async () => {
    const file = writeJobs('array.json', jobs('Array Job', 3), 'array');
    const res = await batch(sandbox.current.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    for (let i = 0; i < 3; i++) expect(countTitle(sandbox.current, `Array Job ${i}`)).toBe(1);
    const rows = res.stdout.trim().split('\n').map((l) => l.split('\t'));
    expect(rows.map((r) => [r[0], r[1], r[2]])).toEqual([
      ['0', 'Array Job 0', 'created'],
      ['1', 'Array Job 1', 'created'],
      ['2', 'Array Job 2', 'created'],
    ]);
    expect(rows.every((r) => /^\d+$/.test(r[3]!) && r[4] === 'In Progress')).toBe(true);
  });

  it('creates the job of a single (pretty-printed) JSON object', async () => {
    const file = tempFile('object.json', JSON.stringify(jobs('Object Job', 1)[0], null, 2));
    const res = await batch(sandbox.current.baseUrl, file, ['--json']);
    expect(res.code, res.stderr).toBe(0);
    const out = parseJson(res.stdout);
    expect(out).toEqual([
      expect.objectContaining({ index: 0, ok: true, result: 'created', status: 5, approvalStatus: null, error: null }),
    ]);
    expect(countTitle(sandbox.current, 'Object Job 0')).toBe(1);
    expect(sandbox.current.store.jobs.get(out[0].jobId)?.title).toBe('Object Job 0');
  });

  it('creates every job of an NDJSON file, ignoring blank lines', async () => {
    const lines = jobs('Ndjson Job', 3).map((j) => JSON.stringify(j));
    const file = tempFile('jobs.ndjson', `\n${lines[0]}\n\n${lines[1]}\r\n   \n${lines[2]}`);
    const res = await batch(sandbox.current.baseUrl, file, ['--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(parseJson(res.stdout).map((r: { index: number; title: string }) => [r.index, r.title])).toEqual([
      [0, 'Ndjson Job 0'],
      [1, 'Ndjson Job 1'],
      [2, 'Ndjson Job 2'],
    ]);
    for (let i = 0; i < 3; i++) expect(countTitle(sandbox.current, `Ndjson Job ${i}`)).toBe(1);
  });

  it('reads NDJSON and arrays from stdin with --file -, and resumes the same content', async () => {
    const ndjson = jobs('Stdin Job', 2).map((j) => JSON.stringify(j)).join('\n');
    const first = await batch(sandbox.current.baseUrl, '-', [], { stdin: ndjson });
    expect(first.code, first.stderr).toBe(0);
    expect(countTitle(sandbox.current, 'Stdin Job 0')).toBe(1);
    expect(countTitle(sandbox.current, 'Stdin Job 1')).toBe(1);

    const again = await batch(sandbox.current.baseUrl, '-', [], { stdin: ndjson });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stderr).toContain('nothing to send');
    expect(again.stdout).toContain('created earlier');
    expect(countTitle(sandbox.current, 'Stdin Job 0')).toBe(1);

    const array = JSON.stringify(jobs('Stdin Array Job', 2));
    const fromArray = await batch(sandbox.current.baseUrl, '-', ['--json'], { stdin: array });
    expect(fromArray.code, fromArray.stderr).toBe(0);
    expect(parseJson(fromArray.stdout)).toHaveLength(2);
    expect(countTitle(sandbox.current, 'Stdin Array Job 1')).toBe(1);
  });
});

describe('batch validation', () => {
  it('lists every problem with its item and field, and sends nothing', async () => {
    const items = [
      ...jobs('Invalid Batch Ok', 1),
      { title: 'Short', description: words(42), location: 'Austin, TX, USA', jobFunctionId: 101, employerTypeId: 501 },
      { title: 'No Place', description: words(120), location: 'Remote', jobFunctionId: 101, salaryInterval: 'X' },
      ...jobs('Invalid Batch Ok', 1, { title: 'Invalid Batch Ok 3', jobFunction: 'No Such Function', jobFunctionId: undefined }),
    ];
    const file = writeJobs('invalid.ndjson', items);
    const text = `${readLines(file).join('\n')}\n{"title": broken\n`;
    const withBadLine = tempFile('invalid-with-bad-line.ndjson', text);
    proxy.reset();
    const before = sandbox.current.store.jobs.size;

    const res = await batch(proxy.baseUrl, withBadLine);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('4 of 5 jobs in');
    expect(res.stderr).toContain('nothing was sent');
    expect(res.stderr).toContain('item 1 description: has 42 words; at least 100 are required');
    expect(res.stderr).toMatch(/item 2 location: /);
    expect(res.stderr).toMatch(/item 2 employerTypeId: is required/);
    expect(res.stderr).toMatch(/item 2 salaryInterval: must be one of H, D, W, M, Y/);
    expect(res.stderr).toMatch(/item 3 jobFunction: no job function named "No Such Function"/);
    expect(res.stderr).toMatch(/item 4 line 5: not valid JSON/);
    expect(res.stderr).not.toMatch(/item 0 /);
    expect(res.stdout).toBe('');
    expect(posts(proxy)).toHaveLength(0);
    expect(sandbox.current.store.jobs.size).toBe(before);

    const json = await batch(proxy.baseUrl, withBadLine, ['--json']);
    expect(json.code).toBe(2);
    const details = parseJson(json.stderr.trim().split('\n').at(-1)!).error.details;
    expect(details).toContainEqual({ item: 1, field: 'description', message: 'has 42 words; at least 100 are required' });
    expect(details.map((d: { item: number }) => d.item)).toEqual(expect.arrayContaining([1, 2, 3, 4]));
    expect(posts(proxy)).toHaveLength(0);
  });

  it('--dry-run validates and resolves names, then stops', async () => {
    const items = jobs('Dry Run Job', 2, { jobFunctionId: undefined, industry: 'Information Technology', jobFunction: 'DevOps' });
    const file = writeJobs('dry-run.ndjson', items);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--dry-run']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stdout).toBe('2 jobs valid; nothing sent\n');
    expect(posts(proxy)).toHaveLength(0);
    expect(proxy.requests.some((r) => r.path.startsWith('/job-functions'))).toBe(true);
    expect(countTitle(sandbox.current, 'Dry Run Job 0')).toBe(0);

    const json = await batch(proxy.baseUrl, file, ['--dry-run', '--json']);
    expect(json.code, json.stderr).toBe(0);
    expect(parseJson(json.stdout)).toEqual([
      { index: 0, body: expect.objectContaining({ title: 'Dry Run Job 0', industryId: 1, jobFunctionId: 102, employerTypeId: 501 }) },
      { index: 1, body: expect.objectContaining({ title: 'Dry Run Job 1', jobFunctionId: 102 }) },
    ]);
    expect(posts(proxy)).toHaveLength(0);

    const real = await batch(proxy.baseUrl, file);
    expect(real.code, real.stderr).toBe(0);
    expect(countTitle(sandbox.current, 'Dry Run Job 0')).toBe(1);
    expect(sandbox.current.store.jobs.get([...sandbox.current.store.jobs.values()].find((j) => j.title === 'Dry Run Job 1')!.id)?.jobFunctionId).toBe(102);
  });

  it('warns once for the unknown fields, naming each with its items, and passes them through', async () => {
    const items = jobs('Unknown Field Job', 3, { internalRef: 'X-1' });
    items[1]!.costCentre = 'CC-9';
    const file = writeJobs('unknown.ndjson', items);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr.match(/warning:/g)).toHaveLength(1);
    expect(res.stderr).toContain('warning: 2 unknown fields are passed through to the service as they are: "internalRef" (in 3 items), "costCentre" (in 1 item)\n');
    expect(posts(proxy)).toHaveLength(3);
    const sent = posts(proxy).map((p) => JSON.parse(p.body));
    expect(sent.every((b: { internalRef?: string }) => b.internalRef === 'X-1')).toBe(true);
    expect(sent.filter((b: { costCentre?: string }) => b.costCentre === 'CC-9')).toHaveLength(1);
    expect(countTitle(sandbox.current, 'Unknown Field Job 2')).toBe(1);
  });

  it('refuses an empty file, a file that is not JSON, and a broken JSON array (exit 2)', async () => {
    const empty = await batch(sandbox.current.baseUrl, tempFile('empty.json', '\n  \n'));
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/has no jobs/);
    const text = await batch(sandbox.current.baseUrl, tempFile('text.txt', 'title,description\n'));
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/is not JSON/);
    const broken = await batch(sandbox.current.baseUrl, tempFile('broken.json', '[\n  {"title": "x"},\n  {"title": }\n]\n'));
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/broken\.json is not valid JSON: /);
    expect(broken.stderr.split('\n')[0]).toContain('"title": }'); // the message stays on one line
    const emptyArray = await batch(sandbox.current.baseUrl, tempFile('empty-array.json', '[]'));
    expect(emptyArray.code).toBe(2);
    const missing = await batch(sandbox.current.baseUrl, '/no/such/jobs.json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/no such file/);
  });

  it('validates --concurrency (1-64) before anything is sent', async () => {
    const file = writeJobs('concurrency-usage.ndjson', jobs('Concurrency Usage Job', 1));
    proxy.reset();
    for (const value of ['0', '65', 'four']) {
      const res = await batch(proxy.baseUrl, file, ['--concurrency', value]);
      expect(res.code, value).toBe(2);
      expect(res.stderr).toMatch(/--concurrency must be a whole number from 1 to 64/);
    }
    expect(proxy.requests).toHaveLength(0);
    expect(countTitle(sandbox.current, 'Concurrency Usage Job 0')).toBe(0);
  });
});

describe('batch nesting depth', () => {
  /**
   * A job as JSON text whose unknown field `x` makes it `depth` levels deep (the job is level 1),
   * written by hand: JSON.stringify cannot write a few thousand levels. `indent` pretty-prints the job.
   */
  function nestedJob(title: string, depth: number, open = '[', close = ']', indent?: number): string {
    const job = JSON.stringify(jobs(title, 1)[0], null, indent);
    return `${job.slice(0, -1).trimEnd()},"x":${open.repeat(depth - 1)}1${close.repeat(depth - 1)}${indent ? '\n' : ''}}`;
  }
  const TOO_DEEP = 'x: is nested more than 64 levels deep (the job itself is level 1)';

  async function expectRefused(file: string, item: number, total: string): Promise<string> {
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain(`error: 1 of ${total} in`);
    expect(res.stderr).toContain(`  - item ${item} ${TOO_DEEP}\n`);
    expect(res.stderr).not.toContain('call stack');
    const json = await batch(proxy.baseUrl, file, ['--json']);
    expect(json.code).toBe(2);
    expect(parseJson(json.stderr.trim().split('\n').at(-1)!).error.details).toEqual([{ item, field: 'x', message: TOO_DEEP.slice(3) }]);
    expect(proxy.requests).toHaveLength(0);
    return res.stderr;
  }

  it('refuses an NDJSON line nested 5,000 levels deep as a problem of its item, and passes 64 levels', async () => {
    const file = tempFile('deep.ndjson', `${nestedJob('Depth 64', 64, '{"a":', '}')}\n${nestedJob('Depth 5000', 5000)}\n`);
    const stderr = await expectRefused(file, 1, '2 jobs');
    expect(stderr).toContain('warning: unknown field "x" (in 1 item)'); // item 0's; item 1's is not passed through
    expect(countTitle(sandbox.current, 'Depth 64 0')).toBe(0);

    const ok = await batch(sandbox.current.baseUrl, tempFile('deep-64.ndjson', `${nestedJob('Depth 64 Sent', 64, '{"a":', '}')}\n`));
    expect(ok.code, ok.stderr).toBe(0);
    expect(countTitle(sandbox.current, 'Depth 64 Sent 0')).toBe(1);
  });

  it('refuses an item of a JSON array nested 65 levels deep', async () => {
    const file = tempFile('deep.json', `[\n${JSON.stringify(jobs('Array Depth', 1)[0])},\n${nestedJob('Array Depth 65', 65)}\n]\n`);
    await expectRefused(file, 1, '2 jobs');
  });

  it('refuses a single job object nested 100,000 levels deep', async () => {
    const text = nestedJob('Object Depth', 100_000, '{"a":', '}', 2);
    expect(text.split('\n')[0]).toBe('{'); // pretty-printed: read as one object, not as NDJSON
    await expectRefused(tempFile('deep-object.json', text), 0, '1 job');
  });
});

function readLines(file: string): string[] {
  return readFileSync(file, 'utf8').trim().split('\n');
}

describe('a file whose name says one format and whose bytes another', () => {
  const workbook = fileURLToPath(new URL('../fixtures/workbooks/libreoffice-jobs.xlsx', import.meta.url));
  const csvText = readFileSync(fileURLToPath(new URL('../fixtures/workbooks/libreoffice-jobs.csv', import.meta.url)), 'utf8');
  const bytes = (name: string, content: Uint8Array) => {
    const file = tempFile(name, '');
    writeFileSync(file, content);
    return file;
  };

  it.each([
    ['a workbook named .csv', () => bytes('workbook.csv', readFileSync(workbook)), 'is a workbook, not CSV as its name says: read as a workbook'],
    ['a workbook named .json', () => bytes('workbook.json', readFileSync(workbook)), 'is a workbook, not JSON as its name says: read as a workbook'],
    ['CSV text named .xlsx', () => tempFile('text.xlsx', csvText), 'is CSV, not a workbook as its name says: read as CSV'],
    ['CSV text named .json', () => tempFile('text.json', csvText), 'is CSV, not JSON as its name says: read as CSV'],
  ])('reads %s by its bytes, with a note naming both', async (_what, make, note) => {
    const res = await batch(sandbox.current.baseUrl, make(), ['--dry-run']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain(note);
    expect(res.stdout).toBe('3 jobs valid; nothing sent\n');
  });

  it('reads JSON named .csv as JSON, with a note', async () => {
    const file = tempFile('jobs-json.csv', JSON.stringify(jobs('Json As Csv', 2)));
    const res = await batch(sandbox.current.baseUrl, file, ['--dry-run']);
    expect(res.code, res.stderr).toBe(0);
    expect(res.stderr).toContain('is JSON, not CSV as its name says: read as JSON');
    expect(res.stdout).toBe('2 jobs valid; nothing sent\n');
  });

  it.each([
    ['an OLE compound file (.xls) named .csv', 'old.csv', [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0], 'is an OLE compound file (an Excel 97-2003 workbook, .xls, or a workbook protected with a password)'],
    ['an OpenDocument spreadsheet named .csv', 'sheet.csv', [...Buffer.from('PK\u0003\u0004'), ...Array<number>(26).fill(0), ...Buffer.from('mimetypeapplication/vnd.oasis.opendocument.spreadsheet')], 'is an OpenDocument spreadsheet (.ods)'],
    ['a PDF named .json', 'jobs.json', [...Buffer.from('%PDF-1.7\n')], 'is a PDF document'],
    ['gzip named .csv', 'jobs.csv', [0x1f, 0x8b, 8, 0], 'is compressed with gzip'],
  ])('refuses %s, saying what it is', async (_what, name, content, said) => {
    proxy.reset();
    const res = await batch(proxy.baseUrl, bytes(name, Uint8Array.from(content)));
    expect(res.code).toBe(2);
    expect(res.stderr).toContain(`${name} ${said}; not read, nothing was sent`);
    expect(posts(proxy)).toHaveLength(0);
  });
});
