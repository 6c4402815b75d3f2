// docs/architecture.md is the maintainers' map: every folder under src/ has its place in it, and
// every layer the lint knows (eslint.layers.js) is named there, so the map and the rule cannot
// drift apart from the code.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
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

  it('"Printing": no module of src/jobs/ or src/exactly-once/ prints a multi-job result; the commands do', async () => {
    const business = ['src/jobs/', 'src/exactly-once/'].flatMap((dir) =>
      readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `${dir}${f}`),
    );
    expect(business.length).toBeGreaterThan(20);
    // Any way in, a dynamic import too.
    const printing = business.filter((f) => /\b(printJobResults|printReport)\b/.test(readFileSync(new URL(f, root), 'utf8')));
    expect(printing).toEqual([]);
    expect(map).toMatch(/the command hands them to\s+`terminal\/job-results\.ts`/);
    // And the lint forbids it where it is written (eslint.config.js), for every file of those folders.
    const eslint = new ESLint({ cwd: fileURLToPath(root) });
    for (const file of ['src/jobs/batch/send-phase.ts', 'src/exactly-once/run.ts']) {
      const config = (await eslint.calculateConfigForFile(file)) as { rules: Record<string, unknown> };
      expect(JSON.stringify(config.rules['no-restricted-imports'])).toContain('printJobResults');
    }
  });

  it('"Printing": no module of src/jobs/, src/exactly-once/ or src/wizard/ writes on stdout, and the lint refuses one that does', { timeout: 60_000 }, async () => {
    const features = ['src/jobs/', 'src/exactly-once/', 'src/wizard/'].flatMap((dir) =>
      readdirSync(new URL(dir, root), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith('.ts'))
        .map((f) => `${dir}${f}`),
    );
    expect(features.length).toBeGreaterThan(40);
    // stdout itself, or the writers of terminal/ that write on it (output.ts, job-results.ts).
    const writers = /\bstdout\b|\b(writeJson|writeJsonLines|JsonArrayWriter|printTable|writeJsonItems)\b/;
    expect(features.filter((f) => writers.test(readFileSync(new URL(f, root), 'utf8')))).toEqual([]);
    expect(map).toMatch(/Nothing of `src\/jobs\/`, `src\/exactly-once\/` or `src\/wizard\/` writes on stdout/);
    // The lint (eslint.config.js) on a module that does, without the type-aware rules (not needed here, and slow).
    const eslint = new ESLint({
      cwd: fileURLToPath(root),
      overrideConfig: { languageOptions: { parserOptions: { projectService: false } }, rules: { '@typescript-eslint/no-floating-promises': 'off' } },
    });
    const printing = [
      "import { writeJson } from '../terminal/output.js';",
      "import { printTable } from '../terminal/output.js';",
      'export async function f(ctx: Context): Promise<void> {',
      "  ctx.io.stdout.write('x');",
      '  const { stdout } = ctx.io;',
      "  process['stdout'].write('y');",
      '  await writeJson(ctx, stdout);',
      '}',
    ].join('\n');
    const rules = async (filePath: string) => (await eslint.lintText(printing, { filePath }))[0]!.messages.map((m) => `${m.ruleId}:${m.line}`);
    const refused = ['no-restricted-imports:1', 'no-restricted-imports:2', 'no-restricted-syntax:4', 'no-restricted-syntax:5', 'no-restricted-syntax:6'];
    for (const file of ['src/jobs/batch/run-batch.ts', 'src/exactly-once/run.ts', 'src/wizard/submit-job.ts']) expect(await rules(file)).toEqual(expect.arrayContaining(refused));
    // The commands print: the same module there is not refused.
    expect((await rules('src/commands/jobs/create/print-created.ts')).filter((r) => r.startsWith('no-restricted'))).toEqual([]);
  });
});
