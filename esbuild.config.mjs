// Bundles the CLI into dist/ with code splitting: each lazily imported command becomes its own
// chunk, so `recruit --version` parses a few kilobytes and `recruit jobs get` never loads prompts.
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Built beside dist/ and swapped in at the end, so a failed build leaves the last good one.
const staging = new URL(`./dist.staging-${process.pid}`, import.meta.url);
rmSync(staging, { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: staging.pathname,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20.19',
  minifySyntax: true,
  legalComments: 'none',
  chunkNames: 'chunks/[name]-[hash]',
  define: { __RECRUIT_VERSION__: JSON.stringify(pkg.version) },
  // CommonJS dependencies (cli-table3, parts of conf) call require(); give the ESM bundle one.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  logLevel: 'warning',
});

const dist = new URL('./dist', import.meta.url);
const old = new URL(`./dist.staging-${process.pid}-old`, import.meta.url);
try {
  renameSync(dist, old);
} catch {
  // no previous build
}
try {
  renameSync(staging, dist);
} catch {
  // A concurrent build put its dist/ in place first; it is built from the same sources.
  rmSync(staging, { recursive: true, force: true });
}
rmSync(old, { recursive: true, force: true });
