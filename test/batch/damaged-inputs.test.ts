// Inputs a damaged or hostile file can hold, over real HTTP against the sandbox: a line or a CSV
// row over the 1 MiB cap is an error naming it (exit 2, nothing sent), a header of 100,000 columns
// is refused, unknown fields are one warning, a journal's damaged tail is skipped with one note,
// and `__proto__`, `constructor`, `prototype` are plain fields: never inherited, sent as given.
import { appendFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { csvRecord } from '../../src/terminal/csv.js';
import { runCli } from '../helpers/cli.js';
import { useSandbox, validJob, words } from '../helpers/sandbox.js';
import { batch, countTitle, journalPath, parseJson, posts, tempFile, useRecordingProxy } from './helpers.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);
const MB = 1_000_000;

const line = (title: string, extra: Record<string, unknown> = {}) => JSON.stringify(validJob({ title, ...extra }));
const warnings = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('warning:'));

describe('a line over the cap', () => {
  it('a 16 MB NDJSON line is an error naming its line: exit 2, nothing sent', async () => {
    const file = tempFile('long-line.ndjson', `${line('Long Line 0')}\n${line('x'.repeat(16 * MB))}\n${line('Long Line 2')}\n`);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--json']);
    expect(res.code, res.stderr.slice(0, 2000)).toBe(2);
    const error = parseJson(res.stderr.trim().split('\n').at(-1)!).error;
    expect(error.message).toContain('1 of 3 jobs in');
    expect(error.details).toEqual([{ item: 1, field: 'line 2', message: expect.stringContaining('is longer than 1,048,576 characters') }]);
    expect(res.stderr.length).toBeLessThan(5000); // the line is not echoed
    expect(proxy.requests).toHaveLength(0);
    expect(countTitle(sandbox.current, 'Long Line 0')).toBe(0);
  });

  it('a first line over the cap is named too (the format is told from its start)', async () => {
    const file = tempFile('long-first.ndjson', `${line('y'.repeat(2 * MB))}\n${line('Long First 1')}\n`);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr.slice(0, 2000)).toBe(2);
    expect(res.stderr).toContain('- item 0 line 1: is longer than 1,048,576 characters');
    expect(proxy.requests).toHaveLength(0);
  });

  it('a line of 1,000,000 characters is read and sent', async () => {
    const title = 'Long Description Job';
    const description = `${words(110)} ${'z'.repeat(999_000)}`;
    const file = tempFile('long-ok.ndjson', `${line(title, { description })}\n`);
    const res = await batch(sandbox.current.baseUrl, file);
    expect(res.code, res.stderr.slice(0, 2000)).toBe(0);
    expect(countTitle(sandbox.current, title)).toBe(1);
  });
});

const HEADER = ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId'];
const row = (title: string, description = words(120)) => csvRecord([title, description, 'Austin, TX, USA', 101, 501]);

describe('CSV caps', () => {
  it('a 52 MB cell is an error naming its row and column: exit 2, nothing sent', async () => {
    const file = tempFile('long-cell.csv', `${csvRecord(HEADER)}${row('Cell Job 2')}${row('Cell Job 3', 'd'.repeat(52 * MB))}${row('Cell Job 4')}`);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--json']);
    expect(res.code, res.stderr.slice(0, 2000)).toBe(2);
    const error = parseJson(res.stderr.trim().split('\n').at(-1)!).error;
    expect(error.details).toEqual([
      expect.objectContaining({ row: 3, column: 'description', message: expect.stringContaining('the row is longer than 1,048,576 characters') }),
    ]);
    expect(res.stderr.length).toBeLessThan(5000);
    expect(proxy.requests).toHaveLength(0);
  });

  it('a header of 100,000 unknown columns is refused naming row 1, in one error, nothing sent', async () => {
    const extra = Array.from({ length: 100_000 }, (_, i) => `extra${i}`);
    const file = tempFile('wide.csv', `${csvRecord([...HEADER, ...extra])}${csvRecord(['Wide Job', words(120), 'Austin, TX, USA', 101, 501, ...extra.map(() => 'v')])}`);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('row 1: has 100,005 columns; a batch file has at most 500');
    expect(res.stderr.split('\n').length).toBeLessThan(10);
    expect(proxy.requests).toHaveLength(0);
  });

  it('300 unknown columns: one warning naming the first five and counting the rest', async () => {
    const extra = Array.from({ length: 300 }, (_, i) => `extra${i}`);
    const file = tempFile('many-unknown.csv', `${csvRecord([...HEADER, ...extra])}${csvRecord(['Many Unknown Job', words(120), 'Austin, TX, USA', 101, 501, ...extra.map(() => 'v')])}`);
    const res = await batch(sandbox.current.baseUrl, file, ['--dry-run']);
    expect(res.code, res.stderr).toBe(0);
    expect(warnings(res.stderr)).toEqual([
      'warning: 300 columns are not fields recruit knows; their cells are passed through to the service as text: ' +
        '"extra0" (in 1 row), "extra1" (in 1 row), "extra2" (in 1 row), "extra3" (in 1 row), "extra4" (in 1 row) and 295 more',
    ]);
  });

  it('NDJSON items with 40 unknown fields: one warning', async () => {
    const fields = Object.fromEntries(Array.from({ length: 40 }, (_, i) => [`f${i}`, i]));
    const file = tempFile('many-fields.ndjson', `${line('Many Fields 0', fields)}\n${line('Many Fields 1', { f0: 1 })}\n`);
    const res = await batch(sandbox.current.baseUrl, file, ['--dry-run']);
    expect(res.code, res.stderr).toBe(0);
    expect(warnings(res.stderr)).toEqual([
      'warning: 40 unknown fields are passed through to the service as they are: "f0" (in 2 items), "f1" (in 1 item), "f2" (in 1 item), "f3" (in 1 item), "f4" (in 1 item) and 35 more',
    ]);
  });
});

