// The registry (src/domain/job-fields.ts) is the one place a plain optional field is spelled out on
// the client side. Fields with rules of their own (a salary range, a required title, publication)
// are also named where those rules live; the plain ones below only in the wizard's Answers type,
// the step that asks them and help examples. A new file spelling one fails here: derive it from
// the registry instead (docs/architecture.md, "A job field").
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELDS } from '../../src/domain/job-fields.js';

const SRC = join(import.meta.dirname, '../../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'sandbox' ? [] : sources(path);
    return e.name.endsWith('.ts') ? [path] : [];
  });
}

const ALLOWED: Record<string, string[]> = {
  experience: ['commands/jobs/update-report.ts', 'commands/jobs/update/command.ts', 'commands/jobs/update/patch.ts', 'wizard/answers.ts', 'wizard/steps/numbers.ts'],
  qualifications: ['wizard/answers.ts'],
  optionalSkills: ['wizard/answers.ts', 'wizard/steps/skills.ts'],
  // lookup-kinds.ts: a hiring manager's own departmentId, an item field of its list.
  departmentId: ['commands/jobs/list/run.ts', 'domain/lookup-kinds.ts', 'wizard/steps/people.ts'],
  hiringManagerId: ['commands/jobs/list/run.ts', 'wizard/steps/people.ts'],
};

describe('field names outside the registry', () => {
  const files = sources(SRC).filter((f) => !f.endsWith('domain/job-fields.ts'));
  for (const [field, allowed] of Object.entries(ALLOWED)) {
    it(`${field} is spelled only where its own step or an example needs it`, () => {
      expect(FIELDS.some((f) => f.name === field)).toBe(true);
      const spelled = files.filter((f) => new RegExp(`\\b${field}\\b`).test(readFileSync(f, 'utf8'))).map((f) => relative(SRC, f).replaceAll('\\', '/'));
      expect(spelled.sort()).toEqual(allowed);
    });
  }
});
