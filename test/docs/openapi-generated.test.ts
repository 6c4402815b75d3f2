// docs/openapi.yaml is generated (`npm run openapi`) from src/sandbox/openapi/hand-kept.yaml and the
// registries of src/domain; the committed file must be what the generator makes of them now, so a
// field or a lookup kind added without regenerating, or a hand edit of the file, fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_NOTE, openApiText } from '../../src/sandbox/openapi/generate.js';
import { OPENAPI_FILE } from '../helpers/openapi.js';

const HAND_KEPT = new URL('../../src/sandbox/openapi/hand-kept.yaml', import.meta.url);

describe('docs/openapi.yaml', () => {
  const committed = readFileSync(OPENAPI_FILE, 'utf8');
  const made = openApiText(readFileSync(HAND_KEPT, 'utf8'));

  it('is the generated document: run `npm run openapi` after changing its sources', () => {
    expect(committed.startsWith(GENERATED_NOTE)).toBe(true);
    expect(committed === made, 'docs/openapi.yaml differs from what `npm run openapi` makes').toBe(true);
  });

  it('keeps by hand only what is not repetitive: no 405, HEAD, unknown path or lookup list', () => {
    const handKept = readFileSync(HAND_KEPT, 'utf8');
    expect(handKept).not.toMatch(/^ +x-refused:|^ {4}head:|^ {2}\/\S*\{unknownPath\}:|^ {2}\/v1\/industries:/m);
    expect(made.match(/x-refused: method_not_allowed/g)!.length).toBeGreaterThan(50);
  });
});
