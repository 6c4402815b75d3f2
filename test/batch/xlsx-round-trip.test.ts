// The workbook writer and reader undo each other for any text (property-tested): what `--xlsx`
// writes, `--file x.xlsx` reads back as it was, C0 controls, lone surrogates and text that looks
// like OOXML's own `_xHHHH_` escape included; and the escaped text is always XML 1.0 can carry.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { withTable } from '../../src/terminal/table-format.js';
import { escapeXlsxText } from '../../src/terminal/xlsx-text.js';
import { xlsxItemBatches } from '../../src/jobs/batch/xlsx-items.js';
import type { CsvPass } from '../../src/jobs/batch/csv-items.js';
import type { Output } from '../../src/terminal/io.js';
import { Capture } from '../helpers/cli.js';
import { HOSTILE_PIECES } from '../helpers/hostile-text.js';

const dir = mkdtempSync(join(tmpdir(), 'recruit-xlsx-rt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ctx = { io: { stdout: new Capture(), stderr: new Capture() }, color: { stdout: false }, globals: {} } as unknown as Output;
const FIELDS = ['title', 'description', 'location', 'qualifications'] as const;
const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c));
const hostile = fc.oneof(
  fc.array(fc.constantFrom(...HOSTILE_PIECES), { maxLength: 8 }).map((p) => p.join('')),
  fc.string({ unit: anyUnit, maxLength: 20 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
// eslint-disable-next-line no-control-regex
const NOT_XML = /[\u0000-\u0008\u000b-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

let n = 0;
async function roundTrip(rows: ReadonlyArray<readonly string[]>): Promise<string[][]> {
  const file = join(dir, `rt-${n++}.xlsx`);
  const columns = [...FIELDS.map((f, k) => ({ header: f, value: (r: readonly string[]) => r[k] })), { header: 'jobFunctionId', value: () => 101 }, { header: 'employerTypeId', value: () => 501 }];
  await withTable(ctx, { format: 'xlsx', output: file }, { columns, text: new Set(['title']) }, (w) => w.rows(rows));
  const pass: CsvPass = { existing: 0 };
  const read: string[][] = [];
  for await (const batch of xlsxItemBatches(file, file, pass)) for (const item of batch) read.push((JSON.parse(item.text!) as string[]).slice(0, FIELDS.length));
  rmSync(file);
  return read;
}

describe('workbook text round trip', () => {
  it('the escaped text is all XML 1.0 can carry, with no carriage return for an XML reader to turn into a line feed', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        const stored = escapeXlsxText(text);
        expect(NOT_XML.test(stored)).toBe(false);
        expect(stored).not.toContain('\r');
      }),
      { numRuns: 2000 },
    );
    // As Excel writes them: a control as _x0007_, an underscore before such text as _x005F_.
    expect(escapeXlsxText('a\u0007b\rc\u007f')).toBe('a_x0007_b_x000D_c_x007F_');
    expect(escapeXlsxText('_x0041_ _x')).toBe('_x005F_x0041_ _x');
  });

  it("a text that starts with ' and a formula start is written with a ' more, which the reader takes off: it reads back as it was", async () => {
    const rows = [["'=1+1", "''x", "'@home", "'Twas"], ['=1+1', '@home', '-5', "'"]];
    expect(await roundTrip(rows)).toEqual(rows);
  });

  it('what the writer writes, the reader reads back as it was', { timeout: 120_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(hostile, hostile, hostile, hostile), { minLength: 1, maxLength: 5 }), async (rows) => {
        expect(await roundTrip(rows)).toEqual(rows);
      }),
      { numRuns: 25 },
    );
  });
});
