// Workbooks written by real programs (test/fixtures/writers/: LibreOffice Calc in en, de, fr and ja,
// Gnumeric, openpyxl): every cell recruit reads from each workbook is the cell recruit reads from that
// writer's own CSV export of it. Both are read through the reading `jobs apply --file` uses, so a cell
// that differs is one a user would see change between "save as xlsx" and "save as CSV".
import { describe, expect, it } from 'vitest';
import { CORPUS, cellDifferences, manifestOf } from './writers-corpus.js';

const books = manifestOf(CORPUS).files.filter((f) => f.csv !== undefined);

describe('a workbook reads as its writer\'s own CSV export of it', () => {
  it('the corpus holds a workbook of every writer and locale, each with its CSV export', () => {
    expect(books.map((b) => b.file).sort()).toEqual(
      [
        ...['en', 'de', 'fr', 'ja'].flatMap((l) => [`libreoffice-${l}/csv-xlsx.xlsx`, `libreoffice-${l}/xlsx-xlsx.xlsx`]),
        'gnumeric/csv-xlsx.xlsx',
        'gnumeric/xlsx-xlsx.xlsx',
        'libreoffice-en/typed-1904.xlsx',
        'openpyxl/inline.xlsx',
        'openpyxl/resave.xlsx',
        'openpyxl/typed-1904.xlsx',
      ].sort(),
    );
  });

  it.each(books.map((b) => [b.file, b.csv!] as const))('%s: every cell as in %s', async (book, csv) => {
    const found = await cellDifferences(CORPUS, book, csv);
    expect(found, found.join('\n')).toEqual([]);
  });
});
