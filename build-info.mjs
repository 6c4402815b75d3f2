// What `recruit --version` says of the build: the commit it was built from and that commit's date
// (reproducible: the same commit gives the same text), read from git when the tree is a checkout.
// A build from a tarball has no git: RECRUIT_BUILD_COMMIT and SOURCE_DATE_EPOCH may say it instead.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

function git(...args) {
  try {
    return execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim() || undefined;
  } catch {
    return undefined;
  }
}

export function buildInfo(env = process.env) {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
  const commit = env.RECRUIT_BUILD_COMMIT || git('rev-parse', '--short=12', 'HEAD') || 'unknown';
  const epoch = env.SOURCE_DATE_EPOCH ? Number(env.SOURCE_DATE_EPOCH) : undefined;
  const date = epoch !== undefined && Number.isFinite(epoch)
    ? new Date(epoch * 1000).toISOString().slice(0, 10)
    : git('log', '-1', '--format=%cs') ?? new Date().toISOString().slice(0, 10);
  return { version, commit, date, line: `recruit ${version} (commit ${commit}, ${date})` };
}
