import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  define: { __RECRUIT_VERSION__: JSON.stringify(pkg.version) },
  test: {
    include: ['test/**/*.test.ts'],
    // Stryker's sandboxes (copies of the project, test files included) and its reports; the
    // Windows lane, which runs under wine (`npm run test:windows`, test/windows/vitest.config.ts).
    exclude: [...configDefaults.exclude, '.stryker-tmp/**', 'reports/**', 'test/windows/**'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    setupFiles: ['test/helpers/isolate-home.ts'],
  },
});
