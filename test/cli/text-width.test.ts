// Tables and cut lines measure text in terminal columns: a CJK character or an emoji takes two, a
// combining accent none. Counted in characters, a row with a Japanese title ran past its column.
import { describe, expect, it } from 'vitest';
import { fitTable } from '../../src/terminal/fit-table.js';
import { cut, displayWidth } from '../../src/core/text-width.js';

describe('displayWidth', () => {
  it('counts terminal columns: two for wide characters and emoji, none for combining marks', () => {
    expect(displayWidth('Engineer')).toBe(8);
    expect(displayWidth('エンジニア')).toBe(10);
    expect(displayWidth('工程师 (北京)')).toBe(13);
    expect(displayWidth('Chef 👩‍🍳')).toBe(7);
    expect(displayWidth('Cafe\u0301')).toBe(4);
    expect(displayWidth('')).toBe(0);
  });
});

describe('cut', () => {
  it('keeps text that fits, whole', () => {
    expect(cut('エンジニア', 10)).toBe('エンジニア');
    expect(cut('Engineer', 8)).toBe('Engineer');
  });

  it('cuts at a column, never through a wide character or a cluster, and ends with an ellipsis', () => {
    expect(cut('エンジニア', 9)).toBe('エンジニ…');
    expect(cut('エンジニア', 8)).toBe('エンジ…'); // a fourth wide character and the ellipsis would take 9
    expect(displayWidth(cut('エンジニア', 8))).toBeLessThanOrEqual(8);
    expect(cut('👩‍🍳👩‍🍳👩‍🍳', 5)).toBe('👩‍🍳👩‍🍳…');
    expect(cut('Cafe\u0301 au lait', 5)).toBe('Cafe\u0301…');
    expect(cut('Engineer', 5)).toBe('Engi…');
    expect(cut('Engineer', 1)).toBe('…');
    expect(cut('Engineer', 0)).toBe('');
  });
});

describe('fitTable with wide characters', () => {
  it('aligns every column whatever the titles hold', () => {
    const columns = [{ header: 'ITEM' }, { header: 'TITLE' }, { header: 'RESULT' }];
    const lines = fitTable(columns, [
      ['#0', 'ソフトウェアエンジニア', 'created'],
      ['#1', 'Chef 👩‍🍳', 'created'],
      ['#2', 'Engineer', 'created'],
    ], 80);
    const resultColumn = lines.map((line) => displayWidth(line.slice(0, line.indexOf(line.includes('RESULT') ? 'RESULT' : 'created'))));
    expect(new Set(resultColumn).size).toBe(1);
    expect(resultColumn[0]).toBe(4 + 2 + 22 + 2);
  });

  it('cuts the fit column to the terminal in columns', () => {
    const columns = [{ header: 'ITEM' }, { header: 'ERROR', fit: true }];
    const lines = fitTable(columns, [['#0', '求人の説明は100語以上必要です。'.repeat(3)]], 30);
    for (const line of lines) expect(displayWidth(line.trimEnd())).toBeLessThanOrEqual(30);
    expect(lines[1]).toMatch(/…\n$/);
  });
});
