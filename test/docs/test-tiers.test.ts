// The tiers of the suite (docs/testing.md, "Tiers"): `npm run test:fast` leaves out every test file
// that starts a process, told by what it imports (test/helpers/tiers.ts). This keeps the rule
// whole: a helper that starts processes marks what does, so a new test using it falls in the
// spawned tier by itself; and the fast configuration leaves out exactly that tier.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import fast from '../../vitest.fast.config.js';
import whole from '../../vitest.config.js';
import { CHILD_PROCESS, isolatedTestFiles, markedSpawns, MOCKS_MODULES, relativeImports, spawnedTestFiles, spawningHelpers, spawns } from '../helpers/tiers.js';

interface Project {
  name: string;
  include: string[];
  exclude: string[];
  isolate?: boolean;
}

/** The projects of a configuration of the suite (vitest.config.ts, `suite`). */
function projectsOf(config: typeof fast): Project[] {
  return (config.test?.projects ?? []).map((p) => {
    const test = (p as { test: Partial<Project> }).test;
    return { name: test.name!, include: test.include ?? [], exclude: test.exclude ?? [], ...(test.isolate !== undefined ? { isolate: test.isolate } : {}) };
  });
}

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
    const tier = spawnedTestFiles(root);
    expect(tier.length).toBeGreaterThan(30);
    const projects = projectsOf(fast);
    expect(projects.map((p) => p.name)).toEqual(['shared', 'own process']);
    for (const project of projects) {
      for (const file of tier) expect(project.exclude, `${project.name}: ${file}`).toContain(file);
      expect(project.exclude).toContain('test/windows/**');
    }
    expect(projectsOf(whole).every((p) => tier.every((f) => !p.exclude.includes(f)))).toBe(true);
    expect(JSON.parse(read('package.json')).scripts['test:fast']).toBe('vitest run --config vitest.fast.config.ts');
  });

  it('a file that mocks a module runs in a process of its own; every other file shares its worker', () => {
    const isolated = isolatedTestFiles(root);
    expect(isolated).toEqual(expect.arrayContaining(['test/domain/job-field-added.test.ts', 'test/sandbox/api-description-added.test.ts']));
    const [shared, own] = projectsOf(whole);
    expect(shared).toMatchObject({ name: 'shared', isolate: false, include: ['test/**/*.test.ts'] });
    for (const file of isolated) expect(shared!.exclude, file).toContain(file);
    expect(own).toMatchObject({ name: 'own process', include: isolated });
    expect(own!.isolate).not.toBe(false);
    // Spelt in pieces: this file mocks nothing.
    const mock = 'vi.' + 'mock';
    expect(MOCKS_MODULES.test(`${mock}('../../src/domain/job-fields.js', async (original) => ({}));`)).toBe(true);
    expect(MOCKS_MODULES.test(`vi.do${'Mock'}('x')`)).toBe(true);
    expect(MOCKS_MODULES.test('vi.fn(); vi.spyOn(console, "log"); // a mock of a function')).toBe(false);
  });
});
