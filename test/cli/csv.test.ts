// The CSV writer (--csv) and the batch reader's cells: RFC 4180 quoting, formulas neutralised and
// read back, numbers, booleans and lists, and the header's checks.
import { describe, expect, it } from 'vitest';
import { csvCell, csvRecord, readCell } from '../../src/terminal/csv.js';
import { CsvHeader, readRow } from '../../src/jobs/batch/csv-row.js';
import type { CliError } from '../../src/core/errors.js';

describe('csvCell', () => {
  it('quotes cells with commas, quotes, line breaks or spaces at either end, and doubles quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('Austin, TX, USA')).toBe('"Austin, TX, USA"');
    expect(csvCell('5" screen')).toBe('"5"" screen"');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('two\r\nlines')).toBe('"two\r\nlines"'); // data: the CR stays
    expect(csvCell(' padded')).toBe('" padded"');
    expect(csvCell('')).toBe('');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('prefixes text a spreadsheet would run as a formula with a quote (OWASP), and quotes it when needed', () => {
    for (const text of ['=1+1', '+49 30 1234', '-50% sale', '@SUM(A1)']) expect(csvCell(text)).toBe(`'${text}`);
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('\tindented')).toBe(`'\tindented`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    // On a terminal a carriage return is a control: escaped first, so nothing is left to neutralise.
    expect(csvCell('\r=1', 'terminal')).toBe('\\x0d=1');
    expect(csvCell('a=b')).toBe('a=b');
    // A leading quote of the text's own is neutralised too, so that the reader's rule is exact.
    expect(csvCell("'=1+1 literal")).toBe("''=1+1 literal");
    expect(csvCell("'plain")).toBe("''plain");
  });

  it('writes numbers as numbers, negative ones too, and booleans as true/false', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(150000)).toBe('150000');
    expect(csvCell(12.5)).toBe('12.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(false)).toBe('false');
  });

  it('escapes terminal controls on a terminal only: a file or a pipe gets the text as it is', () => {
    expect(csvCell('bad\u001b[31mred', 'terminal')).toBe('bad\\e[31mred');
    expect(csvCell('bad\u001b[31mred')).toBe('bad\u001b[31mred');
    expect(csvCell('می\u200cخواهم \u200fRLM')).toBe('می\u200cخواهم \u200fRLM');
  });

  it('for Excel, writes text Excel would take for a number or a date as ="…", which reads back as the text', () => {
    for (const text of ['00042', '007', '1/2', '3-4', '1e5', '12%', '10:30', 'TRUE', '12345678901234567890']) {
      expect(csvCell(text, 'excel')).toBe(`"=""${text}"""`);
      expect(readCell(`="${text}"`)).toBe(text);
      expect(csvCell(text)).toBe(text); // a pipe: plain
    }
    expect(csvCell('Data Engineer', 'excel')).toBe('Data Engineer');
    expect(csvCell('-5', 'excel')).toBe("'-5");
  });

  it('ends every record with CRLF', () => {
    expect(csvRecord(['a', 1, null, 'b,c'])).toBe('a,1,,"b,c"\r\n');
  });
});

const HEADER = ['title', 'description', 'location', 'jobFunction', 'employerTypeId', 'salaryMin', 'skills', 'publishToCareerPage', 'departmentId', 'costCentre'];

function row(cells: Record<string, string>): string[] {
  return HEADER.map((h) => cells[h] ?? '');
}

