// Property: whatever text a job holds, the CSV writer (`--csv` to a pipe, `--output <file>.csv` for
// Excel) and the batch reader (decoder, separator, parser, readCell) give it back unchanged; and the
// JSON export's escaping is the same text to a JSON parser.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvRecord, type CsvFlavour } from '../../src/terminal/csv.js';
import { escapeJson } from '../../src/core/sanitize.js';
import { csvItemBatches, type CsvPass } from '../../src/jobs/batch/csv-items.js';
import { decodeBytes } from '../../src/terminal/text-input.js';

const HEADER = ['title', 'description', 'location', 'jobFunction', 'employerTypeId', 'jobCode', 'qualifications'];

/** Text with what spreadsheets and terminals stumble on: formula starts, quotes, separators, controls, bidi, joiners, CJK, combining marks. */
const hostile = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .array(
      fc.constantFrom("'", '=', '+', '-', '@', '\t', '\r', '\n', '\r\n', '"', ',', ';', ' ', '\u200c', '\u200d', '\u200f', '\u200e', '\u202e', '👩\u200d💻', '数据', 'e\u0301', '\u0000', '\u0007', '\u001b', '\ufeff', '00042', '1/2', '="x"', 'a', '0'),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
);

async function readBack(text: string, flavour: CsvFlavour, bom: boolean): Promise<Record<string, unknown>> {
  const row = ['t', 'd', 'Austin, TX, USA', '103', 504, text, text];
  const csv = csvRecord(HEADER, flavour) + csvRecord(row, flavour);
  const bytes = Buffer.from(`${bom ? '\ufeff' : ''}${csv}`, 'utf8');
  const decoded = (await decodeBytes(bytes)).text;
  const pass: CsvPass = { existing: 0 };
  const items = [];
  for await (const batch of csvItemBatches((async function* () { yield decoded; })(), 'property.csv', pass)) items.push(...batch);
  expect(items).toHaveLength(1);
  expect(items[0]!.problems ?? []).toEqual([]);
  return items[0]!.value as Record<string, unknown>;
}

describe('CSV writer and reader (property)', () => {
  it('a pipe (plain RFC 4180) and an Excel file give every text back as it was', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, fc.constantFrom<CsvFlavour>('plain', 'excel'), async (text, flavour) => {
        fc.pre(text.trim() !== ''); // an empty or blank cell is an absent field
        const value = await readBack(text, flavour, flavour === 'excel');
        expect(value.qualifications).toBe(text);
        expect(value.jobCode).toBe(text);
      }),
      { numRuns: 400 },
    );
  });

  it('JSON: the escaped export is the same text to a parser', () => {
    fc.assert(
      fc.property(hostile, (text) => {
        expect(JSON.parse(escapeJson(JSON.stringify({ title: text })))).toEqual({ title: text });
      }),
    );
  });
});
