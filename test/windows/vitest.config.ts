// The Windows lane (`npm run test:windows`): test/windows/ only, one file at a time, with the
// main configuration's setup (isolated home, temporary directory, their removal at the end) and
// longer limits for wine.
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
    // The forks pool ends its workers with SIGTERM, which skips the exit handler that removes a
    // worker's home: the run's teardown removes them (as in vitest.config.ts).
    globalSetup: ['test/helpers/global-cleanup.ts'],
  },
});