describe('readRow', () => {
  const header = new CsvHeader(HEADER, 'jobs.csv');

  it('makes a job of a row: empty cells absent, numbers, lists at ;, yes/no, ids, unknown columns as text', () => {
    const read = readRow(
      header,
      row({ title: 'Data Engineer', description: 'd', location: 'Berlin, Germany', jobFunction: 'Data Engineering', employerTypeId: ' 501 ', salaryMin: '90000.50', skills: 'SQL; Python;', publishToCareerPage: 'Yes', costCentre: '0042' }),
      3,
    );
    expect(read).toEqual({
      kind: 'job',
      problems: [],
      value: {
        title: 'Data Engineer',
        description: 'd',
        location: 'Berlin, Germany',
        jobFunction: 'Data Engineering',
        employerTypeId: 501,
        salaryMin: 90000.5,
        skills: ['SQL', 'Python'],
        publishToCareerPage: true,
        costCentre: '0042',
      },
    });
  });

  it('names the column of a cell that is not a number or a boolean', () => {
    const read = readRow(header, row({ title: 't', salaryMin: '90,0000', publishToCareerPage: 'maybe' }), 7);
    expect(read.kind === 'job' && read.problems).toEqual([
      { item: 7, field: 'salaryMin', message: 'must be a number, such as 1200, 70,000 or 12.5 (no currency), got "90,0000"' },
      { item: 7, field: 'publishToCareerPage', message: 'must be true, false, yes or no, got "maybe"' },
    ]);
  });

  it('reads a number with thousands separators as a flag and the wizard do: 90,000 is 90000', () => {
    const read = readRow(header, row({ title: 't', salaryMin: '90,000' }), 0);
    expect(read.kind === 'job' && read.problems).toEqual([]);
    expect(read.kind === 'job' && read.value).toMatchObject({ salaryMin: 90000 });
  });

  it('takes back the quote --csv put before a formula, and nothing else', () => {
    expect(readCell("'=1+1")).toBe('=1+1');
    expect(readCell("'-5")).toBe('-5');
    expect(readCell("'quoted'")).toBe("'quoted'");
    const read = readRow(header, row({ title: "'-50% sale", departmentId: "'+7" }), 0);
    expect(read.kind === 'job' && read.value).toMatchObject({ title: '-50% sale', departmentId: '+7' });
  });

  it('skips blank rows and rows with an id, and refuses a row whose cells do not match the header', () => {
    expect(readRow(header, [''], 0)).toEqual({ kind: 'blank' });
    expect(readRow(header, HEADER.map(() => ' '), 0)).toEqual({ kind: 'blank' });
    const withId = new CsvHeader(['id', ...HEADER], 'x.csv');
    expect(readRow(withId, ['12', ...row({ title: 'x' })], 0)).toEqual({ kind: 'existing', id: '12', code: '' });
    const short = readRow(header, ['a', 'b'], 4);
    expect(short.kind === 'job' && short.problems[0]).toMatchObject({ item: 4, field: '(row)', message: expect.stringContaining('has 2 cells, but the header has 10 columns') });
  });
});

describe('CsvHeader', () => {
  const details = (cells: string[]) => {
    try {
      new CsvHeader(cells, 'jobs.csv');
    } catch (error) {
      return (error as CliError).details;
    }
    return [];
  };

  it('names every missing required column, slips of a field name, and doubled columns', () => {
    expect(details(['Title', 'descripton', 'location', 'jobFunctionId', 'jobFunctionId', 'costCentre'])).toEqual([
      { row: 1, column: 'Title', message: 'is not a field name; did you mean "title"? (names are case-sensitive)' },
      { row: 1, column: 'descripton', message: 'is not a field name; did you mean "description"? (names are case-sensitive)' },
      { row: 1, column: 'jobFunctionId', message: 'appears twice in the header' },
      { row: 1, message: 'has no column title, which every job needs' },
      { row: 1, message: 'has no column description, which every job needs' },
      { row: 1, message: 'has no column employerType or employerTypeId, which every job needs' },
    ]);
  });

  it('tells a file separated by semicolons', () => {
    expect(details(['title;description;location'])[0]?.message).toContain('split by semicolons');
  });

  it('maps a problem of a reference to the column the file uses', () => {
    const header = new CsvHeader(HEADER, 'jobs.csv');
    expect(header.columnFor('jobFunctionId')).toBe('jobFunction');
    expect(header.columnFor('employerType')).toBe('employerTypeId');
    expect(header.columnFor('salaryMin')).toBe('salaryMin');
    expect(header.columnFor('customerId')).toBe('customerId');
    expect(header.unknown).toEqual(['costCentre']);
  });
});
