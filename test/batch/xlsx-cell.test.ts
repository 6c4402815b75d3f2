// A workbook cell's value as the text a CSV export would hold (src/jobs/batch/xlsx-cell.ts).
import { describe, expect, it } from 'vitest';
import { cellText } from '../../src/jobs/batch/xlsx-cell.js';

describe('workbook cells as text', () => {
  it('numbers to 15 significant digits, dates as ISO 8601, booleans, rich text, hyperlinks', () => {
    expect(cellText(70000)).toEqual({ text: '70000' });
    expect(cellText(0.1 + 0.2)).toEqual({ text: '0.3' });
    expect(cellText(-5)).toEqual({ text: '-5' });
    expect(cellText(new Date(Date.UTC(2026, 10, 26)))).toEqual({ text: '2026-11-26' });
    expect(cellText(new Date(Date.UTC(2026, 10, 26, 9, 30, 5)))).toEqual({ text: '2026-11-26T09:30:05' });
    expect(cellText(new Date(Date.UTC(2026, 0, 2, 0, 0, 0, 250)))).toEqual({ text: '2026-01-02T00:00:00.250' });
    expect(cellText(true)).toEqual({ text: 'true' });
    expect(cellText({ richText: [{ text: 'Data ', font: { bold: true } }, { text: 'Engineer' }] })).toEqual({ text: 'Data Engineer' });
    expect(cellText({ text: 'our site', hyperlink: 'https://example.com' })).toEqual({ text: 'our site' });
    expect(cellText(null)).toEqual({ text: '' });
  });

  it('a formula reads as its saved result; none, or an error, is a problem', () => {
    expect(cellText({ formula: 'A1*2', result: 84 })).toEqual({ text: '84' });
    expect(cellText({ formula: 'A1>1', result: true } as never)).toEqual({ text: 'true' });
    expect(cellText({ formula: 'TODAY()', result: new Date(Date.UTC(2026, 10, 26)) })).toEqual({ text: '2026-11-26' });
    expect(cellText({ sharedFormula: 'B2', result: 'shared' } as never)).toEqual({ text: 'shared' });
    expect(cellText({ formula: 'A1*2' })).toMatchObject({ problem: expect.stringContaining('formula with no saved result') });
    expect(cellText({ formula: '1/0', result: { error: '#DIV/0!' } } as never)).toMatchObject({ problem: 'holds the error #DIV/0! (its formula failed), not a value' });
    expect(cellText({ error: '#N/A' })).toMatchObject({ problem: 'holds the error #N/A, not a value' });
  });
});
