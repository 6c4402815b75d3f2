// The job-field registry's parsers: one reading of a number, a list, a boolean and a reference for
// flags, CSV cells and the wizard alike.
import { describe, expect, it } from 'vitest';
import { parseBooleanText, parseListText, parseNumberText, parseReferenceText } from '../../src/domain/job-fields.js';

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

  it('takes digits as an id and anything else as a name', () => {
    expect(parseReferenceText(' 42 ')).toBe(42);
    expect(parseReferenceText('Data Engineering')).toBe('Data Engineering');
    expect(parseReferenceText('42a')).toBe('42a');
  });
});
