// The Windows lane (`npm run test:windows`): test/windows/ only, one file at a time, with the
// main configuration's setup (isolated home, temporary directory) and longer limits for wine.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __RECRUIT_VERSION__: JSON.stringify(pkg.version) },
  test: {
    root: new URL('../../', import.meta.url).pathname,
    include: ['test/windows/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    setupFiles: ['test/helpers/isolate-home.ts'],
  },
});
