// Where recruit keeps its state (drafts, submissions, journals, the embedded sandbox).
import { homedir } from 'node:os';
import { join } from 'node:path';

export function stateDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.RECRUIT_STATE_DIR) return env.RECRUIT_STATE_DIR;
  if (env.XDG_STATE_HOME) return join(env.XDG_STATE_HOME, 'recruit');
  if (process.platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'recruit', 'state');
  return join(homedir(), '.local', 'state', 'recruit');
}

/** The batch journals, their locks, and the copies of stdin batches. */
export function journalsDir(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateDir(env), 'journals');
}

export function embeddedSandboxStateFile(env: NodeJS.ProcessEnv = process.env): string {
  return join(stateDir(env), 'sandbox', 'state.ndjson');
}
