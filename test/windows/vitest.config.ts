// The Windows lane (`npm run test:windows`): test/windows/ only, one file at a time, with the
// main configuration's setup (isolated home, temporary directory) and longer limits for wine.
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { buildInfo } from '../../build-info.mjs';

const build = buildInfo();

export default defineConfig({
  define: { __RECRUIT_VERSION__: JSON.stringify(build.version), __RECRUIT_BUILD_LINE__: JSON.stringify(build.line), __RECRUIT_BUILD_DATE__: JSON.stringify(build.date) },
  test: {
    root: fileURLToPath(new URL('../../', import.meta.url)),
    include: ['test/windows/**/*.test.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
    pool: 'forks',
    setupFiles: ['test/helpers/isolate-home.ts'],
  },
});
