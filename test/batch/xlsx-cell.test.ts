// A workbook cell as the text a CSV export would hold (src/jobs/batch/xlsx-cell.ts), its number
// formats (xlsx-number-format.ts), dates (xlsx-dates.ts) and OOXML's text escape (xlsx-text.ts).
import { describe, expect, it } from 'vitest';
import { cellText, plainDecimal, type CellContext, type RawCell } from '../../src/jobs/batch/xlsx-cell.js';
import { serialDateText } from '../../src/jobs/batch/xlsx-dates.js';
import { numberFormat } from '../../src/jobs/batch/xlsx-number-format.js';
import { decodeXlsxText, escapeXlsxText } from '../../src/terminal/xlsx-text.js';

const context: CellContext = { sharedString: (k) => ['shared'][k], formats: [{ kind: 'number' }], date1904: false };
const cell = (fields: Partial<RawCell>): RawCell => ({ row: 2, column: 2, type: undefined, style: 0, value: undefined, formula: false, inline: undefined, ...fields });

describe('workbook cells as text', () => {
  it('numbers to 15 significant digits in plain notation, booleans, strings of every kind', () => {
    expect(cellText(cell({ value: '70000' }), context)).toEqual({ text: '70000' });
    expect(cellText(cell({ value: '0.30000000000000004' }), context)).toEqual({ text: '0.3' });
    expect(cellText(cell({ value: '-5' }), context)).toEqual({ text: '-5' });
    expect(cellText(cell({ value: '1E-007' }), context)).toEqual({ text: '0.0000001' });
    expect(cellText(cell({ value: '1.23456789012346E+017' }), context)).toEqual({ text: '123456789012346000' });
    expect(cellText(cell({ type: 'b', value: '1' }), context)).toEqual({ text: 'true' });
    expect(cellText(cell({ type: 'b', value: 'false' }), context)).toEqual({ text: 'false' });
    expect(cellText(cell({ type: 's', value: '0' }), context)).toEqual({ text: 'shared' });
    expect(cellText(cell({ type: 's', value: '7' }), context)).toMatchObject({ problem: 'cell B2 names shared string 7, which the workbook does not have: the file is damaged' });
    expect(cellText(cell({ type: 'str', value: 'a_x000D_b' }), context)).toEqual({ text: 'a\rb' });
    expect(cellText(cell({ type: 'inlineStr', inline: 'inline' }), context)).toEqual({ text: 'inline' });
    expect(cellText(cell({ type: 'd', value: '2026-11-26T00:00:00Z' }), context)).toEqual({ text: '2026-11-26' });
    expect(cellText(cell({ value: 'lots' }), context)).toMatchObject({ problem: expect.stringContaining('cell B2 holds "lots" as a number') });
    expect(cellText(cell({}), context)).toEqual({ text: '' });
  });

  it('plain decimal notation, exactly', () => {
    expect(plainDecimal('1e-7')).toBe('0.0000001');
    expect(plainDecimal('-1.5E+20')).toBe('-150000000000000000000');
    expect(plainDecimal('007.50')).toBe('7.5');
    expect(plainDecimal('123456789012345678')).toBe('123456789012345678');
    expect(plainDecimal('-0')).toBe('0');
    expect(plainDecimal('1.25e1')).toBe('12.5');
  });
});

describe('number formats', () => {
  it('dates by built-in id (14-22, 45-47) or by d, m, y, h, s outside quotes, brackets and escapes; text; zero-padded', () => {
    for (const id of [14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]) expect(numberFormat(id, undefined), String(id)).toEqual({ kind: 'date' });
    for (const id of [0, 1, 2, 3, 4, 9, 10, 11, 12, 13, 23, 44, 48]) expect(numberFormat(id, undefined), String(id)).toEqual({ kind: 'number' });
    expect(numberFormat(49, undefined)).toEqual({ kind: 'text' });
    expect(numberFormat(164, 'dd/mm/yyyy')).toEqual({ kind: 'date' });
    expect(numberFormat(164, '[$-409]h:mm AM/PM;@')).toEqual({ kind: 'date' });
    expect(numberFormat(164, '"days "0')).toEqual({ kind: 'number' });
    expect(numberFormat(164, '[Red]0.00;[Blue]-0.00')).toEqual({ kind: 'number' });
    expect(numberFormat(164, '0\\d')).toEqual({ kind: 'number' });
    expect(numberFormat(164, '0.00E+00')).toEqual({ kind: 'number' });
    expect(numberFormat(164, 'General')).toEqual({ kind: 'number' });
    expect(numberFormat(164, '@')).toEqual({ kind: 'text' });
    expect(numberFormat(164, '00000')).toEqual({ kind: 'padded', width: 5 });
    expect(numberFormat(164, '0')).toEqual({ kind: 'number' });
  });
});

describe('dates by the date system', () => {
  it('1900 with its leap-year bug, 1904 without', () => {
    expect(serialDateText(1, false)).toBe('1900-01-01');
    expect(serialDateText(59, false)).toBe('1900-02-28');
    expect(serialDateText(60, false)).toBe('1900-02-29');
    expect(serialDateText(61, false)).toBe('1900-03-01');
    expect(serialDateText(46082, false)).toBe('2026-03-01');
    expect(serialDateText(46082.000011574, false)).toBe('2026-03-01T00:00:01');
    expect(serialDateText(0.5, false)).toBe('12:00:00');
    expect(serialDateText(0, true)).toBe('1904-01-01');
    expect(serialDateText(44620, true)).toBe('2026-03-01');
    expect(serialDateText(2958465, false)).toBe('9999-12-31');
    expect(serialDateText(2958466, false)).toBeUndefined();
    expect(serialDateText(-1, false)).toBeUndefined();
  });
});

describe('OOXML text escapes', () => {
  it('one decoder undoes what the encoder writes, and Excel\'s lower-case hex', () => {
    expect(decodeXlsxText('a_x000D_b_x005F_x0041_')).toBe('a\rb_x0041_');
    expect(decodeXlsxText('_x000d_')).toBe('\r');
    expect(decodeXlsxText('_x12_ _xZZZZ_')).toBe('_x12_ _xZZZZ_');
    for (const text of ['a\u0007b\rc\u007f', '_x0041_ _x', '\ud800 lone']) expect(decodeXlsxText(escapeXlsxText(text))).toBe(text);
  });
});
