import { describe, expect, it } from 'vitest';
import { countCharacters, countWords, descriptionProblem, locationProblem, titleLengthProblem } from '../../src/domain/job-rules.js';

describe('job field rules shared by the CLI and the sandbox', () => {
  it('counts words as runs of non-white-space, like split(/\\s+/)', () => {
    const texts = ['', '   ', 'one', ' two  words ', 'tab\tand\nnewline', 'no\u00a0break\u2003em space', 'a-b c.d', 'x\u007fy\u0085z\u3000w', '\ufeffbom  é ü'];
    for (const text of texts) {
      const expected = text.trim() === '' ? 0 : text.trim().split(/\s+/u).length;
      expect(countWords(text)).toBe(expected);
    }
    // Every code point /\s/ matches, and a few it does not, one at a time between two words.
    const wrong: string[] = [];
    for (let code = 0; code < 0x10000; code++) {
      const char = String.fromCharCode(code);
      if (countWords(`a${char}b`) !== (/\s/.test(char) ? 2 : 1)) wrong.push(`U+${code.toString(16)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('stops counting at a limit, for checks that only need to know there are enough', () => {
    expect(countWords('one two three four', 2)).toBe(2);
    expect(countWords('one two', 5)).toBe(2);
  });

  it('refuses descriptions under 100 words with the count, in the right number', () => {
    expect(descriptionProblem('one')).toBe('has 1 word; at least 100 are required');
    expect(descriptionProblem(Array(99).fill('w').join(' '))).toBe('has 99 words; at least 100 are required');
    expect(descriptionProblem(Array(100).fill('w').join(' '))).toBeUndefined();
  });

  it('wants a full location, also for remote jobs', () => {
    expect(locationProblem('Austin, TX, USA')).toBeUndefined();
    expect(locationProblem('Remote')).toMatch(/full location even for a remote job/);
    expect(locationProblem('Remote, USA')).toMatch(/must start with a city/);
    expect(locationProblem('Berlin')).toMatch(/at least a city and a country/);
    expect(locationProblem('Berlin, , Germany')).toMatch(/empty part/);
  });

  it('counts characters as Unicode code points, as [...text] and JSON Schema maxLength do', () => {
    const texts = ['', 'abc', 'é', 'e\u0301', '🚀', '🚀🚀x', '👩‍👩‍👧', '🇩🇪', '\ud800', 'a\udc00b', '\ud83d', '𝔘𝔫𝔦'];
    for (const text of texts) expect(countCharacters(text), JSON.stringify(text)).toBe([...text].length);
    expect(countCharacters('🚀'.repeat(200))).toBe(200);
  });

  it('allows titles of at most 200 code points, emoji counting one each', () => {
    expect(titleLengthProblem('x'.repeat(200))).toBeUndefined();
    expect(titleLengthProblem('🚀'.repeat(200))).toBeUndefined();
    expect(titleLengthProblem('🚀'.repeat(101))).toBeUndefined(); // 202 UTF-16 units
    expect(titleLengthProblem('x'.repeat(201))).toBe('has 201 characters; at most 200 are allowed');
    expect(titleLengthProblem('🚀'.repeat(201))).toBe('has 201 characters; at most 200 are allowed');
  });
});
