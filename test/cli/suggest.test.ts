// The matcher behind "did you mean ...?": edit distance with swaps, and which names it offers.
import { describe, expect, it } from 'vitest';
import { ambiguousName, closestNames, editDistance, noSuchName, quotedChoices, typoAllowance } from '../../src/core/suggest.js';

const INDUSTRIES = ['Information Technology', 'Healthcare', 'Finance', 'Retail', 'Manufacturing', 'Construction', 'Education', 'Telecommunications'];
const IT_FUNCTIONS = ['Software Development', 'DevOps', 'Data Engineering', 'Quality Assurance', 'Database Administration', 'Machine Learning'];

describe('editDistance', () => {
  it.each([
    ['', '', 0],
    ['abc', '', 3],
    ['', 'ab', 2],
    ['kitten', 'sitting', 3],
    ['informaton', 'information', 1],
    ['ab', 'ba', 1], // a swap is one edit (Levenshtein would say 2)
    ['data enigneering', 'data engineering', 1],
    ['ca', 'abc', 3], // optimal string alignment: no edit of a swapped pair again
    ['flaw', 'lawn', 2],
  ])('%j -> %j is %i', (a, b, d) => {
    expect(editDistance(a, b)).toBe(d);
    expect(editDistance(b, a)).toBe(d);
  });
});

describe('typoAllowance', () => {
  it('grows with the length of the name, from none for two letters to at most 4', () => {
    expect([1, 2, 3, 5, 6, 9, 10, 13, 14, 40].map(typoAllowance)).toEqual([0, 0, 1, 1, 2, 2, 3, 3, 4, 4]);
  });
});

describe('closestNames', () => {
  it('finds a missing letter, whatever the case and spacing', () => {
    expect(closestNames('Informaton Technology', INDUSTRIES)).toEqual(['Information Technology']);
    expect(closestNames('  information   technolgy ', INDUSTRIES)).toEqual(['Information Technology']);
  });

  it('finds swapped letters and ranks by distance', () => {
    expect(closestNames('Data Enigneering', IT_FUNCTIONS)).toEqual(['Data Engineering']);
    expect(closestNames('Finnace', INDUSTRIES)).toEqual(['Finance']);
  });

  it('finds a misspelt beginning of a longer name', () => {
    expect(closestNames('Sofware', IT_FUNCTIONS)).toEqual(['Software Development']);
    expect(closestNames('Machne', IT_FUNCTIONS)).toEqual(['Machine Learning']);
  });

  it('finds names containing the text, after the typos, shortest first, at most three', () => {
    expect(closestNames('Data', IT_FUNCTIONS)).toEqual(['Data Engineering', 'Database Administration']);
    expect(closestNames('tion', INDUSTRIES)).toEqual(['Education', 'Construction', 'Telecommunications']);
    expect(closestNames('tion', INDUSTRIES, 5)).toEqual(['Education', 'Construction', 'Telecommunications', 'Information Technology']);
  });

  it('offers nothing for text that resembles no name, or for nothing at all', () => {
    expect(closestNames('Underwater Basket Weaving', INDUSTRIES)).toEqual([]);
    expect(closestNames('xy', INDUSTRIES)).toEqual([]);
    expect(closestNames('   ', INDUSTRIES)).toEqual([]);
  });

  it('does not take a short word for a typo of another (two letters changed in four)', () => {
    expect(closestNames('Reta', ['Beta', 'Meta', 'Data'])).toEqual(['Beta', 'Meta']);
    expect(closestNames('Rota', ['Data'])).toEqual([]);
  });

  it('offers only the name that differs in case alone, and no one-letter typo of a two-letter code', () => {
    expect(closestNames('ft', ['FT', 'PT', 'Full-time'])).toEqual(['FT']);
    expect(closestNames('FX', ['FT', 'PT'])).toEqual([]);
  });

  it('names a name found in several lists once', () => {
    expect(closestNames('Saless', ['Sales', 'Sales', 'Sale'])).toEqual(['Sales', 'Sale']);
  });
});

describe('messages', () => {
  it('joins the choices as a person would', () => {
    expect(quotedChoices([])).toBe('');
    expect(quotedChoices(['A'])).toBe('"A"');
    expect(quotedChoices(['A', 'B'])).toBe('"A" or "B"');
    expect(quotedChoices(['A', 'B', 'C'])).toBe('"A", "B" or "C"');
  });

  it('has one shape for an unknown name, with or without suggestions', () => {
    expect(noSuchName('industry', 'Informaton Technology', INDUSTRIES)).toBe(
      'no industry named "Informaton Technology"; did you mean "Information Technology"?',
    );
    expect(noSuchName('job function', 'Data', IT_FUNCTIONS, ' in Information Technology (1)')).toBe(
      'no job function named "Data" in Information Technology (1); did you mean "Data Engineering" or "Database Administration"?',
    );
    expect(noSuchName('industry', 'Underwater Basket Weaving', INDUSTRIES)).toBe('no industry named "Underwater Basket Weaving"');
  });

  it('quotes a name with quotes in it unambiguously', () => {
    expect(noSuchName('customer', 'Acme "North"', [])).toBe('no customer named "Acme \\"North\\""');
  });

  it('lists the candidates of an ambiguous name', () => {
    expect(ambiguousName('Sales', ['128 Sales (Finance)', '145 Sales (Retail)'], 'give jobFunctionId or the industry')).toBe(
      '"Sales" is ambiguous: 128 Sales (Finance); 145 Sales (Retail); give jobFunctionId or the industry',
    );
  });
});
