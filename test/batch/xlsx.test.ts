// Workbook (.xlsx) batch files over real HTTP against the sandbox: one saved by LibreOffice from a
// CSV file (a writer other than exceljs), one written by hand, typed cells as a CSV export would hold
// them, problems named by the spreadsheet's row and column, --sheet, and hostile workbooks refused
// before anything is sent.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { useSandbox, words } from '../helpers/sandbox.js';
import { deflatedRun, sheetXml, workbook, workbookParts, zip, type SheetCell } from '../helpers/xlsx.js';
import { batch, parseJson, posts, tempFile, useRecordingProxy } from './helpers.js';
import { bytesFile, HEADER, row } from './xlsx-jobs.js';

const sandbox = useSandbox({ activeJobLimit: 1000 });
const proxy = useRecordingProxy(sandbox);
const FIXTURE = fileURLToPath(new URL('../fixtures/workbooks/libreoffice-jobs.xlsx', import.meta.url));
const FIXTURE_CSV = fileURLToPath(new URL('../fixtures/workbooks/libreoffice-jobs.csv', import.meta.url));

const stored = (title: string) => [...sandbox.current.store.jobs.values()].filter((j) => j.title === title);

describe('workbook batch files', () => {
  it('a workbook saved by LibreOffice creates exactly the jobs it holds, text intact (codes with leading zeros, accents, CJK, emoji, joiners, marks)', async () => {
    const expected = parse(readFileSync(FIXTURE_CSV), { columns: true }) as Array<Record<string, string>>;
    proxy.reset();
    const res = await batch(proxy.baseUrl, FIXTURE, ['--json']);
    expect(res.code, res.stderr).toBe(0);
    expect(parseJson(res.stdout).map((r: { result: string }) => r.result)).toEqual(['created', 'created', 'created']);
    expect(posts(proxy)).toHaveLength(3);
    for (const want of expected) {
      const [job] = stored(want.title!);
      expect(job, want.title).toBeDefined();
      expect(job).toMatchObject({ jobCode: want.jobCode, description: want.description, location: want.location, employerTypeId: 501 });
    }
    expect(stored('Ingénieur DevOps – Zürich')[0]).toMatchObject({
      jobCode: '00042',
      jobFunctionId: 103,
      salaryMin: 70000,
      salaryMax: 85000.5,
      skills: ['SQL', 'Python'],
      publishToCareerPage: true,
    });
    expect(stored('东京 データ エンジニア 👩\u200d💻')[0]).toMatchObject({ jobCode: 'LO-7', jobFunctionId: 101, publishToCareerPage: false });
    expect(stored('Büroleiter \u200c ناصر \u200f שלום')[0]).toMatchObject({ jobCode: '0007', salaryMin: 1200 });
  });

  it('examples/jobs.xlsx, saved by LibreOffice from examples/jobs.csv, reads as exactly the same jobs', async () => {
    const example = (name: string) => fileURLToPath(new URL(`../../examples/${name}`, import.meta.url));
    const fromCsv = await batch(sandbox.current.baseUrl, example('jobs.csv'), ['--dry-run', '--json']);
    const fromXlsx = await batch(sandbox.current.baseUrl, example('jobs.xlsx'), ['--dry-run', '--json']);
    expect(fromXlsx.code, fromXlsx.stderr).toBe(0);
    expect(parseJson(fromXlsx.stdout)).toHaveLength(3);
    expect(fromXlsx.stdout).toBe(fromCsv.stdout);
  });

  it('a workbook of another writer (inline strings, no styles, no shared strings), --sheet by name: each cell as a CSV export holds it', async () => {
    const file = bytesFile(
      'hand.xlsx',
      workbook([
        { name: 'Notes', rows: [['nothing here']] },
        {
          name: 'Jobs 2026',
          rows: [
            null, // a blank first row: the header is the first row that holds anything
            HEADER,
            row('Hand Job Formula', { salaryMin: { formula: 'SUM(1000,234)', result: 1234 }, qualifications: { formula: 'CONCAT("a","b")', result: 'ab & <c>' } }),
            row(12345, { qualifications: 0.1 + 0.2, publishToCareerPage: true }),
          ],
        },
      ]),
    );
    proxy.reset();
    const res = await batch(proxy.baseUrl, file, ['--sheet', 'jobs 2026']);
    expect(res.code, res.stderr).toBe(0);
    expect(stored('Hand Job Formula')[0]).toMatchObject({ salaryMin: 1234, qualifications: 'ab & <c>' });
    // A number in a text field is its digits, to 15 significant digits as a spreadsheet shows it.
    expect(stored('12345')[0]).toMatchObject({ qualifications: '0.3', publishToCareerPage: true });
    expect(posts(proxy)).toHaveLength(2);

    const first = await batch(proxy.baseUrl, file);
    expect(first.code).toBe(2);
    // The first sheet, Notes, is no table: the sheets are named, and --sheet.
    expect(first.stderr).toContain(`--file ${file}: its sheet "Notes" is not a table of jobs (its first row that holds anything names none of the columns every job needs); the workbook's sheets are:`);
    expect(first.stderr).toMatch(/- Notes\n.*- Jobs 2026\n/s);
    expect(first.stderr).toContain('name the sheet of jobs with --sheet, e.g. --sheet "Jobs 2026"; nothing was sent');
    const table = bytesFile('not-a-table-one-sheet.xlsx', workbook([{ name: 'Notes', rows: [['nothing here']] }]));
    expect((await batch(proxy.baseUrl, table)).stderr).toContain('the header row of'); // one sheet: no other to name
    const missing = await batch(proxy.baseUrl, file, ['--sheet', 'Jobs']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('has no sheet "Jobs"; its sheets are:');
    expect(missing.stderr).toContain('Jobs 2026');
  });

  it('a date cell (a number with a date format, as Excel stores it) reads as ISO 8601, whatever its display format', async () => {
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Jobs');
    sheet.addRow(HEADER);
    sheet.addRow(row('Dated Job', { qualifications: null }));
    const cell = sheet.getRow(2).getCell(HEADER.indexOf('qualifications') + 1);
    cell.value = new Date(Date.UTC(2026, 10, 26));
    cell.numFmt = 'dd/mm/yyyy';
    const file = bytesFile('dated.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    const res = await batch(sandbox.current.baseUrl, file);
    expect(res.code, res.stderr).toBe(0);
    expect(stored('Dated Job')[0]).toMatchObject({ qualifications: '2026-11-26' });
  });

  it('names the row as the spreadsheet numbers it and the column of every problem, and sends nothing', async () => {
    const file = bytesFile(
      'bad.xlsx',
      workbook([
        {
          name: 'Sheet1',
          rows: [
            HEADER, // row 1
            row('Bad Ok'), // row 2
            null, // row 3: blank
            row('Bad Salary', { salaryMin: 'lots' }), // row 4
            row('Bad Formula', { qualifications: { formula: 'A1*2' } }), // row 5: no saved result
          ],
        },
      ]),
    );
    proxy.reset();
    const res = await batch(proxy.baseUrl, file);
    expect(res.code).toBe(2);
    expect(res.stderr).toContain('2 of 3 jobs in');
    expect(res.stderr).toMatch(/row 4.*salaryMin.*must be a number/);
    expect(res.stderr).toMatch(/row 5.*qualifications.*formula with no saved result/);
    expect(res.stderr).toContain('rows are numbered as a spreadsheet shows them');
    expect(posts(proxy)).toHaveLength(0);
  });

  it('a zip bomb, a sheet of too many rows, a lying size and a file that is no zip are refused before anything is sent', { timeout: 60_000 }, async () => {
    const big = await deflatedRun(257 * 1024 * 1024); // deflates to some 256 KB
    const sheet = workbookParts([{ name: 'Sheet1', xml: sheetXml([{ row: 1, cells: HEADER }]) }]);
    const bomb = bytesFile('bomb.xlsx', zip([...sheet, { name: 'xl/media/big.bin', data: '', deflated: big }]));
    const liar = bytesFile('liar.xlsx', zip([...sheet, { name: 'xl/media/big.bin', data: '', deflated: big, claimedSize: 10 }]));
    const strings = bytesFile('strings.xlsx', zip([...sheet, { name: 'xl/sharedStrings.xml', data: '', deflated: await deflatedRun(33 * 1024 * 1024) }]));
    const rows = Array.from({ length: 200_001 }, (_, k) => ({ row: k + 2, cells: [] as SheetCell[] }));
    const tall = bytesFile('tall.xlsx', zip(workbookParts([{ name: 'Sheet1', xml: sheetXml([{ row: 1, cells: HEADER }, ...rows]) }])));
    const notZip = tempFile('not-a-workbook.xlsx', 'title,description\n');
    proxy.reset();
    for (const [file, message] of [
      [bomb, /xl\/media\/big\.bin inflates to more than 256 MiB; one part may hold at most that/],
      [liar, /xl\/media\/big\.bin inflates to more than 256 MiB/],
      [strings, /xl\/sharedStrings\.xml inflates to more than 32 MiB; the shared strings may hold at most that/],
      [tall, /its sheets have more than 200,000 rows/],
      [notZip, /is CSV, not a workbook as its name says: read as CSV\n[^]*has no column location/], // read by its bytes (formats.test.ts)
    ] as const) {
      const res = await batch(proxy.baseUrl, file);
      expect(res.code, res.stderr).toBe(2);
      expect(res.stderr).toMatch(message);
    }
    expect(posts(proxy)).toHaveLength(0);
  });

  it('an encrypted workbook is "protected with a password"; a legacy .xls has its own sentence; nothing is sent', async () => {
    // An encrypted workbook is an OLE compound file (ECMA-376 Part 2) holding an `EncryptedPackage`
    // stream: its signature, then (here in its directory's first sector) the stream's name in UTF-16.
    const compound = Buffer.alloc(4096);
    Buffer.from('d0cf11e0a1b11ae1', 'hex').copy(compound);
    Buffer.from('EncryptedPackage', 'utf16le').copy(compound, 1024 + 128);
    const encrypted = bytesFile('protected.xlsx', compound);
    const legacy = fileURLToPath(new URL('../fixtures/workbooks/libreoffice-legacy.xls', import.meta.url));
    proxy.reset();
    const locked = await batch(proxy.baseUrl, encrypted);
    expect(locked.code).toBe(2);
    expect(locked.stderr).toContain(`--file ${encrypted} is not read: the workbook is protected with a password`);
    expect(locked.stderr).toContain('save an unprotected copy');
    const old = await batch(proxy.baseUrl, legacy, ['--format', 'xlsx']);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain('is not read: it is a legacy Excel 97-2003 workbook (.xls), not an .xlsx workbook');
    expect(posts(proxy)).toHaveLength(0);
  });

  it('a UTF-16 "Unicode Text" .txt goes to the CSV reader with --format csv (the CSV reader decodes it)', async () => {
    const text = `\ufeff${['title\tdescription\tlocation\tjobFunctionId\temployerTypeId', `Unicode Text Job\t${words(110)}\tAustin, TX, USA\t101\t501`].join('\r\n')}\r\n`;
    const file = bytesFile('unicode.txt', Buffer.from(text, 'utf16le'));
    const asJson = await batch(sandbox.current.baseUrl, file, ['--dry-run']);
    expect(asJson.stderr).toContain('is not JSON');
    const asCsv = await batch(sandbox.current.baseUrl, file, ['--dry-run', '--format', 'csv']);
    expect(asCsv.stderr).not.toContain('is not JSON');
    expect(asCsv.stderr + asCsv.stdout).toMatch(/header row|1 job valid/);
  });

  it('--sheet goes with a workbook; a zip given as JSON is read as the workbook it is, with a note', async () => {
    const json = tempFile('jobs.json', '[]');
    const sheetless = await batch(sandbox.current.baseUrl, json, ['--sheet', 'Jobs']);
    expect(sheetless.code).toBe(2);
    expect(sheetless.stderr).toContain('--sheet goes with a workbook');
    const zipped = bytesFile('jobs.bin', workbook([{ name: 'S', rows: [HEADER] }]));
    const res = await batch(sandbox.current.baseUrl, zipped, ['--dry-run']);
    expect(res.stderr).toContain('jobs.bin is a workbook, not JSON: read as a workbook');
    expect(res.stderr).toContain('has no jobs');
    const asXlsx = await batch(sandbox.current.baseUrl, zipped, ['--format', 'xlsx', '--dry-run']);
    expect(asXlsx.stderr).toContain('has no jobs');
  });
});
