// The separator of a CSV file told from its header row (src/jobs/batch/delimiter.ts).
import { describe, expect, it } from 'vitest';
import { decimalMarkOf, detectDelimiter, parseDelimiter } from '../../src/jobs/batch/delimiter.js';

describe('detectDelimiter', () => {
  it.each([
    ['title,description,location', ','],
    ['title;description;location', ';'],
    ['title\tdescription\tlocation', '\t'],
    ['title', ','],
    ['"a,b";"c,d";e', ';'], // commas inside quotes do not count
    ['a,b;c', ','], // a tie: the comma
    ['a;b;c\r\nx,y,z,w,v', ';'], // the header row only
  ])('%j -> %j', (header, delimiter) => {
    expect(detectDelimiter(header)).toBe(delimiter);
  });

  it('reads --delimiter by character or name, and gives each separator its decimal mark', () => {
    expect([',', 'comma', ';', 'Semicolon', 'tab', '\\t', '\t'].map(parseDelimiter)).toEqual([',', ',', ';', ';', '\t', '\t', '\t']);
    expect(() => parseDelimiter('|')).toThrow('--delimiter must be , ; or tab, got "|"');
    expect([',', ';', '\t'].map((d) => decimalMarkOf(d as ',' | ';' | '\t'))).toEqual(['.', ',', 'either']);
  });
});
