import { configDefaults, defineConfig } from 'vitest/config';
import { buildInfo } from './build-info.mjs';

const build = buildInfo();

export default defineConfig({
  define: { __RECRUIT_VERSION__: JSON.stringify(build.version), __RECRUIT_BUILD_LINE__: JSON.stringify(build.line), __RECRUIT_BUILD_DATE__: JSON.stringify(build.date) },
  test: {
    include: ['test/**/*.test.ts'],
    // Stryker's sandboxes (copies of the project, test files included) and its reports; the
    // Windows lane, which runs under wine (`npm run test:windows`, test/windows/vitest.config.ts).
    exclude: [...configDefaults.exclude, '.stryker-tmp/**', 'reports/**', 'test/windows/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine, which ran the
    // files one after another. Most of a file's time is waiting (sockets, child processes, timers),
    // so three workers share two cores well (docs/testing.md, "Its time").
    maxWorkers: 3,
    setupFiles: ['test/helpers/isolate-home.ts'],
  },
});
