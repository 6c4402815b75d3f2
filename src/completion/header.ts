// The comment at the top of every generated script.
import { CACHE_DIR } from './cache.js';
import { installLines, type Shell } from './shells.js';

export function header(shell: Shell, name: string): string {
  return [
    `# ${shell} completion for ${name}. Generated from the command tree by \`${name} completion ${shell}\``,
    '# (`npm run completions` in the repository); do not edit by hand.',
    '#',
    '# Install:',
    ...installLines(shell).map((line) => `#   ${line}`),
    '#',
    `# Ids and names come from <state dir>/${CACHE_DIR}/*.tsv, written by earlier ${name} commands`,
    `# (lookup, jobs list, jobs get, job options). Completing never runs ${name} and never uses the network.`,
    '',
  ].join('\n');
}
