// The tiers of the suite (docs/testing.md, "Tiers"): `npm run test:fast` leaves out every test file
// that starts a process, told by what it imports (test/helpers/tiers.ts). This keeps the rule
// whole: a helper that starts processes marks what does, so a new test using it falls in the
// spawned tier by itself; and the fast configuration leaves out exactly that tier.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fast from '../../vitest.fast.config.js';
import { CHILD_PROCESS, markedSpawns, relativeImports, spawnedTestFiles, spawningHelpers, spawns } from '../helpers/tiers.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(`${root}${file}`, 'utf8');
const helperModules = readdirSync(`${root}test`, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
  .map((f) => `test/${f.split('\\').join('/')}`);

describe('the tiers of the suite', () => {
  const helpers = spawningHelpers(root);

  it('every helper that starts a process, itself or through another helper, marks an export @spawns', () => {
    expect(helperModules.length).toBeGreaterThan(20);
    const unmarked = helperModules.filter((f) => spawns(root, f, read(f), helpers) && !helpers.has(f));
    expect(unmarked).toEqual([]);
    for (const file of ['test/helpers/spawn.ts', 'test/helpers/cli.ts', 'test/helpers/pty.ts', 'test/completion/shells.ts']) expect(helpers.has(file), file).toBe(true);
    expect(helpers.get('test/helpers/cli.ts')).toEqual(['BIN', 'runBin']);
  });

  it('a test file is spawned when it imports child_process or a marked export; a type or an in-process helper is not', () => {
    const file = 'test/cli/example.test.ts';
    const spawned = (text: string) => spawns(root, file, text, helpers);
    expect(spawned("import { runBin, runCli } from '../helpers/cli.js';")).toBe(true);
    expect(spawned("import { runCli as run, BIN } from '../helpers/cli.js';")).toBe(true);
    expect(spawned("import * as cli from '../helpers/cli.js';")).toBe(true);
    // Spelt in two pieces: this file itself starts nothing.
    const cp = 'child' + '_process';
    expect(spawned(`import { spawnSync } from 'node:${cp}';`)).toBe(true);
    expect(spawned(`const { spawn } = await import('${cp}');`)).toBe(true);
    expect(spawned("import { runCli, type BinOptions } from '../helpers/cli.js';")).toBe(false);
    expect(spawned("import type { CliResult } from '../helpers/cli.js';")).toBe(false);
    expect(spawned("import { runCli } from '../helpers/cli.js';\nimport { useSandbox } from '../helpers/sandbox.js';")).toBe(false);
    expect(relativeImports(root, file, "import { a, type B, c as d } from './x.js';")).toEqual([{ module: 'test/cli/x.ts', names: ['a', 'c'] }]);
    expect(CHILD_PROCESS.test("import { execFileSync } from 'node:fs';")).toBe(false);
  });

  it('a mark is a doc comment right before an export, not the word in prose', () => {
    expect(markedSpawns('/** Runs it. @spawns */\nexport async function go() {}\n/** Reads `@spawns`. */\nexport function read() {}')).toEqual(['go']);
    expect(markedSpawns('/**\n * Many lines.\n * @spawns\n */\nexport class Session {}')).toEqual(['Session']);
  });

  it('the spawned tier holds the packaging, shell, pty and crash tests and none of the unit tests', () => {
    const tier = spawnedTestFiles(root);
    for (const file of ['test/packaging/tarball.test.ts', 'test/completion/tab.test.ts', 'test/wizard/wizard-pty.test.ts', 'test/batch/crash.test.ts', 'test/docs/readme.test.ts']) {
      expect(tier, file).toContain(file);
    }
    for (const file of ['test/config/config.test.ts', 'test/cli/command-options.test.ts', 'test/exactly-once/lock-heartbeat.test.ts', 'test/docs/test-tiers.test.ts']) {
      expect(tier, file).not.toContain(file);
    }
  });

  it('`npm run test:fast` (vitest.fast.config.ts) leaves out exactly the spawned tier, beside what the whole suite leaves out', () => {
    const exclude = fast.test?.exclude ?? [];
    const tier = spawnedTestFiles(root);
    expect(tier.length).toBeGreaterThan(30);
    for (const file of tier) expect(exclude, file).toContain(file);
    expect(exclude).toContain('test/windows/**');
    expect(JSON.parse(read('package.json')).scripts['test:fast']).toBe('vitest run --config vitest.fast.config.ts');
  });
});
