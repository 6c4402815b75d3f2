// Workbooks written by real programs (test/fixtures/writers/: LibreOffice Calc in en, de, fr and ja,
// Gnumeric, openpyxl): every cell recruit reads from each workbook is the cell recruit reads from that
// writer's own CSV export of it. Both are read through the reading `jobs apply --file` uses, so a cell
// that differs is one a user would see change between "save as xlsx" and "save as CSV".
import { describe, expect, it } from 'vitest';
import { CORPUS, KEEP_CR_ESCAPE, cellDifferences, manifestOf } from './writers-corpus.js';

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

  const compare = async (book: string, csv: string) => {
    const found = await cellDifferences(CORPUS, book, csv);
    expect(found, found.join('\n')).toEqual([]);
  };
  const rest = books.filter((b) => !KEEP_CR_ESCAPE.has(b.file));
  it.each(rest.map((b) => [b.file, b.csv!] as const))('%s: every cell as in %s', compare);

  it.each([...KEEP_CR_ESCAPE].map((file) => [file, books.find((b) => b.file === file)!.csv!] as const))(
    "%s: every cell as in %s but the writer's own _x000D_, which it kept as text where the workbook holds a CR",
    async (book, csv) => {
      const strict = await cellDifferences(CORPUS, book, csv);
      expect(strict.length).toBeGreaterThan(0);
      for (const difference of strict) expect(difference).toMatch(/^row \d+ \(00042\), description: workbook "[^"]*\\r\\n[^]*", CSV "[^"]*_x000D_\\n/);
      expect(await cellDifferences(CORPUS, book, csv, { keptCr: true })).toEqual([]);
    },
  );
});
