// The workbook reader (src/jobs/batch/xlsx-items.ts) on workbooks built here and on files written by
// real programs (test/fixtures/workbooks/README.md): each cell read as the text a CSV export holds,
// by the workbook's date system and the cell's number format, formulas by their cached result of any
// type, strings with OOXML's `_xHHHH_` escapes undone whether shared or inline, strict OOXML alike.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { xlsxItemBatches } from '../../src/jobs/batch/xlsx-items.js';
import type { CsvPass } from '../../src/jobs/batch/csv-items.js';
import { sheetXml, workbook, workbookParts, zip, type BookOptions, type SheetCell } from '../helpers/xlsx.js';
import { bytesFile } from './xlsx-jobs.js';

const HEADER = ['title', 'description', 'location', 'jobFunctionId', 'employerTypeId', 'jobCode', 'qualifications', 'publishToCareerPage', 'salaryMin'];

interface Read {
  row: number;
  cells: string[];
  /** The reader's own problems, by column: `cell H5 ...`. */
  problems: Record<string, string>;
}

async function read(file: string): Promise<Read[]> {
  const pass: CsvPass = { existing: 0 };
  const rows: Read[] = [];
  for await (const batch of xlsxItemBatches(file, file, pass)) {
    for (const item of batch) {
      const problems = Object.fromEntries((item.problems ?? []).filter((p) => p.message.startsWith('cell ')).map((p) => [p.field, p.message]));
      rows.push({ row: item.row!, cells: JSON.parse(item.text!) as string[], problems });
    }
  }
  return rows;
}

