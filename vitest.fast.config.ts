// `npm run test:fast`: the suite without its spawned tier (docs/testing.md, "Tiers"): every test
// file that starts a process (the built CLI, a shell, a pseudo-terminal, `mount`) is left out, as
// test/helpers/tiers.ts tells them by what they import. `npm test` still runs every file.
import { fileURLToPath } from 'node:url';
import { suite } from './vitest.config.js';
import { spawnedTestFiles } from './test/helpers/tiers.js';

const root = fileURLToPath(new URL('.', import.meta.url));

export default suite(spawnedTestFiles(root));
