import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { buildInfo } from './build-info.mjs';
import { isolatedTestFiles } from './test/helpers/tiers.js';

const build = buildInfo();
const root = fileURLToPath(new URL('.', import.meta.url));

/** What every configuration of the suite shares (the mutation runs' too, vitest.mutation.config.ts). */
export const common = defineConfig({
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
    globalSetup: ['test/helpers/global-cleanup.ts'],
  },
});

/**
 * The suite without the files `leftOut`, in two projects (docs/testing.md, "Shared workers"): the
 * files of a worker share the modules they import (`isolate: false`), which spares each file
 * importing them afresh, most of the time of a small file; the files that replace modules
 * (`vi.mock`) run in a process each, as such a mock would change the module for every later file.
 */
export function suite(leftOut: readonly string[] = []) {
  const isolated = isolatedTestFiles(root);
  const exclude = [...(common.test?.exclude ?? []), ...leftOut];
  const projects: TestProjectInlineConfiguration[] = [
    { extends: true, test: { name: 'shared', include: ['test/**/*.test.ts'], isolate: false, exclude: [...exclude, ...isolated] } },
    { extends: true, test: { name: 'own process', include: isolated, exclude } },
  ];
  return defineConfig({ ...common, test: { ...common.test, include: [], projects } });
}

export default suite();
