// docs/architecture.md is the maintainers' map: every folder under src/ has its place in it, and
// every layer the lint knows (eslint.layers.js) is named there, so the map and the rule cannot
// drift apart from the code.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LAYERS } from '../../eslint.layers.js';

const root = new URL('../../', import.meta.url);
const map = readFileSync(new URL('docs/architecture.md', root), 'utf8');
const folders = readdirSync(new URL('src/', root), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => `src/${e.name}/`);

describe('docs/architecture.md', () => {
  it('names every folder under src/', () => {
    expect(folders.length).toBeGreaterThan(5);
    expect(folders.filter((f) => !map.includes(`\`${f}\``))).toEqual([]);
  });

  it('names every layer of the lint rule, and the rule places every folder under src/ in one', () => {
    expect(LAYERS.filter((layer) => !map.includes(`| ${layer.name} |`)).map((l) => l.name)).toEqual([]);
    const placed = LAYERS.flatMap((layer) => layer.folders.map((f) => `${f}/`));
    expect(folders.filter((f) => !placed.includes(f))).toEqual([]);
  });
});
