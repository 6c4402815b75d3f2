// Vitest's global setup: once the run's workers are gone, the homes they could not remove are
// removed, so that a run leaves nothing in the temporary directory. The pool ends its workers with
// SIGTERM, which skips their exit handlers, and only after the global teardown: so the removal
// waits for this process's own exit.
import { tmpdir } from 'node:os';
import { removeDeadHomes } from './test-homes.js';

export default function setup(): () => void {
  const root = tmpdir();
  return () => {
    process.once('exit', () => removeDeadHomes(root));
  };
}
