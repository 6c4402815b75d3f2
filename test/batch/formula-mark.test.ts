// The one rule of the `'` before formula-like text (src/terminal/formula-mark.ts): the reader takes
// off the one mark recruit's writer adds; the comparison of `jobs apply` takes off every mark any
// writer added, and sees `="00042"` as the 00042 a spreadsheet shows.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell } from '../../src/terminal/csv.js';
import { sameField } from '../../src/commands/jobs/apply/plan.js';
import { excelTextOf, formulaMarksOff, withoutFormulaMark } from '../../src/terminal/formula-mark.js';
import { keptCrUndone } from '../../src/terminal/kept-cr.js';

describe('the mark before formula-like text', () => {
  it.each([
    ["'=1+1", '=1+1'],
    ["''=1+1", "'=1+1"],
    ["'+49 30", '+49 30'],
    ["'-5", '-5'],
    ["'@home", '@home'],
    ["''quoted", "'quoted"],
    ["'quoted", "'quoted"],
    ['=1+1', '=1+1'],
    ["'", "'"],
    ['', ''],
  ])('the reader reads %j as %j', (cell, text) => {
    expect(withoutFormulaMark(cell)).toBe(text);
  });

  it('is the inverse of the CSV writer for any text', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const written = csvCell(text);
        const unquoted = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
        expect(withoutFormulaMark(unquoted)).toBe(text);
      }),
    );
  });

  it.each([
    ["''=1+1", '=1+1'],
    ["'=1+1", '=1+1'],
    ['=1+1', '=1+1'],
    ["'''=x", '=x'],
    ["''quoted", "'quoted"],
    ["'Twas", "'Twas"],
    ['="00042"', '00042'],
    ["'=\"00042\"", '00042'],
    ['="say ""hi"""', 'say "hi"'],
  ])('the comparison sees %j as %j', (text, seen) => {
    expect(formulaMarksOff(text)).toBe(seen);
  });

  it('reads the text of ="…" and nothing else', () => {
    expect(excelTextOf('="00042"')).toBe('00042');
    expect(excelTextOf('=A1')).toBeUndefined();
    expect(excelTextOf('="a"b"')).toBeUndefined();
  });
});

describe("jobs apply's comparison of a re-saved text (sameField)", () => {
  it('a _x000D_ that Gnumeric or openpyxl kept before a line break is the CR of a CRLF: no change; elsewhere it is text', () => {
    expect(keptCrUndone('one_x000D_\ntwo_x000D_\n_x000D_\nthree')).toBe('one\r\ntwo\r\n\r\nthree');
    expect(keptCrUndone('literal _x000D_ here')).toBe('literal _x000D_ here');
    expect(sameField('description', 'one\r\ntwo', 'one_x000D_\ntwo')).toBe(true);
    expect(sameField('description', 'one\ntwo', 'one_x000D_\ntwo')).toBe(true);
    expect(sameField('description', 'one two', 'one_x000D_ two')).toBe(false);
    expect(sameField('title', '@home', "'@home")).toBe(true);
  });
});
