// Writes docs/openapi.yaml from its one description (src/sandbox/openapi/generate.ts): `npm run openapi`.
// The generator is TypeScript: esbuild bundles it into a temporary file that Node runs, then removes.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('../', import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'recruit-openapi-'));
try {
  const outfile = join(dir, 'generate.mjs');
  await build({
    entryPoints: [new URL('src/sandbox/openapi/generate.ts', root).pathname],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile,
    logLevel: 'error',
    banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
  });
  const { openApiText } = await import(pathToFileURL(outfile).href);
  const text = openApiText(readFileSync(new URL('src/sandbox/openapi/hand-kept.yaml', root), 'utf8'));
  writeFileSync(new URL('docs/openapi.yaml', root), text);
  process.stdout.write(`docs/openapi.yaml: ${text.split('\n').length - 1} lines\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
