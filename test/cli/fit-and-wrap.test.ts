// The one table printer's squeeze order and the word wrapper of notes: small pure functions, tested
// directly (the commands that use them: test/cli/narrow-terminal.test.ts).
import { describe, expect, it } from 'vitest';
import { fitTable } from '../../src/terminal/fit-table.js';
import { wrapText, wrapWords } from '../../src/terminal/wrap.js';

describe('wrapWords', () => {
  it('breaks between words, keeps the leading spaces and indents what follows', () => {
    expect(wrapWords('  Title  one two three four', 14, '         ')).toEqual(['  Title  one', '         two', '         three', '         four']);
    expect(wrapWords('short', 10)).toEqual(['short']);
    expect(wrapWords('a b', 3)).toEqual(['a b']);
  });

  it('leaves a word longer than the width whole, on a line of its own', () => {
    expect(wrapWords('see https://example.com/a/very/long/path now', 12)).toEqual(['see', 'https://example.com/a/very/long/path', 'now']);
  });

  it('wraps each line of a text and keeps its final newline', () => {
    expect(wrapText('one two three\nfour\n', 8)).toBe('one two\nthree\nfour\n');
  });
});

describe('fitTable with squeeze orders', () => {
  const rows = [['1', 'A title that is long', 'A name that is long']];

  it('cuts the lowest order first, then the next, and leaves a table that fits alone', () => {
    const columns = [{ header: 'ID' }, { header: 'TITLE', fit: true, squeeze: 1 }, { header: 'NAME', squeeze: 2 }];
    expect(fitTable(columns, rows, 100)).toEqual([`ID  ${'TITLE'.padEnd(20)}  NAME\n`, '1   A title that is long  A name that is long\n']);
    // 35 columns: the title gives way first, down to 10 and no further, then the name.
    const lines = fitTable(columns, rows, 35);
    expect(lines[1]).toBe('1   A title t…  A name that is long\n');
    expect(fitTable(columns, rows, 30)[1]).toBe('1   A title t…  A name that i…\n');
    // Nothing below the floors (10 for the fit column, 8 or the header for the others): the line wraps.
    expect(fitTable(columns, rows, 10)[1]).toBe('1   A title t…  A name …\n');
  });

  it('cuts nothing below MIN_FIT without an order (the reports: the line wraps instead)', () => {
    const columns = [{ header: 'ID' }, { header: 'TITLE', fit: true }, { header: 'NAME' }];
    expect(fitTable(columns, rows, 30)[1]).toBe('1   A title that is…  A name that is long\n');
  });
});
