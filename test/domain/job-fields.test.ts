// The job-field registry's parsers: one reading of a number, a list, a boolean and a reference for
// flags, CSV cells and the wizard alike.
import { describe, expect, it } from 'vitest';
import { BOOLEAN_WORDS, parseBooleanText, parseListText, parseNumberText, parseReferenceText, readCellNumber, readNumberText } from '../../src/domain/job-fields.js';

describe('parseNumberText', () => {
  it.each([
    ['70000', 70000],
    ['70,000', 70000],
    ['70 000', 70000],
    ['70_000', 70000],
    ['70\u00a0000', 70000],
    ['1,234,567.5', 1234567.5],
    [' 12.5 ', 12.5],
    ['0', 0],
    ['-3', -3],
    ['-70,000', -70000],
    ['70.000', 70],
  ])('reads %j as %d', (text, value) => {
    expect(parseNumberText(text)).toBe(value);
  });

  it.each(['', ' ', 'lots', '7,0000', '70,00', '1,000 000', '70,000,', ',000', '1e3', '0x10', 'Infinity', '$5', '5 USD', '1.', '.5', '1,5', '6 0 0'])(
    'refuses %j',
    (text) => {
      expect(parseNumberText(text)).toBeUndefined();
    },
  );
});

describe('readNumberText: the same parser, where the decimal mark may be a comma', () => {
  it.each([
    ['12,5', 12.5],
    ['2,5', 2.5],
    ['70.000', 70000],
    ['85.000,50', 85000.5],
    ['1.234.567', 1234567],
    ['1 200', 1200],
    ['1\u202f200,75', 1200.75],
    ['1.5', 1.5],
    ['-3', -3],
    ['70000', 70000],
  ])('in a `;` file reads %j as %d', (text, value) => {
    expect(readNumberText(text, ',')).toEqual({ value });
  });

  it.each([
    ['12,5', 12.5],
    ['12.5', 12.5],
    ['1,234.5', 1234.5],
    ['1.234,5', 1234.5],
    ['1 200', 1200],
  ])('in a tab-separated file reads %j as %d', (text, value) => {
    expect(readNumberText(text, 'either')).toEqual({ value });
  });

  it('gives both readings of a number that reads two ways, and only there', () => {
    expect(readNumberText('70,000', ',')).toEqual({ ambiguous: [70000, 70] });
    expect(readNumberText('70,000', 'either')).toEqual({ ambiguous: [70000, 70] });
    expect(readNumberText('70.000', 'either')).toEqual({ ambiguous: [70000, 70] });
    expect(readNumberText('1,234,567', ',')).toEqual({ value: 1234567 }); // two groups: no decimal reading
    expect(readNumberText('70,000', '.')).toEqual({ value: 70000 }); // a flag, a `,` file: the comma groups
  });

  it.each(['lots', '1e3', '12,5,5', '1.', ',5', '1,000 000', '$5'])('refuses %j with a decimal comma', (text) => {
    expect(readNumberText(text, ',')).toBeUndefined();
    expect(readNumberText(text, 'either')).toBeUndefined();
  });

  it('is parseNumberText with the decimal point', () => {
    for (const text of ['70,000', '70.000', '1,5', '12.5', '7,0000', '1 200']) expect(readNumberText(text)?.valueOf()).toEqual(parseNumberText(text) === undefined ? undefined : { value: parseNumberText(text) });
  });
});

