// Scripted answers for whole wizard runs, shared by the tests.
import { words } from '../helpers/sandbox.js';
import type { Expectation } from '../helpers/fake-prompter.js';

export const DESCRIPTION = words(120, 'duty');

/** Industry, job function and employer type in Information Technology. */
export function classification(): Expectation[] {
  return [
    { kind: 'search', message: 'Industry', term: 'tech', pick: 'Information Technology' },
    { kind: 'search', message: 'Job function in Information Technology', term: 'soft', pick: 'Software Development' },
    { kind: 'search', message: 'Employer type in Information Technology', term: 'saas', pick: 'SaaS Startup' },
  ];
}

/** Title, description and location. */
export function details(title: string): Expectation[] {
  return [
    { kind: 'input', message: 'Job title', answer: title },
    { kind: 'multiline', message: 'Description', answer: DESCRIPTION },
    { kind: 'input', message: 'Location', answer: 'Austin, TX, USA' },
  ];
}

/** "Add details" on the review, the details ticked, and the answers of their steps. */
export function addDetails(groups: Array<string | RegExp>, ...answers: Expectation[]): Expectation[] {
  return [review('Add details'), { kind: 'checkbox', message: 'Add which details?', picks: groups }, ...answers];
}

/** Publication, added as a detail from the review. */
export function publication(careerPage: 'No' | 'Yes', freeBoards: 'No' | 'Yes' = 'No'): Expectation[] {
  return addDetails(
    ['Publication'],
    { kind: 'select', message: 'Publish on the career page?', pick: careerPage },
    { kind: 'select', message: 'Publish on free job boards?', pick: freeBoards },
  );
}

export function review(pick: 'Submit' | 'Add details' | 'Edit a field' | 'Save draft and quit' | 'Discard', before?: () => unknown): Expectation {
  return { kind: 'select', message: 'What next?', pick: pick === 'Add details' ? /^Add details: / : pick, ...(before ? { before } : {}) };
}

/** The job id of "Created job <id> ..." on stdout. */
export function createdId(stdout: string): number {
  const match = /^Created job (\d+) /m.exec(stdout);
  if (!match) throw new Error(`no "Created job" line in: ${stdout}`);
  return Number(match[1]);
}
