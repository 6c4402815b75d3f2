// A CSV row is measured as the text streams by, its separators and quotes counted, so that a row
// of millions of empty cells is refused before the parser makes them; the row named is the one a
// spreadsheet shows, whatever the line ends (CRLF split between chunks, CR alone) and quoted line breaks.
import { describe, expect, it } from 'vitest';
import { csvItemBatches, MAX_ROW_FILE_CHARS, type CsvPass } from '../../src/jobs/batch/csv-items.js';
import type { RawItem } from '../../src/jobs/batch/raw-item.js';

async function* chunks(parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

async function read(parts: string[]): Promise<RawItem[]> {
  const pass: CsvPass = { existing: 0 };
  const items: RawItem[] = [];
  for await (const batch of csvItemBatches(chunks(parts), 'jobs.csv', pass, { delimiter: ',' })) items.push(...batch);
  return items;
}

const HEADER = 'title,description,location,jobFunctionId,employerTypeId';
const wide = ','.repeat(MAX_ROW_FILE_CHARS + 1);

describe('a row too long in the file', () => {
  for (const [name, eol] of [['LF', '\n'], ['CRLF', '\r\n'], ['CR', '\r']] as const) {
    it(`is named by its row with ${name} line ends, a quoted cell with line breaks counting as one row`, async () => {
      const items = await read([`${HEADER}${eol}a,"one${eol}two${eol}three",c,1,2${eol}${eol}`, wide, eol]);
      expect(items.at(-1)).toMatchObject({ row: 4, errorField: '(row)', error: expect.stringContaining('the row is longer than 2,097,152 characters in the file') });
    });
  }

  it('counts a CRLF split between two chunks once', async () => {
    const items = await read([`${HEADER}\r`, '\na,b,c,1,2\r', '\n', wide]);
    expect(items.at(-1)).toMatchObject({ row: 3, errorField: '(row)' });
  });

  it('lets a row of full cells through: separators and quotes are not its cells', async () => {
    const cell = `"${'x'.repeat(1000)}"`;
    const items = await read([`${HEADER}\n`, `${Array.from({ length: 5 }, () => cell).join(',')}\n`]);
    expect(items).toHaveLength(1);
    expect(items[0]!.error).toBeUndefined();
  });

  it('resets at every row: many long rows, each under the cap, are read', async () => {
    const long = `${'y'.repeat(MAX_ROW_FILE_CHARS / 4)},d,c,1,2\n`;
    const items = await read([`${HEADER}\n`, long, long, long, long, long]);
    expect(items).toHaveLength(5);
    expect(items.every((item) => item.error === undefined || !item.error.includes('in the file'))).toBe(true);
  });
});
