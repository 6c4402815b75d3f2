import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './eslint.layers.js';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'completions/', '.stryker-tmp/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['error'] }],
    },
  },
  {
    // A promise left unawaited in the CLI is output written out of order or an error lost.
    files: ['src/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    // The layers of docs/architecture.md: no module imports a layer above it, and no import cycle.
    files: ['src/**/*.ts'],
    plugins: { recruit: layersPlugin },
    rules: { 'recruit/layers': 'error', 'recruit/no-cycle': 'error' },
  },
  {
    // Business logic returns results; the commands print them (docs/architecture.md, "Printing"):
    // no module of the features or of exactly-once writes on stdout, nor imports what does.
    files: ['src/jobs/**/*.ts', 'src/exactly-once/**/*.ts', 'src/wizard/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/terminal/job-results.js'],
              importNames: ['printJobResults', 'printReport', 'writeJsonItems'],
              message: 'return the results (jobs/run-results.ts) for the command to print (commands/jobs/print-run.ts)',
            },
            {
              group: ['**/terminal/output.js'],
              importNames: ['writeJson', 'writeJsonLines', 'JsonArrayWriter', 'printTable'],
              message: 'return the value for the command to print on stdout',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='stdout'], MemberExpression[property.value='stdout'], Property[key.name='stdout']",
          message: 'stdout is for results, which the command prints: return the value (notes go to ctx.info, ctx.warn on stderr)',
        },
      ],
    },
  },
  {
    // CommonJS: the executable (bin/package.json, docs/performance.md) and .cjs files.
    files: ['bin/**', '**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', module: 'writable', __dirname: 'readonly' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['bench/**', 'test/**', '*.config.*', '*.mjs'],
    rules: { 'no-console': 'off' },
  },
);
