import { describe, expect, it } from 'vitest';
import { countWords, descriptionProblem, locationProblem } from '../../src/domain/job-rules.js';

describe('job field rules shared by the CLI and the sandbox', () => {
  it('counts words as runs of non-white-space, like split(/\\s+/)', () => {
    for (const text of ['', '   ', 'one', ' two  words ', 'tab\tand\nnewline', 'no\u00a0break\u2003em space', 'a-b c.d']) {
      const expected = text.trim() === '' ? 0 : text.trim().split(/\s+/u).length;
      expect(countWords(text)).toBe(expected);
    }
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
});
