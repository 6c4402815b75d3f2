// Damaged inputs cost one pass and bounded memory, proved on the built executable in a child
// process: the child's peak RSS (getrusage, written at exit by a preloaded script) stays far under
// what holding the damage would take, and the child runs with a V8 heap of 64 MB, which a reader
// that kept a 32 MB line (or rebuilt it per chunk, as a quadratic reader does) cannot fit in: it
// then dies, and the test fails on its exit, whatever the machine's speed.
import { appendFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvRecord } from '../../src/terminal/csv.js';
import { runMeasured, type Measured } from '../helpers/peak-rss.js';
import { ensureFreshBuild } from '../helpers/fresh-build.js';
import { useSandbox, validJob, words } from '../helpers/sandbox.js';
import { batch, countTitle, journalPath, tempFile } from './helpers.js';

const MiB = 1024 * 1024;
/** Well under what the damage would cost held (32 to 52 MB, twice over as text), well over a run's ~70 MB. */
const RSS_BOUND_BYTES = 160 * MiB;

const sandbox = useSandbox({ activeJobLimit: 1000 });
const env = { RECRUIT_TOKEN: 'sbx_direct_full' };
beforeAll(ensureFreshBuild, 60_000);

/** The built CLI with a 64 MB V8 heap, and its peak RSS. */
function measured(args: string[]): Promise<Measured> {
  return runMeasured(['--base-url', sandbox.current.baseUrl, ...args], { env, nodeOptions: '--max-old-space-size=64', timeoutMs: 120_000 });
}

const line = (title: string, extra: Record<string, unknown> = {}) => JSON.stringify(validJob({ title, ...extra }));

