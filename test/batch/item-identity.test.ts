import { describe, expect, it } from 'vitest';
import { bodyHash, canonicalJson } from '../../src/exactly-once/canonical-json.js';
import { Identities } from '../../src/jobs/batch/item-identity.js';

const body = {
  title: 'Platform Engineer',
  skills: ['Go', 'SQL'],
  salaryMin: 90000,
  extra: { zeta: 1, alpha: [{ b: 2, a: 1 }] },
  industryId: 1,
  '10': 'x',
  '2': 'y',
  publishToCareerPage: false,
};

describe('item identity', () => {
  it('keeps the hash journals of earlier versions were written with', () => {
    // Computed by the first release's canonical() + JSON.stringify + SHA-256; a change here would
    // make a re-run resend every job an earlier version had created.
    expect(bodyHash(body)).toBe('15c315223602f3cd24c1a8ec7b11646f');
  });

  it('serializes with keys sorted at every level, whatever order they came in', () => {
    const reordered = { publishToCareerPage: false, '2': 'y', extra: { alpha: [{ a: 1, b: 2 }], zeta: 1 }, skills: ['Go', 'SQL'], industryId: 1, salaryMin: 90000, '10': 'x', title: 'Platform Engineer' };
    expect(canonicalJson(reordered)).toBe(canonicalJson(body));
    expect(canonicalJson(body)).toBe(
      '{"2":"y","10":"x","extra":{"alpha":[{"a":1,"b":2}],"zeta":1},"industryId":1,"publishToCareerPage":false,"salaryMin":90000,"skills":["Go","SQL"],"title":"Platform Engineer"}',
    );
    expect(JSON.parse(canonicalJson(body))).toEqual(body);
  });

  it('numbers identical bodies in file order and proves a line unchanged', () => {
    const ids = new Identities();
    const a = canonicalJson({ title: 'A' });
    const b = canonicalJson({ title: 'B' });
    ids.add(a, '{"title":"A"}');
    ids.add(b);
    ids.add(a);
    ids.seal();
    expect(ids.id(0)).toBe(`${bodyHash({ title: 'A' })}.0`);
    expect(ids.id(1)).toBe(`${bodyHash({ title: 'B' })}.0`);
    expect(ids.id(2)).toBe(`${bodyHash({ title: 'A' })}.1`);
    expect(ids.sameLine(0, '{"title":"A"}')).toBe(true);
    expect(ids.sameLine(0, '{"title":"a"}')).toBe(false);
  });
});