describe('a journal with a damaged tail', () => {
  it('a 32 MB tail without a newline (a power loss): the re-run creates nothing again and says so once', async () => {
    const file = tempFile('damaged-journal.ndjson', `${line('Damaged Journal 0')}\n${line('Damaged Journal 1')}\n`);
    const first = await batch(proxy.baseUrl, file, ['--verbose']);
    expect(first.code, first.stderr).toBe(0);
    const journal = journalPath(first.stderr);
    appendFileSync(journal, `{"type":"sent","id":"${'g'.repeat(32 * MB)}`);
    proxy.reset();
    const again = await batch(proxy.baseUrl, file);
    expect(again.code, again.stderr).toBe(0);
    expect(posts(proxy)).toHaveLength(0);
    expect(again.stderr.split('\n').filter((l) => l.includes('damaged line'))).toEqual([
      `note: the journal ${journal} has 1 damaged line (longer than any line it writes, as a power loss can leave); it was skipped, the rest of the journal is used`,
    ]);
    expect(countTitle(sandbox.current, 'Damaged Journal 0')).toBe(1);
    expect(countTitle(sandbox.current, 'Damaged Journal 1')).toBe(1);
  });
});

describe('__proto__, constructor and prototype in a JSON item', () => {
  it.each(['__proto__', 'constructor', 'prototype'])('"%s" holding a title gives no title: --dry-run names the missing title', async (key) => {
    const item = { ...validJob(), [key]: { title: 'Inherited' } };
    delete item.title;
    const file = tempFile(`inherit-${key}.ndjson`, `${JSON.stringify(item)}\n`);
    expect(JSON.parse(JSON.stringify(item))).toHaveProperty([key]);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--dry-run']);
    expect(res.code, res.stderr).toBe(2);
    expect(res.stderr).toContain('- item 0 title: is required');
    expect(proxy.requests).toHaveLength(0);
  });

  it('with a title, the three are sent as plain fields, as the warning says', async () => {
    const text = `{"title":"Proto Job","__proto__":{"title":"Inherited"},"constructor":{"x":1},"prototype":"p",${JSON.stringify(validJob()).slice(1).replace(/"title":"[^"]*",/, '')}\n`;
    const file = tempFile('proto-sent.ndjson', text);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    expect(warnings(res.stderr)).toEqual([
      'warning: 3 unknown fields are passed through to the service as they are: "__proto__" (in 1 item), "constructor" (in 1 item), "prototype" (in 1 item)',
    ]);
    const [sent] = posts(proxy);
    const body = JSON.parse(sent!.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['__proto__', 'constructor', 'prototype']));
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toEqual({ title: 'Inherited' });
    expect(body.constructor).toEqual({ x: 1 });
    expect(body.title).toBe('Proto Job');
  });

  it('a CSV column named __proto__ is sent as a plain field too', async () => {
    const file = tempFile('proto.csv', `${csvRecord([...HEADER, '__proto__'])}${csvRecord(['Proto Csv Job', words(120), 'Austin, TX, USA', 101, 501, 'cell'])}`);
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    const body = JSON.parse(posts(proxy)[0]!.body) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toBe('cell');
  });
});

describe('__proto__ in the patch of jobs update', () => {
  it.each([
    ['--file', (file: string) => ['--file', file]],
    ['--set', () => ['--set', '__proto__={"description":"short"}']],
  ])('%s: the key is a plain field, checked as unknown and sent as given, never read as the patch\'s own description', async (_name, args) => {
    const created = await batch(sandbox.current.baseUrl, tempFile('proto-update-target.ndjson', `${line('Proto Update Target')}\n`), ['--json']);
    const id = String(parseJson(created.stdout)[0].jobId);
    const file = tempFile('proto-patch.json', '{"__proto__":{"description":"short"},"location":"Berlin, Germany"}');
    proxy.reset();
    const res = await runCli(['--base-url', proxy.baseUrl, 'jobs', 'update', id, '--location', 'Berlin, Germany', ...args(file)], { env: { RECRUIT_TOKEN: 'sbx_direct_full' } });
    expect(res.stderr).not.toContain('description');
    expect(res.stderr).toContain('__proto__: not a known job field; sent as given');
    const patch = proxy.requests.find((r) => r.method === 'PATCH');
    expect(patch, res.stderr).toBeDefined();
    const body = JSON.parse(patch!.body) as Record<string, unknown>;
    expect(Object.getOwnPropertyDescriptor(body, '__proto__')?.value).toEqual({ description: 'short' });
    expect(Object.hasOwn(body, 'description')).toBe(false);
  });
});
