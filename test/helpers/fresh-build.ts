// Tests that run the built CLI: `npm test` builds first, but a single test file run by hand may
// find a stale or missing build; it is rebuilt so no test ever runs old chunks.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds dist/ when it is missing or older than any file under src/ (esbuild in a child process). @spawns */
export function ensureFreshBuild(): void {
  const main = join(ROOT, 'dist', 'main.js');
  if (!existsSync(main) || statSync(main).mtimeMs < newestSource(join(ROOT, 'src'))) {
    execFileSync(process.execPath, ['esbuild.config.mjs'], { cwd: ROOT, stdio: 'ignore' });
  }
}
