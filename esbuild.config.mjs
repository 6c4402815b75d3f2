// Bundles the CLI into dist/ with code splitting: each lazily imported command becomes its own
// chunk, so `recruit --version` parses a few kilobytes and `recruit jobs get` never loads prompts.
import { build } from 'esbuild';
import { readFileSync, renameSync, rmSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
// Built beside dist/ and swapped in at the end, so a failed build leaves the last good one.
const staging = new URL('./dist.staging', import.meta.url);
rmSync(staging, { recursive: true, force: true });

await build({
  entryPoints: { main: 'src/main.ts' },
  outdir: 'dist.staging',
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

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
renameSync(staging, new URL('./dist', import.meta.url));
