// The tiers of the suite (docs/testing.md, "Tiers"): `npm test` runs every test file;
// `npm run test:fast` leaves out the spawned ones: files that start processes (the built CLI, a
// shell, a pseudo-terminal, `mount`), which are half the suite's time. A file is spawned when it
// imports node:child_process itself, or imports a helper's export marked `@spawns` in its doc
// comment (`runBin`, `spawnCollect`, `PtySession`, …). So a new test that spawns falls in the slow
// tier by what it imports; test/docs/test-tiers.test.ts fails when a helper starts processes
// without marking what does.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, sep } from 'node:path';

/** A module's text imports node:child_process (statically, dynamically, or by require). */
export const CHILD_PROCESS = /(?:from\s+|import\(\s*|require\(\s*)['"](?:node:)?child_process['"]/;

/** The names a doc comment marked `@spawns` exports: the comment right before `export …`. */
export function markedSpawns(text: string): string[] {
  const names: string[] = [];
  const marked = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*export\s+(?:default\s+)?(?:async\s+)?(?:function\*?|class|const|let)\s+(\w+)/g;
  for (const m of text.matchAll(marked)) if (/(?<![\w`])@spawns\b/.test(m[1]!)) names.push(m[2]!);
  return names;
}

/** Each static import of a relative module: the module (a path relative to the root) and the names taken from it ('*' for a namespace). */
export function relativeImports(root: string, file: string, text: string): { module: string; names: string[] }[] {
  const found: { module: string; names: string[] }[] = [];
  const IMPORT = /(?:^|[;\n])\s*import\s+(type\s+)?([^'";]*?)\s+from\s+'(\.{1,2}\/[^']+)'/g;
  for (const m of text.matchAll(IMPORT)) {
    if (m[1] !== undefined) continue; // types only: nothing runs
    const clause = m[2]!;
    const module = normalize(join(dirname(file), m[3]!.replace(/\.js$/, '.ts'))).split(sep).join('/');
    const names: string[] = [];
    if (/\*\s+as\s+\w+/.test(clause)) names.push('*');
    const braces = /\{([^}]*)\}/.exec(clause);
    for (const part of braces?.[1]?.split(',') ?? []) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0]!.trim();
      if (name !== '' && !/^type\s/.test(part.trim())) names.push(name);
    }
    found.push({ module, names });
  }
  return found;
}

function filesUnder(root: string, dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f.split(sep).join('/')}`);
}

/** Every helper module under test/ (not a test file) and the exports it marks `@spawns`. */
export function spawningHelpers(root: string): Map<string, string[]> {
  const helpers = new Map<string, string[]>();
  for (const file of filesUnder(root, 'test').filter((f) => !f.endsWith('.test.ts'))) {
    const names = markedSpawns(readFileSync(join(root, file), 'utf8'));
    if (names.length > 0) helpers.set(file, names);
  }
  return helpers;
}

/** Whether the module `file` (text `text`) starts processes: child_process itself, or a marked export of a helper. */
export function spawns(root: string, file: string, text: string, helpers: Map<string, string[]>): boolean {
  if (CHILD_PROCESS.test(text)) return true;
  return relativeImports(root, file, text).some(({ module, names }) => {
    const marked = helpers.get(module);
    return marked !== undefined && names.some((n) => n === '*' || marked.includes(n));
  });
}

/** The test files of the spawned tier, relative to `root` (posix separators), sorted. */
export function spawnedTestFiles(root: string): string[] {
  const helpers = spawningHelpers(root);
  return filesUnder(root, 'test')
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => spawns(root, f, readFileSync(join(root, f), 'utf8'), helpers))
    .sort();
}


/**
 * A test file that replaces modules (`vi.mock`, `vi.doMock`) changes them for every later file of
 * its process: such files run in a process of their own. Every other file shares its worker's
 * modules with the files before it (`isolate: false`), which spares each file importing them afresh.
 */
export const MOCKS_MODULES = /\bvi\.(?:mock|doMock|unmock|doUnmock)\s*\(/;

/** The test files that run in a process of their own, relative to `root` (posix separators), sorted. */
export function isolatedTestFiles(root: string): string[] {
  return filesUnder(root, 'test')
    .filter((f) => f.endsWith('.test.ts'))
    .filter((f) => MOCKS_MODULES.test(readFileSync(join(root, f), 'utf8')))
    .sort();
}
