// A file URL's `.pathname` is not a path on Windows: `new URL('./dist', import.meta.url).pathname` in
// C:\work\recruit is "/C:/work/recruit/dist", which Node turns into \C:\work\recruit\dist, so the
// build (and an install from git, which builds) failed there. fileURLToPath gives C:\work\recruit\dist.
// This reads every script and source of the repository for a URL made from import.meta.url whose
// `.pathname` is used (the `.pathname` of an http URL is fine).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The lines of `code` that take the `.pathname` of a URL made from import.meta.url, as "line: text". */
export function fileUrlPathnames(code: string): string[] {
  const names = [...code.matchAll(/\b(?:const|let|var)\s+(\w+)\s*=\s*new URL\([^;]*?import\.meta\.url\s*\)/g)].map((m) => m[1]!);
  const uses = [/import\.meta\.url\s*\)\s*\.pathname\b/, /import\.meta\.url\.pathname\b/, ...names.map((n) => new RegExp(`\\b${n}\\.pathname\\b`))];
  return code
    .split('\n')
    .map((text, i) => [i + 1, text] as const)
    .filter(([, text]) => uses.some((use) => use.test(text)))
    .map(([line, text]) => `${line}: ${text.trim()}`);
}

const SKIP = new Set(['node_modules', 'dist', '.git', '.stryker-tmp', 'reports', 'coverage']);

function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIP.has(entry.name) || entry.name.startsWith('dist.staging-') ? [] : scripts(path);
    return /\.(m|c)?[jt]s$/.test(entry.name) ? [relative(ROOT, path).split('\\').join('/')] : [];
  });
}

describe('file URLs turned into paths', () => {
  it('finds the pattern it looks for', () => {
    expect(fileUrlPathnames("const out = new URL('./dist', import.meta.url);\nbuild({ outdir: out.pathname });")).toEqual(['2: build({ outdir: out.pathname });']);
    expect(fileUrlPathnames("const p = new URL('../x', import.meta.url).pathname;")).toHaveLength(1);
    expect(fileUrlPathnames("const out = fileURLToPath(new URL('./dist', import.meta.url));\nconst u = new URL(base);\nu.pathname;")).toEqual([]);
  });

  it('are made with fileURLToPath in every build script, bench, CI script and source', () => {
    const files = scripts(ROOT);
    expect(files).toEqual(expect.arrayContaining(['esbuild.config.mjs', 'bin/recruit.js', 'bench/run.mjs', '.ci/node24.mjs']));
    const self = relative(ROOT, fileURLToPath(import.meta.url)).split('\\').join('/'); // its examples are the pattern
    const found = files.filter((file) => file !== self).flatMap((file) => fileUrlPathnames(readFileSync(join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`));
    expect(found).toEqual([]);
  });
});