describe('readCellNumber: every notation a cell of a file holds', () => {
  it.each([
    ['1E-07', '.', 1e-7],
    ['1.5E+3', '.', 1500],
    ['1.00E-10', '.', 1e-10],
    ['1.50E+20', '.', 1.5e20],
    ['2e3', '.', 2000],
    ['-1.5E+03', '.', -1500],
    ['1,5E+03', ',', 1500],
    ['1,50E+20', ',', 1.5e20],
    ['1.5E+03', ',', 1500],
    ['1,5E+03', 'either', 1500],
    ['1,23456789012346E+017', ',', 123456789012346000],
    ['70,000', '.', 70000],
    ['85.000,50', ',', 85000.5],
    ['0,0000001', ',', 1e-7],
    ['9007199254740991', '.', 9007199254740991],
    ['0.1', '.', 0.1],
  ] as const)('reads %j (decimal mark %j) as %d', (text, mark, value) => {
    expect(readCellNumber(text, mark)).toEqual({ value });
  });

  it('refuses a decimal comma in a mantissa where the comma groups, and what is no number', () => {
    for (const text of ['1,5E+03', 'E5', '1E', '1.5E+3.2', 'e', '1E+3E+3', '0x10']) expect(readCellNumber(text, '.')).toBeUndefined();
  });

  it('says a number that a double does not hold exactly, with what it would round to', () => {
    expect(readCellNumber('123456789012345678')).toEqual({ inexact: 123456789012345680 });
    expect(readCellNumber('123,456,789,012,345,678')).toEqual({ inexact: 123456789012345680 });
    expect(readCellNumber('9007199254740993')).toEqual({ inexact: 9007199254740992 });
    expect(readCellNumber('1.00000000000000000001')).toEqual({ inexact: 1 });
    expect(readCellNumber('1E+400')).toEqual({ inexact: Infinity });
    expect(readCellNumber('1,5E-400', ',')).toEqual({ inexact: 0 });
  });

  it('keeps a reading that is two ways as such', () => {
    expect(readCellNumber('70,000', ',')).toEqual({ ambiguous: [70000, 70] });
  });
});

describe('the other parsers', () => {
  it('splits a list at its separator, trimming and dropping empty items', () => {
    expect(parseListText(' SQL, Python ,, ', ',')).toEqual(['SQL', 'Python']);
    expect(parseListText('SQL; Python;', ';')).toEqual(['SQL', 'Python']);
    expect(parseListText('a,b', ';')).toEqual(['a,b']);
  });

  it('reads true, false, yes and no in any case, and nothing else', () => {
    expect([parseBooleanText('Yes'), parseBooleanText('FALSE'), parseBooleanText(' no '), parseBooleanText('true')]).toEqual([true, false, false, true]);
    expect(parseBooleanText('maybe')).toBeUndefined();
    expect(parseBooleanText('1')).toBeUndefined();
  });

  it.each([
    ['WAHR', true], ['FALSCH', false], ['VRAI', true], ['FAUX', false], ['VERDADERO', true], ['FALSO', false],
    ['VERO', true], ['WAAR', true], ['ONWAAR', false], ['VERDADEIRO', true], ['SANT', true], ['FALSKT', false],
    ['PRAWDA', true], ['FAŁSZ', false], ['fałsz', false], ['EPÄTOSI', false], ['ИСТИНА', true], ['ложь', false],
    ['DOĞRU', true], ['YANLIŞ', false], ['yanlış', false], ['Wahr', true], [' vrai ', true],
  ] as const)('reads a spreadsheet\'s word %j as %s, in any case and Unicode form', (text, value) => {
    expect(parseBooleanText(text)).toBe(value);
  });

  it('has no word that is true in one language and false in another', () => {
    const meaning = new Map<string, boolean>();
    for (const [language, yes, no] of BOOLEAN_WORDS) {
      for (const [word, value] of [[yes, true], [no, false]] as const) {
        expect(meaning.get(word) ?? value, `${language} ${word}`).toBe(value);
        meaning.set(word, value);
        expect(parseBooleanText(word.toUpperCase())).toBe(value);
      }
    }
    expect(meaning.size).toBeGreaterThan(30);
  });

  it('takes digits as an id and anything else as a name', () => {
    expect(parseReferenceText(' 42 ')).toBe(42);
    expect(parseReferenceText('Data Engineering')).toBe('Data Engineering');
    expect(parseReferenceText('42a')).toBe('42a');
  });
});

describe('readNumberText (property): a number written as a spreadsheet writes it reads back as itself, or as two named readings', () => {
  it('with a point in a `,` file, with a comma in a `;` file', async () => {
    const { default: fc } = await import('fast-check');
    const amount = fc.integer({ min: 0, max: 10_000_000_00 }).map((cents) => cents / 100);
    fc.assert(
      fc.property(amount, (n) => {
        expect(readNumberText(String(n))).toEqual({ value: n });
        const german = readNumberText(String(n).replace('.', ','), ',');
        if (german !== undefined && 'ambiguous' in german) expect(german.ambiguous).toContain(n);
        else expect(german).toEqual({ value: n });
      }),
    );
  });
});
