// The cycle rule (eslint.layers.js, recruit/no-cycle) names a cycle in import order: the module
// being linted, the one it imports, each module the one before imports, and the first again; a
// sorted list of the cycle's members told a maintainer which files, not which import to cut.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { cycleThrough, cyclesOf, importGraph, layersPlugin } from '../../eslint.layers.js';

const root = mkdtempSync(join(tmpdir(), 'recruit-cycle-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** src/core: zeta -> alpha -> mid -> zeta (sorted, the names would read alpha, mid, zeta), and a leaf outside it. */
mkdirSync(join(root, 'src/core'), { recursive: true });
const files: Record<string, string> = {
  'src/core/zeta.ts': "import { a } from './alpha.js';\nexport const z = a;\n",
  'src/core/alpha.ts': "import { leaf } from './leaf.js';\nimport type { M } from './mid.js';\nexport const a: M = leaf;\n",
  'src/core/mid.ts': "import { z } from './zeta.js';\nexport type M = number;\nexport const m = z;\n",
  'src/core/leaf.ts': 'export const leaf = 1;\n',
};
for (const [file, text] of Object.entries(files)) writeFileSync(join(root, file), text);

describe('the import cycle lint', () => {
  it('finds the cycle and gives it in import order from the importing module', () => {
    const graph = importGraph(root);
    expect(graph.get('src/core/alpha.ts')).toEqual(['src/core/leaf.ts', 'src/core/mid.ts']);
    expect(cyclesOf(root, graph).get('src/core/leaf.ts')).toBeUndefined();
    expect(cyclesOf(root, graph).get('src/core/zeta.ts')?.length).toBe(3);
    expect(cycleThrough(graph, 'src/core/zeta.ts', 'src/core/alpha.ts')).toEqual(['src/core/zeta.ts', 'src/core/alpha.ts', 'src/core/mid.ts', 'src/core/zeta.ts']);
    expect(cycleThrough(graph, 'src/core/mid.ts', 'src/core/zeta.ts')).toEqual(['src/core/mid.ts', 'src/core/zeta.ts', 'src/core/alpha.ts', 'src/core/mid.ts']);
    expect(cycleThrough(graph, 'src/core/alpha.ts', 'src/core/leaf.ts')).toBeUndefined();
  });

  it('reports each import that closes the cycle with that order, and nothing for the import outside it', async () => {
    const eslint = new ESLint({
      cwd: root,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { recruit: layersPlugin as never }, rules: { 'recruit/no-cycle': 'error' } }],
    });
    const results = await eslint.lintFiles(['src/**/*.ts']);
    const messages = Object.fromEntries(results.map((r) => [r.filePath.slice(root.length + 1).split('\\').join('/'), r.messages.map((m) => `${m.line}: ${m.message}`)]));
    expect(messages).toEqual({
      'src/core/alpha.ts': ['2: import cycle: src/core/alpha.ts -> src/core/mid.ts -> src/core/zeta.ts -> src/core/alpha.ts'],
      'src/core/leaf.ts': [],
      'src/core/mid.ts': ['1: import cycle: src/core/mid.ts -> src/core/zeta.ts -> src/core/alpha.ts -> src/core/mid.ts'],
      'src/core/zeta.ts': ['1: import cycle: src/core/zeta.ts -> src/core/alpha.ts -> src/core/mid.ts -> src/core/zeta.ts'],
    });
  });
});