let n = 0;
const built = (rows: ReadonlyArray<readonly SheetCell[] | null>, options: BookOptions = {}) => read(bytesFile(`reader-${n++}.xlsx`, workbook([{ name: 'Jobs', rows: [HEADER, ...rows] }], options)));
const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/workbooks/${name}`, import.meta.url));
const job = (cells: Record<string, SheetCell>): SheetCell[] => HEADER.map((h) => cells[h] ?? (h === 'title' ? 'Reader Job' : null));
const column = (rows: Read[], name: string) => rows.map((r) => r.cells[HEADER.indexOf(name)]);

/** Styles whose cellXfs are, in order: General, `00000`, `yyyy-mm-dd`, `@`, built-in 14 (a date), `hh:mm`, `"day "0` (quoted: no date), `[Red]0.00` (bracketed: no date). */
const STYLES = `<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><numFmts count="5"><numFmt numFmtId="164" formatCode="00000"/><numFmt numFmtId="165" formatCode="yyyy\\-mm\\-dd"/><numFmt numFmtId="166" formatCode="hh:mm"/><numFmt numFmtId="167" formatCode="&quot;day &quot;0"/><numFmt numFmtId="168" formatCode="[Red]0.00"/></numFmts><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="8"><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="49"/><xf numFmtId="14"/><xf numFmtId="166"/><xf numFmtId="167"/><xf numFmtId="168"/></cellXfs></styleSheet>`;
const styled = (style: number, v: string): SheetCell => ({ raw: ` s="${style}"`, body: `<v>${v}</v>` });

describe('workbook dates by the workbook\'s date system', () => {
  it('1904 (date1904 "true" as LibreOffice writes it, and "1"): 2026-03-01 reads 2026-03-01, and its first days', async () => {
    // 2026-03-01 is serial 46082 in the 1900 system, 44620 in the 1904 system.
    for (const date1904 of ['true', '1']) {
      const rows = await built([job({ qualifications: styled(2, '44620') }), job({ qualifications: styled(4, '0') }), job({ qualifications: styled(2, '1.5') })], { styles: STYLES, date1904 });
      expect(column(rows, 'qualifications'), date1904).toEqual(['2026-03-01', '1904-01-01', '1904-01-02T12:00:00']);
    }
    const plain = await built([job({ qualifications: styled(2, '44620') }), job({ qualifications: styled(2, '46082') })], { styles: STYLES, date1904: 'false' });
    expect(column(plain, 'qualifications')).toEqual(['2022-02-28', '2026-03-01']);
  });

  it('1900: serial 1 is 1900-01-01, 59 is 1900-02-28, 60 the nonexistent 1900-02-29 (the leap-year bug), 61 is 1900-03-01; a time alone', async () => {
    const serials = ['1', '59', '60', '61', '0.25', '45987.5'];
    const rows = await built(serials.map((v) => job({ qualifications: styled(4, v) })), { styles: STYLES });
    expect(column(rows, 'qualifications')).toEqual(['1900-01-01', '1900-02-28', '1900-02-29', '1900-03-01', '06:00:00', '2025-11-26T12:00:00']);
  });

  it('date formats: built-in ids and codes with d, m, y, h or s outside quotes and brackets', async () => {
    const rows = await built([job({ qualifications: styled(5, '0.5') }), job({ qualifications: styled(6, '7') }), job({ qualifications: styled(7, '7') })], { styles: STYLES });
    expect(column(rows, 'qualifications')).toEqual(['12:00:00', '7', '7']);
  });
});

describe('numbers as their format shows them', () => {
  it('a number formatted 00000 reads 00042; a number in a text format (@) as its digits', async () => {
    const rows = await built([job({ jobCode: styled(1, '42'), qualifications: styled(3, '12345') }), job({ jobCode: styled(1, '-7'), qualifications: styled(1, '42.5') })], { styles: STYLES });
    expect(column(rows, 'jobCode')).toEqual(['00042', '-00007']);
    expect(column(rows, 'qualifications')).toEqual(['12345', '42.5']);
  });

  it('an integer beyond 2^53 is the file\'s own digits, never rounded; a fraction beyond it is refused naming the cell; 1e-7 in plain notation', async () => {
    const rows = await built([
      job({ jobCode: { raw: '', body: '<v>123456789012345678</v>' }, qualifications: { raw: '', body: '<v>1.5E+20</v>' }, salaryMin: { raw: '', body: '<v>1e-7</v>' } }),
      job({ qualifications: { raw: '', body: '<v>9007199254740993.5</v>' } }),
    ]);
    expect(rows[0]!.cells.slice(5, 7)).toEqual(['123456789012345678', '150000000000000000000']);
    expect(rows[0]!.cells[8]).toBe('0.0000001');
    expect(rows[1]!.problems.qualifications).toMatch(/^cell G3 holds the number 9007199254740993\.5, which cannot be read exactly/);
  });
});

describe('formulas by their cached result', () => {
  it('0, FALSE, "", a number and a string are read; an error and a formula with no result are refused naming the cell', async () => {
    const rows = await built([
      job({
        description: { raw: '', body: '<f>1-1</f><v>0</v>' },
        location: { raw: ' t="b"', body: '<f>FALSE()</f><v>0</v>' },
        jobCode: { raw: ' t="str"', body: '<f>""</f><v></v>' },
        qualifications: { raw: ' t="str"', body: '<f>"a"&amp;"b"</f><v>ab</v>' },
        salaryMin: { raw: '', body: '<f>SUM(1,2)</f><v>3</v>' },
      }),
      job({ description: { raw: ' t="e"', body: '<f>1/0</f><v>#DIV/0!</v>' }, location: { raw: '', body: '<f>A1</f>' }, jobCode: { raw: '', body: '<f>A1</f><v></v>' } }),
    ]);
    expect(rows[0]!.cells.slice(1, 9)).toEqual(['0', 'false', null, null, '', 'ab', null, '3'].map((c) => c ?? ''));
    expect(rows[0]!.problems).toEqual({});
    expect(rows[1]!.problems).toEqual({
      description: 'cell B3 holds the error #DIV/0! (its formula failed), not a value',
      location: expect.stringMatching(/^cell C3 is a formula with no saved result/),
      jobCode: expect.stringMatching(/^cell F3 is a formula with no saved result/),
    });
  });
});

describe('strings: one decoder of _xHHHH_ for shared and inline strings', () => {
  it('_x000D_ is a carriage return and _x005F_ a literal _, inline and shared alike; phonetic runs are not text', async () => {
    const stored = 'a_x000D_b _x005F_x0041_ c_x0009_d';
    const rows = await built(
      [
        job({ description: { raw: ' t="inlineStr"', body: `<is><t>${stored}</t></is>` }, location: { raw: ' t="s"', body: '<v>0</v>' } }),
        job({ description: { raw: ' t="inlineStr"', body: '<is><r><t>Rich _x000D_</t></r><r><t>run</t></r></is>' }, location: { raw: ' t="s"', body: '<v>1</v>' } }),
      ],
      { sharedStrings: [`<si><t>${stored}</t></si>`, '<si><r><t>東京</t></r><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si>'] },
    );
    expect(column(rows, 'description')).toEqual(['a\rb _x0041_ c\td', 'Rich \rrun']);
    expect(column(rows, 'location')).toEqual(['a\rb _x0041_ c\td', '東京']);
  });

  it("a writer's ' before a formula start is taken off a text cell, shared or inline, as in CSV; a formula's text result keeps it", async () => {
    const rows = await built(
      [
        job({ title: "'@home", location: { raw: ' t="s"', body: '<v>0</v>' }, qualifications: "''Twas", description: "'Twas a quote" }),
        job({ title: "'+49 30 1234", location: { formula: 'A1', result: "'-5" }, qualifications: "'=not a formula" }),
      ],
      { sharedStrings: ["<si><t>'-5 degrees</t></si>"] },
    );
    expect(column(rows, 'title')).toEqual(['@home', '+49 30 1234']);
    expect(column(rows, 'location')).toEqual(['-5 degrees', "'-5"]);
    expect(column(rows, 'qualifications')).toEqual(["'Twas", '=not a formula']);
    expect(column(rows, 'description')).toEqual(["'Twas a quote", '']);
  });

  it('empty styled cells to the last column (XFD, as Gnumeric writes a styled row) are no cells: the sheet is read', async () => {
    const empty = (ref: string) => `<c r="${ref}" s="0"/>`;
    const xml = sheetXml([{ row: 1, cells: HEADER }, { row: 2, cells: job({ jobCode: 'G-1' }) }]).replace('</row>', `${empty('APZ1')}${empty('XFD1')}</row>`);
    const rows = await read(bytesFile(`reader-${n++}.xlsx`, zip(workbookParts([{ name: 'Jobs', xml }]))));
    expect(rows.map((r) => r.cells[HEADER.indexOf('jobCode')])).toEqual(['G-1']);
    expect(rows[0]!.cells).toHaveLength(HEADER.length);
  });

  it('a strict-OOXML workbook (its own namespace and relationship types) is read', async () => {
    const rows = await built([job({ description: 'Strict text', jobCode: 42 })], { strict: true });
    expect(rows[0]!.cells.slice(0, 2)).toEqual(['Reader Job', 'Strict text']);
    expect(rows[0]!.cells[5]).toBe('42');
  });
});

describe('the sheet\'s structure', () => {
  it('a merged area\'s value is its first cell\'s, whatever its other cells keep; prefixed tags (<x:row>) read as any', async () => {
    const xml = sheetXml([
      { row: 1, cells: HEADER },
      { row: 2, cells: job({ description: 'Merged description', location: 'kept by LibreOffice, hidden by the merge', jobCode: 'A-1' }) },
    ])
      .replace('<worksheet xmlns=', '<x:worksheet xmlns:x=')
      .replace(/<(\/?)(sheetData|row|c|is|t)([ >])/g, '<$1x:$2$3')
      .replace('</worksheet>', '<x:mergeCells count="1"><x:mergeCell ref="B2:C2"/></x:mergeCells></x:worksheet>');
    const rows = await read(bytesFile(`reader-${n++}.xlsx`, zip(workbookParts([{ name: 'Jobs', xml }]))));
    expect(rows[0]!.cells.slice(0, 3)).toEqual(['Reader Job', 'Merged description', '']);
    expect(rows[0]!.cells[5]).toBe('A-1');
  });
  it('a chart sheet is no sheet to read: the first worksheet is read', async () => {
    const parts = workbookParts([
      { name: 'Chart', xml: '' },
      { name: 'Jobs', xml: sheetXml([{ row: 1, cells: HEADER }, { row: 2, cells: job({ description: 'After a chart' }) }]) },
    ]).map((part) =>
      part.name === 'xl/_rels/workbook.xml.rels' ? { ...part, data: String(part.data).replace('/worksheet" Target="worksheets/sheet1.xml"', '/chartsheet" Target="chartsheets/sheet1.xml"') } : part,
    );
    const rows = await read(bytesFile(`reader-${n++}.xlsx`, zip(parts)));
    expect(rows[0]!.cells[1]).toBe('After a chart');
  });
});

describe('files written by real programs', () => {
  const first = ['OPX Reader Job', null, 'Austin, TX, USA', '101', '501', '00042', '2026-03-01', 'false', '0.0000001'];
  it('openpyxl (date1904 "1", inline strings, formulas saved without results)', async () => {
    const rows = await read(fixture('openpyxl-reader.xlsx'));
    expect(rows[0]!.cells).toEqual(first.map((c) => c ?? 'Line one\r\nLine two'));
    expect(rows[1]!.cells[5]).toBe('123456789012345700'); // openpyxl wrote 1.234567890123457e+17
    expect(Object.keys(rows[1]!.problems)).toEqual(['description', 'location', 'jobFunctionId', 'qualifications', 'publishToCareerPage']);
  });

  for (const [name, big] of [['libreoffice-reader.xlsx', '123456789012346000'], ['gnumeric-reader.xlsx', '123456789012345700']] as const) {
    it(`${name} (date1904, FALSE as a formula, cached results of every type)`, async () => {
      const rows = await read(fixture(name));
      expect(rows[0]!.cells).toEqual(first.map((c) => c ?? 'Line one\nLine two'));
      expect(rows[1]!.cells).toEqual(['OPX Formula Job', '0', '', 'false', '501', big, 'ab', '', '70000']);
      expect(rows[1]!.problems).toEqual({ publishToCareerPage: 'cell H3 holds the error #DIV/0! (its formula failed), not a value' });
    });
  }
});