describe('damaged inputs in bounded memory (built executable)', () => {
  it('a journal with a 32 MiB tail without a newline: the re-run creates nothing twice, notes it once, in bounded memory', { timeout: 180_000 }, async () => {
    const items = Array.from({ length: 20 }, (_, i) => line(`Tail Journal ${i}`));
    const file = tempFile('tail-journal.ndjson', `${items.join('\n')}\n`);
    const first = await batch(sandbox.current.baseUrl, file, ['--verbose']);
    expect(first.code, first.stderr).toBe(0);
    const journal = journalPath(first.stderr);
    appendFileSync(journal, `{"type":"created","id":"${'\u0000garbage'.repeat(4 * MiB)}`);

    const again = await measured(['jobs', 'create', '--file', file]);
    expect(again.code, again.stderr.slice(-1000)).toBe(0);
    expect(again.stderr.match(/damaged line/g)).toHaveLength(1);
    expect(again.stderr).toContain('nothing to send: 20 of 20 jobs were created in an earlier run');
    for (let i = 0; i < 20; i++) expect(countTitle(sandbox.current, `Tail Journal ${i}`)).toBe(1);
    expect(again.peakRssBytes).toBeGreaterThan(10 * MiB); // a real measurement, not a zero
    expect(again.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  });

  it('a 16 MiB NDJSON line: exit 2 naming the line, nothing sent, in bounded memory', { timeout: 180_000 }, async () => {
    const file = tempFile('mem-long-line.ndjson', `${line('Mem Long 0')}\n${line('x'.repeat(16 * MiB))}\n`);
    const res = await measured(['jobs', 'create', '--file', file]);
    expect(res.code, res.stderr.slice(-1000)).toBe(2);
    expect(res.stderr).toContain('- item 1 line 2: is longer than 1,048,576 characters');
    expect(countTitle(sandbox.current, 'Mem Long 0')).toBe(0);
    expect(res.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  });

  it('a 52 MiB CSV cell: exit 2 naming its row and column, nothing sent, in bounded memory', { timeout: 180_000 }, async () => {
    const header = ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId'];
    const row = (title: string, description: string) => csvRecord([title, description, 'Austin, TX, USA', 101, 501]);
    const file = tempFile('mem-long-cell.csv', `${csvRecord(header)}${row('Mem Cell 2', words(120))}${row('Mem Cell 3', 'd'.repeat(52 * MiB))}`);
    const res = await measured(['jobs', 'create', '--file', file]);
    expect(res.code, res.stderr.slice(-1000)).toBe(2);
    expect(res.stderr).toMatch(/row 3, column description: not valid CSV: the row is longer than 1,048,576 characters/);
    expect(countTitle(sandbox.current, 'Mem Cell 2')).toBe(0);
    expect(res.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  });

  it('a CSV data row of 52 MiB of empty cells: exit 2 naming its row (not "title is required"), nothing sent, in bounded memory', { timeout: 180_000 }, async () => {
    const header = ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId'];
    const file = tempFile('mem-empty-cells.csv', `${csvRecord(header)}${csvRecord(['Mem Commas 2', words(120), 'Austin, TX, USA', 101, 501])}${','.repeat(52 * MiB)}\n`);
    const res = await measured(['jobs', 'create', '--file', file]);
    expect(res.code, res.stderr.slice(-1000)).toBe(2);
    expect(res.stderr).toContain('row 3: not valid CSV: the row is longer than 2,097,152 characters in the file');
    expect(res.stderr).not.toContain('is required');
    expect(countTitle(sandbox.current, 'Mem Commas 2')).toBe(0);
    expect(res.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  });

  it('a 40 MiB JSON array: exit 2 naming the 32 MiB cap and NDJSON, nothing sent, nothing read whole', { timeout: 180_000 }, async () => {
    const one = line('Mem Array');
    const count = Math.ceil((40 * MiB) / one.length);
    const file = tempFile('mem-big-array.json', `[${Array.from({ length: count }, (_, i) => line(`Mem Array ${i}`)).join(',\n')}]`);
    const res = await measured(['jobs', 'create', '--file', file]);
    expect(res.code, res.stderr.slice(-1000)).toBe(2);
    expect(res.stderr).toMatch(/is 4\d\.\d MiB; a JSON array is read whole, and may be at most 32 MiB/);
    expect(res.stderr).toContain('write it as NDJSON');
    expect(countTitle(sandbox.current, 'Mem Array 0')).toBe(0);
    expect(res.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  });

  it('a JSON document nested ten million levels deep (20 MB): exit 2 naming the depth and where, in bounded memory', { timeout: 180_000 }, async () => {
    const file = tempFile('mem-deep.json', `${'['.repeat(10_000_000)}${']'.repeat(10_000_000)}`);
    const res = await measured(['jobs', 'create', '--file', file]);
    expect(res.code, res.stderr.slice(-1000)).toBe(2);
    expect(res.stderr).toContain('is nested more than 200,000 levels deep at line 1, column 200001: not read');
    expect(res.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  });

  it('a 1,000-row workbook with a cell in column XFD on each row: exit 2 naming the column cap before any cell is read, in bounded memory', { timeout: 180_000 }, async () => {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Jobs');
    sheet.getRow(1).values = ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId'];
    for (let r = 2; r <= 1000; r++) {
      sheet.getRow(r).values = [`Mem Wide ${r}`, words(110), 'Austin, TX, USA', 101, 501];
      sheet.getRow(r).getCell(16_384).value = 'far right';
    }
    const file = tempFile('mem-wide.xlsx', '');
    await book.xlsx.writeFile(file);
    const res = await measured(['jobs', 'create', '--file', file]);
    expect(res.code, res.stderr.slice(-1000)).toBe(2);
    expect(res.stderr).toContain('has a cell in column XFD (cell XFD2, column 16,384); a workbook\'s cells may stand in its first 500 columns (A to SF)');
    expect(res.stderr).toContain('delete the columns right of the jobs');
    expect(countTitle(sandbox.current, 'Mem Wide 2')).toBe(0);
    expect(res.peakRssBytes).toBeLessThan(RSS_BOUND_BYTES);
  });
});
