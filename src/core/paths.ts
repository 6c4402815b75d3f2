// Where recruit keeps its state (drafts, submissions, journals, the embedded sandbox).
import { homedir } from 'node:os';
import { join } from 'node:path';
import { assertOwnDir } from './trusted-dir.js';

export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RECRUIT_STATE_DIR) return env.RECRUIT_STATE_DIR;
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'recruit');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'recruit', 'state');
  return join(homedir(), '.local', 'state', 'recruit');
}

/**
 * `<state dir>/<name>`, once it is known that only this user can write it and the state directory
 * (trusted-dir.ts): every place that reads state back goes through here.
 */
export function ownStateDir(env: NodeJS.ProcessEnv, name: string): string {
  const root = stateDir(env);
  const dir = join(root, name);
  assertOwnDir(root, 'state');
  assertOwnDir(dir, 'state');
  return dir;
}

/** The batch journals, their locks, and the copies of stdin batches. */
export function journalsDir(env: NodeJS.ProcessEnv = process.env): string {
  return ownStateDir(env, 'journals');
}

export function embeddedSandboxStateFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(ownStateDir(env, 'sandbox'), 'state.ndjson');
}
